// The GM by email: rulings on tickets (by reply, from any mail client) and commands, which call
// the GameControl once per email however often the email is read.
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { processMail } from '../../src/channels/email/process-mail.ts';
import { openTickets } from '../../src/messages/tickets.ts';
import { gameKeys } from '../../src/store/keys.ts';
import { requireServices } from '../support/services.ts';
import { mailTestGame, rawMail, withGmSecret, type MailTestGame } from './support/mail-game.ts';

let game: MailTestGame;
beforeAll(async () => {
  await requireServices(['redis']);
});
afterEach(async () => {
  await game?.close();
});

const fromGm = (text: string, extra: Record<string, unknown> = {}) => rawMail({ from: 'Grace <gm@adjutant.test>', subject: 'commands', text, ...extra });

async function entry(g: MailTestGame, key: string) {
  const found = await g.outbox.entry(g.id, key);
  if (!found) throw new Error(`no outbox entry ${key}`);
  return found;
}

/** A player line that reads two ways ("vale": Northvale, Midvale or Southvale), and its ticket email. */
async function ambiguousOrder(g: MailTestGame) {
  const result = await g.receive(await rawMail({ from: 'player1@adjutant.test', subject: 'my orders', text: 'ruby-falcon\nclaim nor\nclaim vale' }));
  const [ticket] = await openTickets(g.store, g.id);
  return { result, ticket, mail: await entry(g, `tickets:${result.messageId}`) };
}

describe('GM tickets', () => {
  it('opens a ticket for an ambiguous line, tells the player it waits, and mails the GM the numbered readings', async () => {
    game = await mailTestGame({ files: withGmSecret() });
    const { result, ticket, mail } = await ambiguousOrder(game);
    expect(result.counts).toEqual({ accepted: 1, rejected: 0, waiting: 1 });
    expect(ticket).toMatchObject({ nation: 'red', line: 3, text: 'claim vale', status: 'open' });
    expect(mail.to).toEqual(['gm@adjutant.test']);
    expect(mail.subject).toContain(ticket.token);
    expect(mail.text).toMatch(/1\. You claim Northvale\.\n\s+2\. You claim Midvale\.\n\s+3\. You claim Southvale\./);
    const confirmation = await entry(game, `reply:${result.messageId}`);
    expect(confirmation.text).toContain('Waiting for the GM');
    expect(confirmation.text).not.toContain(ticket.token);
  });

  it('resolves a ticket when the GM replies "2" in its thread, without the GM secret, and tells the player', async () => {
    game = await mailTestGame({ files: withGmSecret() });
    const { ticket, mail } = await ambiguousOrder(game);
    const answer = await game.receive(
      await fromGm('2\n\nOn Monday, Adjutant wrote:\n> 1. You claim Northvale.', {
        subject: `Re: ${mail.subject.replace(ticket.token, '')}`,
        inReplyTo: mail.messageId,
        references: [mail.messageId],
      }),
    );
    expect(answer).toMatchObject({ outcome: 'ticket-answer', role: 'gm' });
    expect((await game.store.ordersInForce(game.id)).red.orders).toEqual([
      { kind: 'claim', province: 'nor' },
      { kind: 'claim', province: 'mid' },
    ]);
    expect(await openTickets(game.store, game.id)).toEqual([]);
    const told = await entry(game, `ticket-outcome:${ticket.token}`);
    expect(told.to).toEqual(['player1@adjutant.test']);
    expect(told.text).toContain('The GM read it as: You claim Midvale. It is now in force.');
    expect(ticket.playerMessageId).toMatch(/^<.+>$/);
    expect(told.inReplyTo).toBe(ticket.playerMessageId);
  });

  it('takes a corrected order or "reject" as an answer, found by the token in the subject', async () => {
    game = await mailTestGame({ files: withGmSecret() });
    const first = await ambiguousOrder(game);
    await game.receive(await fromGm('claim sou', { subject: `Re: Ticket ${first.ticket.token}` }));
    expect((await game.store.ordersInForce(game.id)).red.orders).toContainEqual({ kind: 'claim', province: 'sou' });

    const second = await ambiguousOrder(game);
    await game.receive(await fromGm('reject', { subject: `Re: Ticket ${second.ticket.token}` }));
    expect((await entry(game, `ticket-outcome:${second.ticket.token}`)).text).toContain('could not accept this line');
  });

  it('does not let a forged GM address run commands on the strength of a ticket thread', async () => {
    game = await mailTestGame({ files: withGmSecret() });
    const { mail } = await ambiguousOrder(game);
    const forged = await game.receive(await fromGm('PROCESS', { inReplyTo: mail.messageId }));
    expect(game.control.called('processNow')).toEqual([]);
    expect((await entry(game, `reply:${forged.messageId}`)).text).toContain('commands need your GM secret');
  });
});

