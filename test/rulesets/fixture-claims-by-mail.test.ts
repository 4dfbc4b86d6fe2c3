// The ruleset seam, proved with the smallest ruleset there is (test/support/fixture-claims, the
// worked example of docs/rulesets.md): registered by this test and nowhere in src/, its orders are
// read from a real email by the project's own parser through its grammar.ne, confirmed, and a turn
// of it is adjudicated from the orders in force. Real SMTP relay, Dovecot, Redis and BullMQ.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openGame } from '../../src/game/open-game.ts';
import { GameStore } from '../../src/store/game-store.ts';
import { connectRedis } from '../../src/store/redis.ts';
import { runStep } from '../../src/turns/run-step.ts';
import { MemoryControl } from '../mail/support/fake-control.ts';
import { dropGame, gameFiles } from '../mail/support/mail-game.ts';
import { startMailLoop, type MailLoop } from '../mail/support/mail-loop.ts';
import { purgeMail, sendMail, waitForMail } from '../mail/support/mailbox.ts';
import { fixtureRuleset } from '../support/fixture-claims/index.ts';
import { requireServices } from '../support/services.ts';

const gameId = `seam-${randomUUID().slice(0, 8)}`;
const subject = `Claims ${randomUUID().slice(0, 6)}`;
let loop: MailLoop;
let store: GameStore;

beforeAll(async () => {
  await requireServices(['redis', 'imap', 'smtp']);
  const files = gameFiles('claims');
  const { game, problems } = openGame(gameId, files);
  if (!game) throw new Error(problems.map((p) => p.message).join('; '));
  store = new GameStore(connectRedis(process.env.REDIS_URL ?? 'redis://127.0.0.1:16379'));
  await store.createGame(gameId, { files, state: game.state });
  // No parser is given: the mail loop reads with the project's own, from the ruleset's language.
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

describe('a ruleset that lives only in its folder', () => {
  it('is read from a player\'s email through its own grammar, confirmed, and adjudicated', async () => {
    expect(fixtureRuleset.language?.orderWords).toEqual(['CLAIM_VERB']);
    await sendMail({ from: 'player1@adjutant.test', to: 'game@adjutant.test', subject, text: 'Hello,\n\nSECRET: ruby-falcon\nTake Midvale\nclaims Northvale\nclaim Southvale\n\nRed' });
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
