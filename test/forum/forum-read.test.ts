// Orders read from the game thread (src/channels/forum/forum-intake.ts, forum-message.ts) against the local
// XenForo server (sandbox/forum/xenforo-server.ts) and the real Redis: 200 posts of orders,
// edits, chatter, quotes, non-players and a look-alike name; each player's orders read once.
import { afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { ForumInbox } from '../../src/channels/forum/forum-inbox.ts';
import { ForumMembers } from '../../src/channels/forum/forum-members.ts';
import { readThread } from '../../src/channels/forum/forum-intake.ts';
import { xenforoAdapter } from '../../src/channels/forum/xenforo/xenforo-adapter.ts';
import { openTickets } from '../../src/messages/tickets.ts';
import { forumKeys, mailKeys } from '../../src/store/keys.ts';
import { rawMail } from '../mail/support/mail-game.ts';
import { requireServices } from '../support/services.ts';
import { startXenForo, type XenForoForum } from '../../sandbox/forum/xenforo-server.ts';
import { forumTestGame, type ForumTestGame } from './support/forum-game.ts';

const USERS = [
  { user_id: 1, username: 'Adjutant' },
  { user_id: 2, username: 'Alice' },
  { user_id: 3, username: 'Bob' },
  { user_id: 4, username: 'Carol' },
  // Look-alikes of Alice: a capital I for the l, and a name she is the start of.
  { user_id: 5, username: 'AIice' },
  { user_id: 6, username: 'Alice2' },
  { user_id: 7, username: 'Grace' },
];
const [ALICE, BOB, CAROL, LOOKALIKE, ALICE2, GRACE] = [2, 3, 4, 5, 6, 7];
const PROVINCES = ['nor', 'mid', 'sou'];

let forum: XenForoForum;
let game: ForumTestGame;
const adapter = () => xenforoAdapter({ baseUrl: forum.apiUrl, threadId: 77, apiKey: forum.key, http: { backoffMs: 5, retries: 2 } });

beforeAll(async () => {
  await requireServices(['redis']);
});
beforeEach(async () => {
  forum = await startXenForo(77, USERS);
});
afterEach(async () => {
  await forum.server.close();
  await game?.close();
});

const inForce = async (nation: string) => (await game.store.ordersInForce(game.id))[nation]?.orders ?? [];

/** One post of the thread; the kinds cycle so every kind is spread through the 200. Returns whose orders it holds. */
function post(i: number): 'red' | 'blue' | null {
  const province = PROVINCES[i % 3];
  switch (i % 10) {
    case 0:
      return (void forum.say(ALICE, `Moving on, friends.\n[orders]\nclaim ${province}\n[/orders]\nGood luck all.`), 'red');
    case 1:
      return (void forum.say(BOB, `Alice will surely claim ${province} next. Claim bay, anyone?`), null);
    case 2:
      return (void forum.say(BOB, `[quote="Alice, post: 1000, member: 2"]Nice try.\n[orders]claim bay[/orders]\n[/quote]\nThat will not work.`), null);
    case 3:
      return (void forum.say(CAROL, '[orders]claim bay[/orders]'), null);
    case 4:
      return (void forum.say(i % 20 === 4 ? LOOKALIKE : ALICE2, '[orders]\nclaim bay\n[/orders]'), null);
    case 5:
      return (void forum.say(BOB, `My moves:\n\`\`\`orders\nclaim ${province}\n\`\`\``), 'blue');
    case 6:
      return (void forum.say(ALICE, `I might claim bay, or not. [b]claim bay[/b]`), null);
    case 7: {
      // Edited before the thread was read: read once, as edited.
      const p = forum.say(ALICE, '[orders]claim bay[/orders]');
      p.message = `[orders]claim ${province}[/orders] (edited: changed my mind)`;
      p.last_edit_date = p.post_date + 60;
      return 'red';
    }
    case 8:
      return (void forum.say(BOB, `> [orders]claim bay[/orders]\n> said Alice\n\nHa.`), null);
    default:
      return (void forum.say(GRACE, 'Deadline is Friday, folks.'), null);
  }
}

describe('orders read from the game thread', () => {
  it("reads 200 posts once: each player's marked orders, never a quote, a non-player or a look-alike name", async () => {
    // 40 order posts of one player in an hour are over the usual flood limit; this test is about reading them.
    game = await forumTestGame({ software: 'xenforo', url: forum.apiUrl, thread: 77 }, { set: { 'mail.rateLimit': { count: 1000, per: '1h' } } });
    const owners: Array<'red' | 'blue' | null> = [];
    let read = 0;
    for (let batch = 0; batch < 4; batch++) {
      for (let i = batch * 50; i < batch * 50 + 50; i++) owners.push(post(i));
      read += (await readThread(game.intake, game.id, adapter())).read;
      await game.processQueued();
    }
    expect(read).toBe(200);
    const expected = { red: owners.filter((o) => o === 'red').length, blue: owners.filter((o) => o === 'blue').length };
    expect(expected).toEqual({ red: 40, blue: 20 });

    // Only the players' order posts were stored; chatter, quotes, non-players and look-alikes were passed over.
    const stored = await game.store.redis.hkeys(forumKeys(game.id).inbox);
    expect(stored).toHaveLength(60);
    expect(await game.ledger.processedCount(game.id)).toBe(60);
    const confirmations = (name: string) => game.privateMessages(name).then((pms) => pms.filter((p) => p.key.startsWith('reply:')));
    expect(await confirmations('Alice')).toHaveLength(expected.red);
    expect(await confirmations('Bob')).toHaveLength(expected.blue);
    for (const name of ['Carol', 'AIice', 'Alice2', 'Grace']) expect(await game.privateMessages(name)).toEqual([]);
    // "bay" was only ever ordered in quotes, outside a block, by non-players or look-alikes, or in a post edited away from it.
    const provinces = async (nation: string) => (await inForce(nation)).map((o) => String(o.province)).sort();
    expect(await provinces('red')).toEqual(['mid', 'nor', 'sou']);
    expect(await provinces('blue')).toEqual(['mid', 'nor', 'sou']);
    const confirmation = (await confirmations('Alice')).find((p) => p.text.includes('Read from your forum message:'));
    expect(confirmation?.kind === 'private' && confirmation.title).toBe(`[${game.id}] Re: your forum post`);
    expect(confirmation?.text).toContain('You claim');

    // Read again from the start (a lost cursor): nothing is applied or answered twice.
    const version = await game.store.redis.get(`adjutant:{${game.id}}:orders:version`);
    const pms = (await game.privateMessages()).length;
    await game.store.redis.del(forumKeys(game.id).cursor);
    expect((await readThread(game.intake, game.id, adapter())).taken).toHaveLength(60);
    const again = await game.processQueued();
    expect(again.map((r) => r.outcome)).toEqual(Array(60).fill('orders'));
    expect(await game.store.redis.get(`adjutant:{${game.id}}:orders:version`)).toBe(version);
    expect((await game.privateMessages()).length).toBe(pms);
  });

  it("passes over the thread's history from before the game began reading it, and reads what comes after", async () => {
    game = await forumTestGame({ software: 'xenforo', url: forum.apiUrl, thread: 77 });
    forum.say(ALICE, '[orders]claim nor[/orders]');
    const last = forum.say(GRACE, '[orders]\ngrey-heron\nPAUSE\n[/orders]');
    await new ForumInbox(game.store.redis).startReading(game.id, new Date(last.post_date * 1000 + 500));
    forum.say(BOB, '[orders]claim sou[/orders]');
    const { read, taken } = await readThread(game.intake, game.id, adapter());
    expect(read).toBe(3);
    expect(taken).toHaveLength(1);
    await game.processQueued();
    expect(await inForce('red')).toEqual([]);
    expect(await inForce('blue')).toEqual([{ kind: 'claim', province: 'sou' }]);
    expect(game.control.called('pause')).toEqual([]);
  });

  it("reads from the time game.yaml's forum.since gives, before the game's own start", async () => {
    forum.say(BOB, '[orders]claim nor[/orders]');
    const first = forum.say(ALICE, '[orders]claim mid[/orders]');
    game = await forumTestGame({ software: 'xenforo', url: forum.apiUrl, thread: 77, since: new Date(first.post_date * 1000 - 500).toISOString() });
    await new ForumInbox(game.store.redis).startReading(game.id, new Date());
    expect((await readThread(game.intake, game.id, adapter())).taken).toHaveLength(1);
    await game.processQueued();
    expect(await inForce('red')).toEqual([{ kind: 'claim', province: 'mid' }]);
    expect(await inForce('blue')).toEqual([]);
  });

  it('warns a player who posts orders in public when the game keeps orders private, and still reads them', async () => {
    game = await forumTestGame({ software: 'xenforo', url: forum.apiUrl, thread: 77 });
    forum.say(ALICE, '[orders]claim nor[/orders]');
    await readThread(game.intake, game.id, adapter());
    const [result] = await game.processQueued();
    expect(result).toMatchObject({ outcome: 'orders', nation: 'red', counts: { accepted: 1 } });
    const warning = (await game.privateMessages('Alice')).find((p) => p.key.startsWith('warn:'));
    expect(warning?.text).toContain('every player can read them');
    expect(await inForce('red')).toEqual([{ kind: 'claim', province: 'nor' }]);
  });

  it('does not warn when the game orders in public, and confirms by email when the game says so', async () => {
    game = await forumTestGame({ software: 'xenforo', url: forum.apiUrl, thread: 77, orders: 'public', confirm: 'email' });
    forum.say(BOB, '[orders]claim sou[/orders]');
    await readThread(game.intake, game.id, adapter());
    const [result] = await game.processQueued();
    expect(await game.privateMessages()).toEqual([]);
    const mail = await game.outbox.entry(game.id, `reply:${result.messageId}`);
    expect(mail?.to).toEqual(['player2@adjutant.test']);
    expect(mail?.text).toContain('You claim');
  });

  it("takes the GM's commands from an orders block, and answers the GM by private message", async () => {
    game = await forumTestGame({ software: 'xenforo', url: forum.apiUrl, thread: 77 });
    forum.say(GRACE, 'Giving everyone a day more.\n[orders]\nEXTEND 1d\n[/orders]');
    await readThread(game.intake, game.id, adapter());
    const [result] = await game.processQueued();
    expect(result).toMatchObject({ outcome: 'commands', role: 'gm' });
    expect(game.control.called('extend')).toEqual([[game.id, 86_400_000]]);
    const [report] = await game.privateMessages('Grace');
    expect(report.text).toContain('Done: the deadline is now');
  });

  it("reads private messages to the game's account whole, quotes aside, once, and answers in private", async () => {
    game = await forumTestGame({ software: 'xenforo', url: forum.apiUrl, thread: 77 });
    const talk = forum.converse(ALICE, 'Orders for spring', 'claim nor\nclaim mid');
    forum.converse(1, 'Orders for spring', 'Noted.', talk);
    forum.converse(BOB, 'My orders', '[quote="Alice"]claim bay[/quote]\nclaim sou');
    forum.converse(CAROL, 'Let me play', 'claim bay');
    forum.converse(GRACE, 'status', 'STATUS');
    const first = await readThread(game.intake, game.id, adapter());
    expect(first.taken).toHaveLength(3);
    const results = await game.processQueued();
    expect(results.map((r) => [r.outcome, r.nation ?? r.role])).toEqual([
      ['orders', 'red'],
      ['orders', 'blue'],
      ['commands', 'gm'],
    ]);
    expect((await game.store.ordersInForce(game.id)).red?.orders).toEqual([
      { kind: 'claim', province: 'nor' },
      { kind: 'claim', province: 'mid' },
    ]);
    expect((await game.store.ordersInForce(game.id)).blue?.orders).toEqual([{ kind: 'claim', province: 'sou' }]);
    const [toAlice] = await game.privateMessages('Alice');
    expect(toAlice.kind === 'private' && toAlice.title).toBe(`[${game.id}] Re: Orders for spring`);
    expect((await game.privateMessages()).some((p) => p.key.startsWith('warn:'))).toBe(false);
    expect(await game.privateMessages('Carol')).toEqual([]);
    // A later message in the same conversation is new; the earlier ones are not read again.
    forum.converse(ALICE, 'Orders for spring', 'claim sou', talk);
    const second = await readThread(game.intake, game.id, adapter());
    expect(second.taken).toHaveLength(1);
    await game.processQueued();
    expect((await game.privateMessages('Alice')).filter((p) => p.key.startsWith('reply:'))).toHaveLength(2);
  });

  it('knows a player by their forum account: after a rename, and not a newcomer who takes the old name', async () => {
    await forum.server.close();
    const users = USERS.map((u) => ({ ...u }));
    forum = await startXenForo(77, users);
    game = await forumTestGame({ software: 'xenforo', url: forum.apiUrl, thread: 77 });
    const rename = (id: number, name: string) => void (users.find((u) => u.user_id === id)!.username = name);
    forum.say(ALICE, '[orders]\nclaim nor\n[/orders]');
    await readThread(game.intake, game.id, adapter());
    await game.processQueued();
    const toAlice = (await game.privateMessages('Alice')).length;
    // Alice renames herself on the forum, and Carol takes the name she left.
    rename(ALICE, 'Alicia');
    rename(CAROL, 'Alice');
    forum.say(ALICE, '[orders]\nclaim mid\n[/orders]');
    forum.say(CAROL, '[orders]\nREPLACE ALL\nclaim sou\n[/orders]');
    await readThread(game.intake, game.id, adapter());
    expect((await game.processQueued()).map((r) => r.code ?? r.outcome)).toEqual(['orders', 'MEMBER_NAME_TAKEN']);
    expect(await inForce('red')).toEqual([
      { kind: 'claim', province: 'nor' },
      { kind: 'claim', province: 'mid' },
    ]);
    expect(await game.outbox.entry(game.id, `name-taken:${CAROL}`)).toMatchObject({
      to: ['gm@adjutant.test'],
      subject: expect.stringContaining('wrote as Alice'),
    });
    // Answered under the name she shows now; Carol is not answered.
    expect(await game.privateMessages('Alicia')).toHaveLength(toAlice);
    expect(await game.privateMessages('Alice')).toHaveLength(toAlice);

    // The GM lets the name go (the player moved to Carol's account): the next account to write as Alice plays red.
    expect(await new ForumMembers(game.store.redis).forget(game.id, 'Alice')).toBe(true);
    forum.say(CAROL, '[orders]\nREPLACE ALL\nclaim sou\n[/orders]');
    await readThread(game.intake, game.id, adapter());
    expect((await game.processQueued()).map((r) => r.code ?? r.outcome)).toEqual(['orders']);
    expect(await inForce('red')).toEqual([{ kind: 'claim', province: 'sou' }]);
  });

  it("sends the GM's ruling on a ticket to the forum player by private message", async () => {
    game = await forumTestGame({ software: 'xenforo', url: forum.apiUrl, thread: 77 });
    forum.converse(ALICE, 'Orders', 'claim vale');
    await readThread(game.intake, game.id, adapter());
    const [result] = await game.processQueued();
    expect(result.counts).toMatchObject({ waiting: 1 });
    const [ticket] = await openTickets(game.store, game.id);
    expect(ticket.playerRoute).toEqual({ channel: 'forum', to: 'Alice' });
    const ruling = await game.receive(await rawMail({ from: 'gm@adjutant.test', subject: `Re: ${ticket.token}`, text: '1' }));
    expect(ruling.outcome).toBe('ticket-answer');
    expect(await game.outbox.entry(game.id, `ticket-outcome:${ticket.token}`)).toBeUndefined();
    const [toAlice] = (await game.privateMessages('Alice')).filter((p) => p.key === `ticket-outcome:${ticket.token}`);
    expect(toAlice.text).toContain(ticket.text);
    expect((await game.store.ordersInForce(game.id)).red?.orders).toHaveLength(1);
  });

  it('sends the ruling on a ticket stored before reply routes by private message too', async () => {
    game = await forumTestGame({ software: 'xenforo', url: forum.apiUrl, thread: 77 });
    forum.converse(ALICE, 'Orders', 'claim vale');
    await readThread(game.intake, game.id, adapter());
    await game.processQueued();
    const [{ playerRoute, ...ticket }] = await openTickets(game.store, game.id);
    // A ticket of an older release names the member alone.
    await game.store.redis.hset(mailKeys(game.id).tickets, ticket.token, JSON.stringify({ ...ticket, playerForum: playerRoute!.to }));
    await game.receive(await rawMail({ from: 'gm@adjutant.test', subject: `Re: ${ticket.token}`, text: '1' }));
    expect(await game.outbox.entry(game.id, `ticket-outcome:${ticket.token}`)).toBeUndefined();
    expect((await game.privateMessages('Alice')).map((p) => p.key)).toContain(`ticket-outcome:${ticket.token}`);
  });
});
