// A CNES turn by email: the starter game, with real players' addresses, reads orders from real
// emails through the ruleset's own grammar, confirms them, and adjudicates the turn from the orders
// in force. Real SMTP relay, Dovecot, Redis and BullMQ.
import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseDocument } from 'yaml';
import { openGame } from '../../../src/game/open-game.ts';
import { GameStore } from '../../../src/store/game-store.ts';
import { connectRedis } from '../../../src/store/redis.ts';
import { runStep } from '../../../src/turns/run-step.ts';
import type { CnesState } from '../../../src/rulesets/cnes/state.ts';
import { MemoryControl } from '../../mail/support/fake-control.ts';
import { dropGame } from '../../mail/support/mail-game.ts';
import { startMailLoop, type MailLoop } from '../../mail/support/mail-loop.ts';
import { purgeMail, sendMail, waitForMail } from '../../mail/support/mailbox.ts';
import { requireServices } from '../../support/services.ts';
import { STARTER } from './support.ts';

const gameId = `cnes-${randomUUID().slice(0, 8)}`;
const subject = `CNES ${randomUUID().slice(0, 6)}`;
let loop: MailLoop;
let store: GameStore;

/** The starter game with test players: red is player1, blue player2, green player3. */
function starterFiles(): Record<string, string> {
  const doc = parseDocument(readFileSync(path.join(STARTER, 'game.yaml'), 'utf8'));
  doc.setIn(['gm', 'email'], 'gm@adjutant.test');
  doc.setIn(['schedule'], doc.createNode({ every: '3d', start: '2026-12-01T20:00:00Z' }));
  ['red', 'blue', 'green'].forEach((n, i) => doc.setIn(['nations', n, 'player', 'email'], `player${i + 1}@adjutant.test`));
  return { 'game.yaml': doc.toString(), 'map.yaml': readFileSync(path.join(STARTER, 'map.yaml'), 'utf8'), 'cards.yaml': readFileSync(path.join(STARTER, 'cards.yaml'), 'utf8') };
}

beforeAll(async () => {
  await requireServices(['redis', 'imap', 'smtp']);
  const files = starterFiles();
  const { game, problems } = openGame(gameId, files);
  if (!game) throw new Error(problems.map((p) => p.message).join('; '));
  store = new GameStore(connectRedis(process.env.REDIS_URL ?? 'redis://127.0.0.1:16379'));
  await store.createGame(gameId, { files, state: game.state });
  loop = await startMailLoop({ games: [{ id: gameId, mailbox: 'game@adjutant.test' }], control: new MemoryControl(new Date('2031-03-07T20:00:00Z')), queue: 'bullmq' });
  for (let i = 0; i < 100 && !loop.intake.stats().connected; i++) await new Promise((r) => setTimeout(r, 50));
});

afterAll(async () => {
  await loop?.stop();
  for (const folder of ['INBOX', 'Processed']) await purgeMail('game@adjutant.test', folder, { subject });
  await purgeMail('player1@adjutant.test', 'INBOX', { subject: `[${gameId}]` });
  if (store) {
    await dropGame(store, gameId);
    store.redis.disconnect();
  }
});

describe('a CNES game by email', () => {
  it('reads, confirms and adjudicates orders written in the players\' own words', async () => {
    const text = 'Hello GM,\n\nSECRET: change-me-red\nUrbanize Red Hills\nbuy 2 infantry in Redhaven\nMove tank from Redwood to Midmarch\nfortify the infantry in Redhaven\n\nThanks!\nRed';
    await sendMail({ from: 'player1@adjutant.test', to: 'game@adjutant.test', subject, text });
    const [confirmation] = await waitForMail('player1@adjutant.test', { subject: `Re: ${subject}` });
    expect(confirmation.text).toContain('You build urbanization in Red Hills.');
    expect(confirmation.text).toContain('Your tank in Redwood: move to Midmarch.');
    expect((await store.ordersInForce(gameId)).red.orders).toEqual([
      { kind: 'improve', improvement: 'urban', province: 'rhl' },
      { kind: 'buy', unitKind: 'infantry', province: 'rha', count: 2 },
      { kind: 'move', province: 'rwd', unitKind: 'tank', target: 'mid' },
      { kind: 'fortify', province: 'rha', unitKind: 'infantry' },
    ]);

    await runStep(store, gameId, { seed: 'cnes by mail', now: () => new Date('2031-03-07T20:00:00Z') });
    const state = (await store.state(gameId)) as CnesState;
    expect(state.turn).toBe(2);
    expect(state.provinces.rhl.urban).toBe(true);
    expect(state.provinces.mid.owner).toBe('red');
    expect(state.units.filter((u) => u.nation === 'red' && u.type === 'infantry' && u.province === 'rha')).toHaveLength(4);
    // $20 - 10 - 4, then Redhaven 7, Redwood 2 (forest: temperate), Red Hills 1 + 3 urbanized; Midmarch taken this turn: 0.
    expect(state.nations.red.gold).toBe(20 - 10 - 4 + 7 + 2 + 4);
  });
});
