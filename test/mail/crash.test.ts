// Crash safety: 200 emails arrive while the process running the intake and processMail is
// SIGKILLed at random moments and started again. Afterwards every email has been processed
// exactly once: one result, one confirmation recorded, one confirmation delivered.
import { spawn, type ChildProcess } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startOutboxSender } from '../../src/mail/outbox-sender.ts';
import { mailKeys } from '../../src/store/keys.ts';
import { openGame } from '../../src/game/open-game.ts';
import { GameStore } from '../../src/store/game-store.ts';
import { Outbox } from '../../src/store/outbox.ts';
import { connectRedis } from '../../src/store/redis.ts';
import { requireServices } from '../support/services.ts';
import { dropGame, gameFiles } from './support/mail-game.ts';
import { countMail, purgeMail, sendMail, waitForMail } from './support/mailbox.ts';

const EMAILS = 200;
const CHILD = fileURLToPath(new URL('./support/crash-child.ts', import.meta.url));
const gameId = `crash-${randomUUID().slice(0, 8)}`;
let store: GameStore;
/** The sending of the 200 emails, awaited before cleaning up even when the test fails early. */
let sent: Promise<void> = Promise.resolve();

beforeAll(async () => {
  await requireServices(['redis', 'imap', 'smtp']);
  store = new GameStore(connectRedis(process.env.REDIS_URL ?? 'redis://127.0.0.1:16379'));
  const files = gameFiles('claims', { 'mail.rateLimit': { count: 10_000, per: '1h' } });
  const { game } = openGame(gameId, files);
  await store.createGame(gameId, { files, state: game!.state });
});

afterAll(async () => {
  await sent.catch(() => undefined);
  // A failed run must not leave its mail for later runs to wade through.
  await purgeMail('game@adjutant.test', 'INBOX', { subject: `[${gameId}]` });
  await purgeMail('game@adjutant.test', 'Processed', { subject: `[${gameId}]` });
  for (const player of ['player1', 'player2']) await purgeMail(`${player}@adjutant.test`, 'INBOX', { subject: `[${gameId}]` });
  await dropGame(store, gameId);
  store.redis.disconnect();
});

/** Starts the intake process and resolves once it is connected and taking mail. */
async function startChild(): Promise<ChildProcess> {
  const child = spawn(process.execPath, ['--import', 'tsx', CHILD], { env: { ...process.env, CRASH_GAME: gameId }, stdio: ['ignore', 'pipe', 'inherit'] });
  await new Promise<void>((resolve, reject) => {
    child.stdout!.on('data', (chunk: Buffer) => {
      if (chunk.toString().includes('ready')) resolve();
    });
    child.once('exit', (code) => reject(new Error(`the intake process exited (${code}) before it was ready`)));
  });
  return child;
}

const processed = () => store.redis.hlen(mailKeys(gameId).results);
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe('crash safety', () => {
  it('processes each of 200 emails exactly once while the intake is killed at random points', { timeout: 90_000 }, async () => {
    let sending = true;
    sent = (async () => {
      for (let i = 0; i < EMAILS; i += 10) {
        await Promise.all(
          Array.from({ length: 10 }, (_, j) => {
            const n = i + j;
            const [player, secret] = n % 2 ? ['player2', 'azure-otter'] : ['player1', 'ruby-falcon'];
            return sendMail({ from: `${player}@adjutant.test`, to: 'game@adjutant.test', subject: `[${gameId}] orders ${n}`, text: `${secret}\nclaim ${['nor', 'mid', 'sou', 'bay'][n % 4]}`, messageId: `<${gameId}-${n}@example.com>` });
          }),
        );
      }
      sending = false;
    })();

    // Kill points are tied to progress (a random count in each fifth of the run, then a random
    // delay), so the number of kills does not depend on how fast this machine happens to be.
    const killAt = Array.from({ length: 5 }, (_, i) => 15 + i * 30 + Math.floor(Math.random() * 20));
    let kills = 0;
    let child = await startChild();
    while (sending || (await processed()) < EMAILS) {
      await sleep(50);
      const done = await processed();
      if (done >= EMAILS) break;
      if (kills >= killAt.length || done < killAt[kills]) continue;
      await sleep(Math.random() * 300);
      child.kill('SIGKILL');
      await new Promise((r) => child.once('exit', r));
      kills++;
      child = await startChild();
    }
    await sent;
    // The last run moves what its killed predecessors processed but did not move.
    await expect.poll(() => countMail('game@adjutant.test', 'INBOX', { subject: `[${gameId}]` }), { timeout: 20_000 }).toBe(0);
    child.kill('SIGTERM');
    await new Promise((r) => child.once('exit', r));
    expect(kills).toBe(killAt.length);

    const results = await store.redis.hvals(mailKeys(gameId).results);
    expect(results).toHaveLength(EMAILS);
    expect(results.map((r) => JSON.parse(r).outcome).filter((o) => o !== 'orders')).toEqual([]);
    expect((await store.allMail(gameId)).size).toBe(EMAILS);
    expect(await countMail('game@adjutant.test', 'Processed', { subject: `[${gameId}]` })).toBe(EMAILS);

    const redis = store.redis;
    const outbox = new Outbox(redis, { domain: 'adjutant.test', now: () => new Date() });
    const confirmations = (await redis.hkeys(`adjutant:{${gameId}}:outbox`)).filter((k) => k.startsWith('reply:'));
    expect(confirmations.sort()).toEqual(Object.keys(await redis.hgetall(mailKeys(gameId).results)).map((id) => `reply:${id}`).sort());
    const sender = startOutboxSender({ outbox, redis, smtp: { host: '127.0.0.1', port: Number(process.env.ADJUTANT_SMTP_PORT ?? 10025) }, logger: pino({ level: 'silent' }), now: () => new Date(), parallel: 8, pollMs: 50, serves: (id) => id === gameId });
    try {
      for (const player of ['player1', 'player2']) {
        const got = await waitForMail(`${player}@adjutant.test`, { subject: `[${gameId}] Re: orders` }, { count: EMAILS / 2, timeoutMs: 30_000 });
        expect(got).toHaveLength(EMAILS / 2);
        expect(new Set(got.map((m) => m.inReplyTo)).size).toBe(EMAILS / 2);
      }
    } finally {
      await sender.stop();
    }
  });
});
