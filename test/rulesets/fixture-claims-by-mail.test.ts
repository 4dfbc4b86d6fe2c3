// The ruleset seam, proved with the smallest ruleset there is (test/support/fixture-claims, the
// worked example of docs/rulesets.md): registered by this test and nowhere in src/, its orders are
// read from a real email by the project's own parser through its grammar.ne, confirmed, and a turn
// of it is adjudicated from the orders in force. Real SMTP relay, Dovecot, Redis and BullMQ.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GameStore } from '../../src/store/game-store.ts';
import { runStep } from '../../src/turns/run-step.ts';
import { gameByMail, type GameByMail } from '../mail/support/game-by-mail.ts';
import { gameFiles } from '../mail/support/mail-game.ts';
import { sendMail, waitForMail } from '../mail/support/mailbox.ts';
import { fixtureRuleset } from '../support/fixture-claims/index.ts';
import { requireServices } from '../support/services.ts';

const gameId = `seam-${randomUUID().slice(0, 8)}`;
const subject = `Claims ${randomUUID().slice(0, 6)}`;
let game: GameByMail;
let store: GameStore;

beforeAll(async () => {
  await requireServices(['redis', 'imap', 'smtp']);
  // No parser is given: the mail loop reads with the project's own, from the ruleset's language.
  game = await gameByMail(gameId, gameFiles('claims'), { subject, players: ['player1'] });
  store = game.store;
});

afterAll(() => game?.stop());

describe('a ruleset that lives only in its folder', () => {
  it("is read from a player's email through its own grammar, confirmed, and adjudicated", async () => {
    expect(fixtureRuleset.language?.orderWords).toEqual(['CLAIM_VERB']);
    await sendMail({
      from: 'player1@adjutant.test',
      to: 'game@adjutant.test',
      subject,
      text: 'Hello,\n\nSECRET: ruby-falcon\nTake Midvale\nclaims Northvale\nclaim Southvale\n\nRed',
    });
    const [confirmation] = await waitForMail('player1@adjutant.test', { subject: `Re: ${subject}` });
    expect(confirmation.text).toContain('You claim Midvale.');
    expect(confirmation.text).toContain('You claim Southvale.');
    expect(confirmation.text).toContain('You claim Northvale.');
    expect((await store.ordersInForce(gameId)).red.orders).toEqual([
      { kind: 'claim', province: 'mid' },
      { kind: 'claim', province: 'nor' },
      { kind: 'claim', province: 'sou' },
    ]);

    const record = await runStep(store, gameId, { seed: 'seam', now: () => new Date('2031-03-07T20:00:00Z') });
    expect(record.orders.red).toHaveLength(3);
    const state = await store.state(gameId);
    expect(['mid', 'nor', 'sou'].map((p) => state.provinces[p].owner)).toEqual(['red', 'red', 'red']);
  });
});
