// A player's orders by email, through processMail against the real Redis: who may write, what
// is confirmed, and the resubmission rules.
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { runStep } from '../../src/turns/run-step.ts';
import { requireServices } from '../support/services.ts';
import { gameFiles, mailTestGame, rawMail, withGmSecret, type MailTestGame } from './support/mail-game.ts';

let game: MailTestGame;
beforeAll(async () => {
  await requireServices(['redis']);
});
afterEach(async () => {
  await game?.close();
});

const red = (text: string, extra: Record<string, unknown> = {}) => rawMail({ from: 'Player One <player1@adjutant.test>', subject: 'orders', text, ...extra });

async function inForce(g: MailTestGame, nation: string): Promise<unknown[]> {
  return (await g.store.ordersInForce(g.id))[nation]?.orders ?? [];
}

async function reply(g: MailTestGame, key: string) {
  const entry = await g.outbox.entry(g.id, key);
  if (!entry) throw new Error(`no outbox entry ${key}`);
  return entry;
}

describe('orders from a player', () => {
  it("applies orders carrying the secret and confirms each one in plain words, with the deadline in the player's zone", async () => {
    game = await mailTestGame();
    const result = await game.receive(await red('ruby-falcon\nclaim nor\nclaim atlantis\n'));
    expect(result).toMatchObject({ outcome: 'orders', nation: 'red', counts: { accepted: 1, rejected: 1, waiting: 0 } });
    expect(await inForce(game, 'red')).toEqual([{ kind: 'claim', province: 'nor' }]);
    const confirmation = await reply(game, `reply:${result.messageId}`);
    expect(confirmation.to).toEqual(['player1@adjutant.test']);
    expect(confirmation.subject).toBe(`[${game.id}] Re: orders`);
    expect(confirmation.text).toContain('line 2: claim nor');
    expect(confirmation.text).toContain('= You claim Northvale.');
    expect(confirmation.text).toContain('line 3: claim atlantis');
    expect(confirmation.text).toContain('There is no province "atlantis". Did you mean: claim nor / claim mid?');
    // 20:00 UTC is 21:00 in Paris, the player's own zone.
    expect(confirmation.text).toContain('Deadline: Tuesday, 1 January 2030 at 21:00 (Europe/Paris)');
    expect(confirmation.text).not.toContain('ruby-falcon');
    expect(confirmation.headers).toMatchObject({ 'Auto-Submitted': 'auto-replied' });
    expect(confirmation.inReplyTo).toMatch(/^<.+>$/);
  });

  it('refuses an email without the secret, changes nothing, and says why', async () => {
    game = await mailTestGame();
    const result = await game.receive(await red('claim nor'));
    expect(result).toMatchObject({ outcome: 'refused', code: 'MISSING_SECRET' });
    expect(await inForce(game, 'red')).toEqual([]);
    expect((await reply(game, `reply:${result.messageId}`)).text).toContain('did not carry the secret of Redmark');
  });

  it('refuses the right secret from the wrong address (a forged or borrowed sender), and answers nothing to an unproven stranger', async () => {
    game = await mailTestGame();
    const result = await game.receive(await rawMail({ from: 'player5@adjutant.test', subject: 'orders', text: 'ruby-falcon\nclaim nor' }));
    expect(result).toMatchObject({ outcome: 'refused', code: 'UNKNOWN_SENDER', replies: [] });
    expect(await inForce(game, 'red')).toEqual([]);
  });

  it('never quotes the secret back, even when it is in the subject', async () => {
    game = await mailTestGame();
    const result = await game.receive(await red('claim nor', { subject: 'Orders, secret: ruby-falcon, turn 1' }));
    expect(result.outcome).toBe('orders');
    const confirmation = await reply(game, `reply:${result.messageId}`);
    expect(confirmation.subject).toBe(`[${game.id}] Re: Orders, secret: [secret], turn 1`);
    expect(JSON.stringify(confirmation)).not.toMatch(/ruby-falcon/i);
  });

  it('replaces only the orders about the provinces a new email names', async () => {
    game = await mailTestGame();
    await game.receive(await red('ruby-falcon\nclaim nor\nclaim mid', { date: new Date('2029-12-30T10:00:00Z') }));
    await game.receive(await red('ruby-falcon\nclaim mid\nclaim sou', { date: new Date('2029-12-30T10:05:00Z') }));
    expect(await inForce(game, 'red')).toEqual([
      { kind: 'claim', province: 'nor' },
      { kind: 'claim', province: 'mid' },
      { kind: 'claim', province: 'sou' },
    ]);
  });

  it('replaces everything with REPLACE ALL', async () => {
    game = await mailTestGame();
    await game.receive(await red('ruby-falcon\nclaim nor\nclaim mid', { date: new Date('2029-12-30T10:00:00Z') }));
    const result = await game.receive(await red('ruby-falcon\nREPLACE ALL\nclaim sou', { date: new Date('2029-12-30T10:05:00Z') }));
    expect(await inForce(game, 'red')).toEqual([{ kind: 'claim', province: 'sou' }]);
    expect((await reply(game, `reply:${result.messageId}`)).text).toContain('Orders now in force for Redmark (1)');
  });

  it('lets the later Date: win when an older email arrives after a newer one, and warns', async () => {
    game = await mailTestGame();
    await game.receive(await red('ruby-falcon\nclaim nor', { date: new Date('2029-12-30T10:05:00Z') }));
    const older = await game.receive(await red('ruby-falcon\nREPLACE ALL\nclaim sou', { date: new Date('2029-12-30T10:00:00Z') }));
    expect(await inForce(game, 'red')).toEqual([
      { kind: 'claim', province: 'nor' },
      { kind: 'claim', province: 'sou' },
    ]);
    expect((await reply(game, `reply:${older.messageId}`)).text).toContain(
      'This email is older (by the date it carries) than one Adjutant already has from you',
    );
  });

  it('does not let a Date: in the future outrank later emails', async () => {
    game = await mailTestGame();
    await game.receive(await red('ruby-falcon\nclaim nor', { date: new Date('2035-01-01T00:00:00Z') }), new Date('2029-12-30T10:00:00Z'));
    await game.receive(await red('ruby-falcon\nREPLACE ALL\nclaim sou', { date: new Date('2029-12-30T10:01:00Z') }), new Date('2029-12-30T10:01:00Z'));
    expect(await inForce(game, 'red')).toEqual([{ kind: 'claim', province: 'sou' }]);
  });

  it('keeps late mail, answers it, and applies it only when the GM says ORDER <nation> LATE', async () => {
    game = await mailTestGame({ files: withGmSecret(), deadline: new Date('2029-12-30T09:00:00Z') });
    const late = await game.receive(await red('ruby-falcon\nclaim nor'));
    expect(late).toMatchObject({ outcome: 'late', code: 'LATE' });
    expect(await inForce(game, 'red')).toEqual([]);
    expect((await reply(game, `reply:${late.messageId}`)).text).toContain('came too late');
    expect(await game.store.mail(game.id, late.messageId)).not.toBeNull();

    const gm = await game.receive(await rawMail({ from: 'gm@adjutant.test', subject: 'accept', text: 'grey-heron\nORDER red LATE' }));
    expect(gm.outcome).toBe('commands');
    expect(await inForce(game, 'red')).toEqual([{ kind: 'claim', province: 'nor' }]);
    expect((await reply(game, `late-accepted:${late.messageId}`)).text).toContain('Your GM accepted your late email for Redmark');
  });

  it('refuses as late a message that arrived before the last turn was committed, but reads a mail timed to the second of the commit for the new turn', async () => {
    game = await mailTestGame();
    // A mail server's arrival time has whole seconds: 11:00:05 may be after a commit at 11:00:05.600.
    await runStep(game.store, game.id, { seed: 'late', now: () => new Date('2029-12-30T11:00:05.600Z') });
    const before = await game.receive(await red('ruby-falcon\nclaim sou'), new Date('2029-12-30T11:00:04Z'));
    expect(before).toMatchObject({ outcome: 'late', code: 'LATE' });
    expect((await reply(game, `reply:${before.messageId}`)).text).toContain('It arrived before turn 1 was adjudicated, but could only be read after.');
    // A time with milliseconds (a web order's) is compared as it is.
    const web = await game.receive(await red('ruby-falcon\nclaim lak'), new Date('2029-12-30T11:00:05.300Z'));
    expect(web).toMatchObject({ outcome: 'late', code: 'LATE' });
    const after = await game.receive(await red('ruby-falcon\nclaim nor'), new Date('2029-12-30T11:00:05Z'));
    expect(after).toMatchObject({ outcome: 'orders', nation: 'red' });
    expect(await inForce(game, 'red')).toEqual([{ kind: 'claim', province: 'nor' }]);
  });

  it('takes no orders from a nation out of the game, nor from anyone once the game is over, but still answers STATUS', async () => {
    game = await mailTestGame();
    game.control.out = ['red'];
    const out = await game.receive(await red('ruby-falcon\nclaim nor'));
    expect(out).toMatchObject({ outcome: 'refused', code: 'CLOSED', nation: 'red' });
    expect((await reply(game, `reply:${out.messageId}`)).text).toContain('Redmark is out of the game: it has nothing left to order or to hold.');
    expect(await inForce(game, 'red')).toEqual([]);

    game.control.out = [];
    game.control.over = { turn: 7, why: 'target', winners: ['blue'], counts: 'province', standing: [{ nation: 'blue', score: 3 }] };
    const over = await game.receive(await red('ruby-falcon\nclaim nor'));
    expect(over).toMatchObject({ outcome: 'refused', code: 'CLOSED' });
    expect((await reply(game, `reply:${over.messageId}`)).text).toContain('The game is over: turn 7 was its last, so no more orders are taken.');
    expect(await inForce(game, 'red')).toEqual([]);
    const status = await game.receive(await red('STATUS\nruby-falcon'));
    expect(status.outcome).toBe('commands');
    expect((await reply(game, `reply:${status.messageId}`)).text).toContain('none: the game is over');
  });

  it('accepts late orders when the game says so', async () => {
    game = await mailTestGame({ files: gameFiles('claims', { 'mail.acceptLate': true }), deadline: new Date('2029-12-30T09:00:00Z') });
    expect((await game.receive(await red('ruby-falcon\nclaim nor'))).outcome).toBe('orders');
  });

  it('answers the player commands STATUS, CLEAR and ABSENCE', async () => {
    game = await mailTestGame();
    await game.receive(await red('ruby-falcon\nclaim nor'));
    const status = await game.receive(await red('STATUS\nruby-falcon'));
    expect((await reply(game, `reply:${status.messageId}`)).text).toContain('- You claim Northvale.');
    const absence = await game.receive(await red('ruby-falcon\nABSENCE 2030-01-10 to 2030-01-12'));
    expect(game.control.called('absence')[0]).toEqual([game.id, 'red', new Date('2030-01-09T23:00:00Z'), new Date('2030-01-12T23:00:00Z')]);
    expect((await reply(game, `reply:${absence.messageId}`)).text).toContain('Noted: away from');
    const clear = await game.receive(await red('ruby-falcon\nCLEAR'));
    expect(clear.outcome).toBe('commands');
    expect(await inForce(game, 'red')).toEqual([]);
  });

  it("reads a command from the subject when the body is empty, and answers HELP with the ruleset's examples", async () => {
    game = await mailTestGame();
    const help = await game.receive(await red('', { subject: 'HELP SIGNON ruby-falcon' }));
    expect(help.outcome).toBe('commands');
    expect((await reply(game, `reply:${help.messageId}`)).text).toContain('claim par');
  });

  it("writes the confirmation with the game folder's own template when it has one", async () => {
    game = await mailTestGame({ files: { ...gameFiles(), 'confirmation.txt.hbs': 'Ave, {{nationName}}! {{accepted.length}} order(s) noted. ruby-falcon' } });
    const result = await game.receive(await red('ruby-falcon\nclaim nor'));
    expect((await reply(game, `reply:${result.messageId}`)).text).toBe('Ave, Redmark! 1 order(s) noted. [secret]\n');
  });

  it('reads only what the player wrote above a quoted reply', async () => {
    game = await mailTestGame();
    const result = await game.receive(await red('ruby-falcon\nclaim sou\n\nOn Mon, 30 Dec 2029, Adjutant wrote:\n> claim nor\n> claim mid\n'));
    expect(result.counts).toEqual({ accepted: 1, rejected: 0, waiting: 0 });
    expect(await inForce(game, 'red')).toEqual([{ kind: 'claim', province: 'sou' }]);
  });
});
