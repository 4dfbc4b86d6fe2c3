// The mail loop end to end, against the real Dovecot, SMTP relay and Redis, with a real ruleset
// (board NES) and the real order parser: a player mails orders and gets a confirmation; an
// ambiguous line goes to the GM, whose reply settles it; a forged sender changes nothing and a
// stranger who proves nothing gets no answer.
import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openGame } from '../../src/game/open-game.ts';
import { GameStore } from '../../src/store/game-store.ts';
import { connectRedis } from '../../src/store/redis.ts';
import { requireServices } from '../support/services.ts';
import { MemoryControl } from './support/fake-control.ts';
import { startMailLoop, type MailLoop } from './support/mail-loop.ts';
import { purgeMail, sendMail as send, waitForMail } from './support/mailbox.ts';
import { dropGame } from './support/mail-game.ts';

const FOLDER = new URL('./fixtures/board-nes/', import.meta.url);
const gameId = `e2e-${randomUUID().slice(0, 8)}`;
let loop: MailLoop;
let store: GameStore;
const subjects: string[] = [];

/** Sends through the relay, remembering the subject so the mailboxes can be cleaned afterwards. */
function sendMail(options: Parameters<typeof send>[0]) {
  subjects.push(String(options.subject));
  return send(options);
}

beforeAll(async () => {
  await requireServices(['redis', 'imap', 'smtp']);
  const files = { 'game.yaml': readFileSync(new URL('game.yaml', FOLDER), 'utf8'), 'map.yaml': readFileSync(new URL('map.yaml', FOLDER), 'utf8') };
  const { game, problems } = openGame(gameId, files);
  if (!game) throw new Error(problems.map((p) => p.message).join('; '));
  store = new GameStore(connectRedis(process.env.REDIS_URL ?? 'redis://127.0.0.1:16379'));
  await store.createGame(gameId, { files, state: game.state });
  loop = await startMailLoop({
    games: [{ id: gameId, mailbox: 'game@adjutant.test' }],
    control: new MemoryControl(new Date('2031-03-07T20:00:00Z')),
    queue: 'bullmq',
  });
  for (let i = 0; i < 100 && !loop.intake.stats().connected; i++) await new Promise((r) => setTimeout(r, 50));
});

afterAll(async () => {
  await loop?.stop();
  for (const subject of subjects) {
    for (const folder of ['INBOX', 'Processed']) await purgeMail('game@adjutant.test', folder, { subject });
  }
  for (const user of ['player1', 'player5', 'gm']) await purgeMail(`${user}@adjutant.test`, 'INBOX', { subject: `[${gameId}]` });
  if (store) {
    await dropGame(store, gameId);
    store.redis.disconnect();
  }
});

const ordersOf = async (nation: string) => (await store.ordersInForce(gameId))[nation]?.orders ?? [];

describe('the mail loop, end to end', () => {
  it("confirms a player's orders within seconds, in plain words, with the deadline in the player's zone", async () => {
    const subject = `Spring orders ${randomUUID().slice(0, 6)}`;
    const sent = Date.now();
    await sendMail({
      from: 'Player One <player1@adjutant.test>',
      to: 'game@adjutant.test',
      subject,
      text: 'Hello GM,\n\nruby-falcon\nBuy army in lon\nBuild town in wal\n\nCheers,\nOne',
    });
    const [confirmation] = await waitForMail('player1@adjutant.test', { subject: `Re: ${subject}` });
    const ms = Date.now() - sent;
    console.info(`e2e: confirmation in the player's mailbox ${ms} ms after sending`);
    expect(ms).toBeLessThan(5000);
    expect(confirmation.subject).toBe(`[${gameId}] Re: ${subject}`);
    expect(confirmation.text).toContain('You buy 1 army in London.');
    expect(confirmation.text).toContain('line 5: Build town in wal');
    expect(confirmation.text).toContain('Wales is not yours.');
    expect(confirmation.text).toContain('Deadline: Friday, 7 March 2031 at 15:00 (America/New_York)');
    expect(confirmation.text).not.toContain('ruby-falcon');
    expect(confirmation.headers.get('auto-submitted')).toBe('auto-replied');
    expect(await ordersOf('red')).toEqual([{ kind: 'buy-unit', unitType: 'army', province: 'lon' }]);
  });

  it('sends an ambiguous line to the GM as a ticket; the GM\'s reply "2" settles it and the player is told', async () => {
    const subject = `More orders ${randomUUID().slice(0, 6)}`;
    await sendMail({ from: 'player1@adjutant.test', to: 'game@adjutant.test', subject, text: 'ruby-falcon\nBuy army in home' });
    const [waiting] = await waitForMail('player1@adjutant.test', { subject: `Re: ${subject}` });
    expect(waiting.text).toContain('Waiting for the GM');
    const [ticket] = await waitForMail('gm@adjutant.test', { subject: `[${gameId}] Ticket` });
    expect(ticket.text).toMatch(/1\. You buy 1 army in London\.\s+2\. You buy 1 army in York\./);

    // The GM answers from an ordinary mail client: a reply in the thread, quoting the ticket.
    await sendMail({
      from: 'Grace <gm@adjutant.test>',
      to: 'game@adjutant.test',
      subject: `Re: ${ticket.subject}`,
      inReplyTo: ticket.messageId,
      references: [ticket.messageId!],
      text: `2\n\nOn ${new Date().toUTCString()}, Adjutant wrote:\n${ticket
        .text!.split('\n')
        .map((l) => `> ${l}`)
        .join('\n')}`,
    });
    const [told] = await waitForMail('player1@adjutant.test', { subject: `Re: ${subject}` }, { count: 2 }).then((all) =>
      all.filter((m) => m.text?.includes('The GM has ruled')),
    );
    expect(told.text).toContain('The GM read it as: You buy 1 army in York. It is now in force.');
    expect(told.inReplyTo).toBeTruthy();
    expect(await ordersOf('red')).toContainEqual({ kind: 'buy-unit', unitType: 'army', province: 'yor' });
    const token = /T-[A-Z0-9]{6}/.exec(ticket.subject!)![0];
    const [ack] = await waitForMail('gm@adjutant.test', { subject: `Re: Ticket ${token}` });
    expect(ack.text).toContain('The player is told.');
  });

  it("changes nothing for a forged sender, tells the real owner of a player's address, and answers no unproven stranger", async () => {
    const before = await ordersOf('red');
    const subject = `Forged ${randomUUID().slice(0, 6)}`;
    await sendMail({ from: 'player1@adjutant.test', to: 'game@adjutant.test', subject, text: 'REPLACE ALL\nBuy army in yor' });
    const [refusal] = await waitForMail('player1@adjutant.test', { subject: `Re: ${subject}` });
    expect(refusal.text).toContain('did not carry the secret of Redland');
    const stolen = `Stolen secret ${randomUUID().slice(0, 6)}`;
    await sendMail({ from: 'player5@adjutant.test', to: 'game@adjutant.test', subject: stolen, text: 'ruby-falcon\nREPLACE ALL' });
    // player5 proved nothing (no DKIM signature): its address may be forged, so it gets no answer.
    const results = async () =>
      Object.values(await store.redis.hgetall(`adjutant:{${gameId}}:mail:results`)).map((r) => JSON.parse(r) as { code?: string; replies: unknown[] });
    await expect.poll(async () => (await results()).filter((r) => r.code === 'UNKNOWN_SENDER'), { timeout: 15_000 }).toHaveLength(1);
    expect((await results()).find((r) => r.code === 'UNKNOWN_SENDER')?.replies).toEqual([]);
    expect(await ordersOf('red')).toEqual(before);
  });
});
