// Nothing dropped silently (defect 2), through the real path: a long email of random words is read
// within its lease and answered; an email that cannot be processed on any try becomes a dead letter
// the GM is told about, which `adjutant dead-letter list` shows and `retry` processes once fixed.
import { execFile } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openGame } from '../../src/game/open-game.ts';
import { GameStore } from '../../src/store/game-store.ts';
import { connectRedis } from '../../src/store/redis.ts';
import { requireServices, serviceEndpoints } from '../support/services.ts';
import { mailGame, PerGameControl, purgeGameMail, storeClaimsGame } from './support/attack-game.ts';
import { claimsParser } from './support/claims-parser.ts';
import { dropGame } from './support/mail-game.ts';
import { startMailLoop, type MailLoop } from './support/mail-loop.ts';
import { waitForMail } from './support/mailbox.ts';

const ROOT = path.join(import.meta.dirname, '../..');
const FIXTURE = new URL('./fixtures/board-nes/', import.meta.url);
let store: GameStore;
const loops: MailLoop[] = [];
const games: string[] = [];

beforeAll(async () => {
  await requireServices(['redis', 'imap', 'smtp']);
  store = new GameStore(connectRedis(process.env.REDIS_URL ?? 'redis://127.0.0.1:16379'));
});

afterAll(async () => {
  for (const loop of loops) await loop.stop();
  await purgeGameMail(games);
  for (const id of games) await dropGame(store, id);
  store?.redis.disconnect();
});

async function adjutant(prefix: string, ...args: string[]): Promise<string> {
  const { stdout } = await promisify(execFile)(process.execPath, [path.join(ROOT, 'bin/adjutant.js'), ...args], {
    cwd: ROOT,
    env: { ...process.env, REDIS_URL: serviceEndpoints().redisUrl, ADJUTANT_QUEUE_PREFIX: prefix },
  });
  return stdout;
}

describe('nothing dropped silently', () => {
  it('2b: reads 64 KB of random words with the real parser inside the lease, and answers', { timeout: 90_000 }, async () => {
    const id = `long-${randomUUID().slice(0, 8)}`;
    const files = { 'game.yaml': readFileSync(new URL('game.yaml', FIXTURE), 'utf8'), 'map.yaml': readFileSync(new URL('map.yaml', FIXTURE), 'utf8') };
    const { game } = openGame(id, files);
    await store.createGame(id, { files, state: game!.state });
    games.push(id);
    const loop = await startMailLoop({ games: [{ id }], control: new PerGameControl(new Date('2031-01-01T20:00:00Z')), queue: 'bullmq' });
    loops.push(loop);
    const words = ['army', 'buy', 'lon', 'the', 'fleet', 'move', 'to', 'support', 'hold', 'yor', 'edi', 'blue', 'attack', 'with', 'wal', 'convoy'];
    let text = 'ruby-falcon\nBuy army in lon\n';
    for (let i = 0; text.length < 64 * 1024; i++) text += `${words[Math.floor(Math.random() * words.length)]}${i % 9 === 8 ? '\n' : ' '}`;
    await mailGame(id, 'player1@adjutant.test', 'long orders', text);
    const [confirmation] = await waitForMail('player1@adjutant.test', { subject: `[${id}] Re: long orders` }, { timeoutMs: 60_000 });
    expect(confirmation.text).toContain('only its first 16 KB were read');
    expect(confirmation.text).toContain('You buy 1 army in London.');
  });

  it('2: makes an email that fails on every try a dead letter, tells the GM, lists it, and processes it on retry', { timeout: 90_000 }, async () => {
    const id = await storeClaimsGame(store, 'dead');
    games.push(id);
    const loop = await startMailLoop({
      games: [{ id }],
      control: new PerGameControl(new Date('2031-01-01T20:00:00Z')),
      queue: 'bullmq',
      parse: claimsParser,
      retries: { attempts: 2, delayMs: 100 },
    });
    loops.push(loop);
    // A game.yaml broken after the game was stored: every try to process its mail fails.
    const good = (await store.files(id))['game.yaml'];
    await store.putFiles(id, { 'game.yaml': good.replace('ruleset: fixture-claims', 'ruleset: no-such-ruleset') });
    await mailGame(id, 'player1@adjutant.test', 'orders in limbo', 'ruby-falcon\nclaim mid');
    const [alert] = await waitForMail('gm@adjutant.test', { subject: `[${id}] An email could not be processed` }, { timeoutMs: 30_000 });
    expect(alert.text).toContain('from player1@adjutant.test');
    const messageId = /mail id ([0-9a-f]{64})/.exec(alert.text!)![1];
    expect(alert.text).toContain(`adjutant dead-letter retry ${id} ${messageId}`);

    const listed = await adjutant(loop.prefix, 'dead-letter', 'list', id);
    expect(listed).toContain(`${id}  email  ${messageId}`);
    expect(listed).toContain('no-such-ruleset');

    await store.putFiles(id, { 'game.yaml': good });
    expect(await adjutant(loop.prefix, 'dead-letter', 'retry', id, messageId)).toContain('is queued again');
    const [confirmation] = await waitForMail('player1@adjutant.test', { subject: `[${id}] Re: orders in limbo` }, { timeoutMs: 30_000 });
    expect(confirmation.text).toContain('claim mid');
    expect(await adjutant(loop.prefix, 'dead-letter', 'list', id)).toContain('has no dead letters');
  });
});
