// The attacks that once worked against `adjutant serve`, replayed through the real path: SMTP relay
// -> Dovecot -> intake -> BullMQ parse queue -> outbox -> BullMQ send queue -> relay -> the players'
// mailboxes. Each test names the defect it keeps from coming back (docs/operations.md lists them).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GameStore } from '../../src/store/game-store.ts';
import { connectRedis } from '../../src/store/redis.ts';
import { MessageLedger } from '../../src/messages/message-ledger.ts';
import { requireServices } from '../support/services.ts';
import { mailGame, PerGameControl, purgeGameMail, storeClaimsGame } from './support/attack-game.ts';
import { claimsParser } from './support/claims-parser.ts';
import { dropGame } from './support/mail-game.ts';
import { startMailLoop, type MailLoop } from './support/mail-loop.ts';
import { countMail, waitForMail } from './support/mailbox.ts';

let loop: MailLoop;
let store: GameStore;
let game: string;
let late: string;
const control = new PerGameControl(new Date('2031-01-01T20:00:00Z'));

beforeAll(async () => {
  await requireServices(['redis', 'imap', 'smtp']);
  store = new GameStore(connectRedis(process.env.REDIS_URL ?? 'redis://127.0.0.1:16379'));
  game = await storeClaimsGame(store, 'attack', { 'mail.rateLimit': { count: 5, per: '1h' } });
  late = await storeClaimsGame(store, 'late');
  control.deadlines.set(late, new Date(Date.now() - 3_600_000));
  loop = await startMailLoop({ games: [{ id: game }, { id: late }], control, queue: 'bullmq', parse: claimsParser });
});

afterAll(async () => {
  await loop?.stop();
  await purgeGameMail([game, late]);
  for (const id of [game, late]) await dropGame(store, id);
  store?.redis.disconnect();
});

