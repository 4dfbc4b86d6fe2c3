// A CNES turn by email: the starter game, with real players' addresses, reads orders from real
// emails through the ruleset's own grammar, confirms them, and adjudicates the turn from the orders
// in force. Real SMTP relay, Dovecot, Redis and BullMQ.
import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseDocument } from 'yaml';
import { GameStore } from '../../../src/store/game-store.ts';
import { runStep } from '../../../src/turns/run-step.ts';
import type { CnesState } from '../../../src/rulesets/cnes/state.ts';
import { gameByMail, type GameByMail } from '../../mail/support/game-by-mail.ts';
import { sendMail, waitForMail } from '../../mail/support/mailbox.ts';
import { requireServices } from '../../support/services.ts';
import { STARTER } from './support.ts';

const gameId = `cnes-${randomUUID().slice(0, 8)}`;
const subject = `CNES ${randomUUID().slice(0, 6)}`;
let game: GameByMail;
let store: GameStore;

/** The starter game with test players: red is player1, blue player2, green player3. */
function starterFiles(): Record<string, string> {
  const doc = parseDocument(readFileSync(path.join(STARTER, 'game.yaml'), 'utf8'));
  doc.setIn(['gm', 'email'], 'gm@adjutant.test');
  doc.setIn(['schedule'], doc.createNode({ every: '3d', start: '2026-12-01T20:00:00Z' }));
  ['red', 'blue', 'green'].forEach((n, i) => doc.setIn(['nations', n, 'player', 'email'], `player${i + 1}@adjutant.test`));
  return {
    'game.yaml': doc.toString(),
    'map.yaml': readFileSync(path.join(STARTER, 'map.yaml'), 'utf8'),
    'cards.yaml': readFileSync(path.join(STARTER, 'cards.yaml'), 'utf8'),
  };
}

beforeAll(async () => {
  await requireServices(['redis', 'imap', 'smtp']);
  game = await gameByMail(gameId, starterFiles(), { subject, players: ['player1'] });
  store = game.store;
});

afterAll(() => game?.stop());

describe('a CNES game by email', () => {
  it("reads, confirms and adjudicates orders written in the players' own words", async () => {
    const text =
      'Hello GM,\n\nSECRET: change-me-red\nUrbanize Red Hills\nbuy 2 infantry in Redhaven\nMove tank from Redwood to Midmarch\nfortify the infantry in Redhaven\n\nThanks!\nRed';
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