describe('GM commands', () => {
  it('runs EXTEND, PAUSE and STATUS, and reports each in one reply', async () => {
    game = await mailTestGame({ files: withGmSecret() });
    const result = await game.receive(await fromGm('grey-heron\nEXTEND 24h\nPAUSE\nSTATUS'));
    expect(result).toMatchObject({ outcome: 'commands', role: 'gm' });
    expect(game.control.called('extend')).toEqual([[game.id, 86_400_000]]);
    expect(game.control.called('pause')).toEqual([[game.id]]);
    const report = (await entry(game, `reply:${result.messageId}`)).text;
    expect(report).toContain('Done: the deadline is now Wednesday, 2 January 2030 at 20:00 (Europe/London)');
    expect(report).toContain('The game is paused.');
    expect(report).toContain('No orders yet: Bluevale');
  });

  it("answers STATUS ORDERS with every nation's orders in force as read, which a player's STATUS ORDERS never shows", async () => {
    game = await mailTestGame({ files: withGmSecret() });
    const { ticket } = await ambiguousOrder(game);
    await game.receive(await fromGm('2', { subject: `Re: Ticket ${ticket.token}` }));
    await game.receive(await rawMail({ from: 'player2@adjutant.test', subject: 'orders', text: 'azure-otter\nclaim sou' }));
    const result = await game.receive(await fromGm('grey-heron\nSTATUS ORDERS'));
    const report = (await entry(game, `reply:${result.messageId}`)).text;
    expect(report).toContain('No orders yet:');
    expect(report).toMatch(
      /Redmark \(2\):\n\s+- You claim Northvale\.\s+\(from "claim nor"\)\n\s+- You claim Midvale\.\s+\(from "claim vale", your ruling on T-/,
    );
    expect(report).toMatch(/Bluevale \(1\):\n\s+- You claim Southvale\./);
    const plain = await game.receive(await fromGm('grey-heron\nSTATUS'));
    expect((await entry(game, `reply:${plain.messageId}`)).text).not.toContain('Orders in force');
    const player = await game.receive(await rawMail({ from: 'player1@adjutant.test', subject: 'status', text: 'ruby-falcon\nSTATUS ORDERS' }));
    const own = (await entry(game, `reply:${player.messageId}`)).text;
    expect(own).toContain('- You claim Northvale.');
    expect(own).not.toContain('Southvale');
  });

  it('runs a command once even if the same email is processed again', async () => {
    game = await mailTestGame({ files: withGmSecret() });
    const result = await game.receive(await fromGm('grey-heron\nPROCESS 1'));
    await processMail(game.deps, { gameId: game.id, messageId: result.messageId });
    expect(game.control.called('processNow')).toHaveLength(1);
    expect((await game.outbox.pending(game.id)).filter((e) => e.key === `reply:${result.messageId}`)).toHaveLength(1);
  });

  it('adjudicates a turn before its deadline only when the GM names it: PROCESS alone asks first', async () => {
    game = await mailTestGame({ files: withGmSecret() });
    const bare = await game.receive(await fromGm('grey-heron\nPROCESS'));
    const asked = (await entry(game, `reply:${bare.messageId}`)).text;
    expect(asked).toContain('Not done: turn 1 is due');
    expect(asked).toContain('To do that, send PROCESS 1.');
    const stale = await game.receive(await fromGm('grey-heron\nPROCESS 4'));
    expect((await entry(game, `reply:${stale.messageId}`)).text).toContain('Not done: turn 4 is not the turn open now; turn 1 is.');
    expect(game.control.called('processNow')).toEqual([]);
    // Paused (or waiting for the GM, or with no schedule): no deadline runs, so PROCESS alone is meant.
    game.control.paused = true;
    await game.receive(await fromGm('grey-heron\nPROCESS'));
    expect(game.control.called('processNow')).toHaveLength(1);
  });

  it('says why when the GameControl refuses, and answers unknown commands with the help text', async () => {
    game = await mailTestGame({ files: withGmSecret() });
    game.control.failing.set('rollback', 'There is no turn 9 to go back to.');
    const result = await game.receive(await fromGm('grey-heron\nROLLBACK 9\nFROBNICATE'));
    const report = (await entry(game, `reply:${result.messageId}`)).text;
    expect(report).toContain('Not done: There is no turn 9 to go back to.');
    expect(report).toContain('"FROBNICATE" is not a command.');
    expect(report).toContain('EXTEND 24h');
  });

  it('refuses GM commands without the GM secret, and tells a GM without one how to set it', async () => {
    game = await mailTestGame({ files: withGmSecret() });
    expect(await game.receive(await fromGm('PROCESS'))).toMatchObject({ outcome: 'refused', code: 'MISSING_GM_SECRET' });
    await game.close();
    game = await mailTestGame();
    expect(await game.receive(await fromGm('PROCESS'))).toMatchObject({ outcome: 'refused', code: 'NO_GM_SECRET_SET' });
    expect(game.control.calls).toEqual([]);
  });

  it('gives a nation to a new address with REPLACE, after which the old address is refused', async () => {
    game = await mailTestGame({ files: withGmSecret() });
    const replaced = await game.receive(await fromGm('grey-heron\nREPLACE red player7@adjutant.test'));
    expect(await game.store.files(game.id).then((f) => f['game.yaml'])).toContain('email: player7@adjutant.test');
    // The other players hear that Redmark has a new player (never who); the former player that they no longer play it.
    const told = await entry(game, `announce:replace:${replaced.messageId}:red:blue`);
    expect(told).toMatchObject({ to: ['player2@adjutant.test'], subject: expect.stringContaining('Redmark has a new player') });
    expect(told.text).not.toContain('player7');
    const former = await entry(game, `announce:replace:${replaced.messageId}:red:former`);
    expect(former).toMatchObject({ to: ['player1@adjutant.test'], subject: expect.stringContaining('You no longer play Redmark') });
    expect(
      (await game.outbox.pending(game.id))
        .filter((e) => e.key.startsWith(`announce:replace:${replaced.messageId}`))
        .map((e) => e.to[0])
        .sort(),
    ).toEqual(['player1@adjutant.test', 'player2@adjutant.test']);
    const fromNew = await game.receive(await rawMail({ from: 'player7@adjutant.test', subject: 'hello', text: 'ruby-falcon\nclaim mid' }));
    expect(fromNew).toMatchObject({ outcome: 'orders', nation: 'red' });
    const fromOld = await game.receive(await rawMail({ from: 'player1@adjutant.test', subject: 'hello', text: 'ruby-falcon\nclaim sou' }));
    expect(fromOld).toMatchObject({ outcome: 'refused', code: 'UNKNOWN_SENDER' });
  });

  it('enters orders for a nation with ORDER and tells its player', async () => {
    game = await mailTestGame({ files: withGmSecret() });
    const result = await game.receive(await fromGm('grey-heron\nORDER blue\nclaim sou\nclaim bay'));
    expect((await game.store.ordersInForce(game.id)).blue.orders).toEqual([
      { kind: 'claim', province: 'sou' },
      { kind: 'claim', province: 'bay' },
    ]);
    const told = await entry(game, `gm-order:${result.messageId}:blue`);
    expect(told.to).toEqual(['player2@adjutant.test']);
    expect(told.text).toContain('Your GM entered orders for Bluevale');
  });

  it('notes when the GM was heard from with the commit of a GM mail, never of a player mail or one without the GM secret', async () => {
    game = await mailTestGame({ files: withGmSecret() });
    const heard = () => game.store.redis.get(gameKeys(game.id).gmHeard);
    await game.receive(await rawMail({ from: 'player1@adjutant.test', subject: 'orders', text: 'ruby-falcon\nclaim nor' }));
    await game.receive(await fromGm('STATUS'));
    expect(await heard()).toBeNull();
    await game.receive(await fromGm('grey-heron\nSTATUS'));
    expect(await heard()).toBe(String(new Date('2029-12-30T12:00:00Z').getTime()));
  });
});