const ordersOf = async (id: string, nation: string) => (await store.ordersInForce(id))[nation]?.orders ?? [];
const processed = (id: string) => new MessageLedger(store.redis).processedCount(id);
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe('attacks through the real mail path', () => {
  it("1: forged mail in a player's name fills its own count and never silences the real player", { timeout: 60_000 }, async () => {
    for (let i = 0; i < 8; i++) await mailGame(game, 'player1@adjutant.test', `forged ${i}`, 'claim nor');
    await expect.poll(() => processed(game), { timeout: 20_000 }).toBe(8);
    await mailGame(game, 'player1@adjutant.test', 'real orders', 'ruby-falcon\nclaim sou');
    const [confirmation] = await waitForMail('player1@adjutant.test', { subject: `[${game}] Re: real orders` });
    expect(confirmation.text).toContain('claim sou');
    expect(confirmation.text).not.toContain('stopped reading');
    expect(await ordersOf(game, 'red')).toEqual([{ kind: 'claim', province: 'sou' }]);
    // Mail that proves nothing gets one refusal a day, then no more: no spam cannon either.
    await waitForMail('player1@adjutant.test', { subject: `[${game}] Re: forged` });
    await sleep(1000);
    expect(await countMail('player1@adjutant.test', 'INBOX', { subject: `[${game}] Re: forged` })).toBe(1);
  });

  it('3: takes the secret from one place only, one try per email, and tells the GM of repeated wrong secrets', { timeout: 60_000 }, async () => {
    const words = Array.from({ length: 3200 }, (_, i) => (i === 1600 ? 'ruby-falcon' : `guess${i}x`));
    const bulk = Array.from({ length: 320 }, (_, i) => words.slice(i * 10, i * 10 + 10).join(' ')).join('\n');
    await mailGame(game, 'player1@adjutant.test', 'many guesses', `claim mid\n${bulk}`);
    for (let i = 0; i < 5; i++) await mailGame(game, 'player1@adjutant.test', `guess ${i}`, `SECRET: wrong-guess-${i}\nclaim mid`);
    const [alert] = await waitForMail('gm@adjutant.test', { subject: `[${game}] 5 emails with a wrong secret for Redmark` }, { timeoutMs: 20_000 });
    expect(alert.text).toContain('Each email can try one secret');
    expect(alert.text).not.toContain('ruby-falcon');
    const results = Object.values(await store.redis.hgetall(`adjutant:{${game}}:mail:results`)).map((r) => JSON.parse(r) as { code?: string });
    expect(results.filter((r) => r.code === 'WRONG_SECRET')).toHaveLength(5);
    expect(results.filter((r) => r.code === 'MISSING_SECRET')).toHaveLength(9);
    expect(await ordersOf(game, 'red')).toEqual([{ kind: 'claim', province: 'sou' }]);
  });

  it('5: one ticket email per incoming email, listing its questions, and a cap per nation and turn', { timeout: 60_000 }, async () => {
    await mailGame(game, 'player2@adjutant.test', 'thirty unclear lines', `azure-otter\n${Array(30).fill('claim vale').join('\n')}`);
    const [confirmation] = await waitForMail('player2@adjutant.test', { subject: `[${game}] Re: thirty unclear lines` });
    expect(confirmation.text).toContain('your GM rules on at most 10 such lines of yours a turn');
    const [tickets] = await waitForMail('gm@adjutant.test', { subject: `[${game}] Tickets` });
    expect(tickets.text!.match(/^Ticket T-[A-Z0-9]{6}, line \d+/gm)).toHaveLength(10);
    await mailGame(game, 'player2@adjutant.test', 'three more', 'azure-otter\nclaim vale\nclaim vale\nclaim vale');
    const [again] = await waitForMail('player2@adjutant.test', { subject: `[${game}] Re: three more` });
    expect(again.text).toContain('at most 10 such lines');
    await sleep(1000);
    expect(await countMail('gm@adjutant.test', 'INBOX', { subject: `[${game}] Ticket` })).toBe(1);
  });

  it('6: after REPLACE, the late orders the GM accepts are told to the new player, not the old one', { timeout: 60_000 }, async () => {
    await mailGame(late, 'player1@adjutant.test', 'late orders', 'ruby-falcon\nclaim sou');
    const [notice] = await waitForMail('player1@adjutant.test', { subject: `[${late}] Re: late orders` });
    expect(notice.text).toContain('came too late');
    await mailGame(late, 'gm@adjutant.test', 'replace', 'grey-heron\nREPLACE red player9@adjutant.test');
    await waitForMail('gm@adjutant.test', { subject: `[${late}] Re: replace` });
    await mailGame(late, 'gm@adjutant.test', 'accept', 'grey-heron\nORDER red LATE');
    const [told] = await waitForMail('player9@adjutant.test', { subject: `[${late}] Re: late orders` });
    expect(told.text).toContain('claim sou');
    // The old player hears only that they no longer play the nation, nothing of its orders.
    await waitForMail('player1@adjutant.test', { subject: 'You no longer play Redmark' });
    await sleep(1000);
    expect(await countMail('player1@adjutant.test', 'INBOX', { subject: `[${late}]` })).toBe(2);
    expect(await countMail('player1@adjutant.test', 'INBOX', { subject: `[${late}] Re: late orders` })).toBe(1);
    expect(await ordersOf(late, 'red')).toEqual([{ kind: 'claim', province: 'sou' }]);
  });

  it("9: never echoes a secret written into the player's own Message-ID", { timeout: 60_000 }, async () => {
    await mailGame(game, 'player2@adjutant.test', 'sly thread', 'azure-otter\nclaim nor', {
      messageId: '<azure-otter@example.com>',
      references: ['<earlier@example.com>', '<azure-otter.2@example.com>'],
    });
    const [confirmation] = await waitForMail('player2@adjutant.test', { subject: `[${game}] Re: sly thread` });
    const threading = JSON.stringify([confirmation.inReplyTo, confirmation.references, confirmation.headerLines]);
    expect(threading).not.toMatch(/azure-otter/i);
    expect(confirmation.references).toEqual('<earlier@example.com>');
  });
});
