// Orders posts taken back (src/channels/forum/forum-intake.ts readEdits, src/messages/withdrawn-orders.ts)
// against the local XenForo and Discourse servers (sandbox/forum/) and the real Redis: a post
// of the step a moderator hides, or its author or staff deletes, withdraws the orders it gave that
// still stand, and its author is told; orders a later message gave stand. An account that moderates
// is shown hidden and deleted posts too, and does not read them as orders.
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { discourseAdapter } from '../../src/channels/forum/discourse/discourse-adapter.ts';
import { readThread } from '../../src/channels/forum/forum-intake.ts';
import type { ForumAdapter } from '../../src/channels/forum/base/forum-adapter.ts';
import { xenforoAdapter } from '../../src/channels/forum/xenforo/xenforo-adapter.ts';
import { requireServices } from '../support/services.ts';
import { startDiscourse, type DiscourseForum } from '../../sandbox/forum/discourse-server.ts';
import { startXenForo, type XenForoForum } from '../../sandbox/forum/xenforo-server.ts';
import { forumTestGame, type ForumTestGame } from './support/forum-game.ts';

const [ALICE, BOB] = [2, 3];
let game: ForumTestGame;
let close: () => Promise<void>;
const inForce = async (nation: string) => ((await game.store.ordersInForce(game.id))[nation]?.orders ?? []).map((o) => String(o.province));

beforeAll(async () => {
  await requireServices(['redis']);
});
afterEach(async () => {
  await close();
  await game.close();
});

/** Reads the thread and decides what was taken; returns the decisions' codes (or outcomes). */
async function round(adapter: ForumAdapter): Promise<string[]> {
  await readThread(game.intake, game.id, adapter);
  return (await game.processQueued()).map((r) => r.code ?? r.outcome);
}

describe('orders posts taken back on XenForo', () => {
  let forum: XenForoForum;
  const adapter = () => xenforoAdapter({ baseUrl: forum.apiUrl, threadId: 77, apiKey: forum.key, http: { backoffMs: 5, retries: 2 } });

  it('withdraws what a hidden post gave, and tells its author; a later post and other players stand', async () => {
    forum = await startXenForo();
    close = () => forum.server.close();
    game = await forumTestGame({ software: 'xenforo', url: forum.apiUrl, thread: 77 }, { set: { 'mail.rateLimit': { count: 1000, per: '1h' } } });
    const first = forum.say(ALICE, '[orders]\nclaim nor\n[/orders]');
    forum.say(ALICE, '[orders]\nclaim mid\n[/orders]');
    forum.say(BOB, '[orders]\nclaim sou\n[/orders]');
    expect(await round(adapter())).toEqual(['orders', 'orders', 'orders']);
    expect(await inForce('red')).toEqual(['nor', 'mid']);

    forum.hide(first);
    expect(await round(adapter())).toEqual(['WITHDRAWN']);
    expect(await inForce('red')).toEqual(['mid']);
    expect(await inForce('blue')).toEqual(['sou']);
    const told = (await game.privateMessages('Alice')).find((p) => p.key === `reply:forum-post:${first.post_id}@withdrawn`);
    expect(told?.text).toContain('Your post in the game thread is no longer there, so the orders it gave for Redmark are withdrawn: You claim Northvale.');
    expect(told?.text).toContain('Orders now in force (1): You claim Midvale.');
    // Taken back once: later rounds find nothing more to do.
    expect(await round(adapter())).toEqual([]);
  });

  it('does not read as orders the hidden and unapproved posts a moderating account is shown', async () => {
    forum = await startXenForo();
    close = () => forum.server.close();
    game = await forumTestGame({ software: 'xenforo', url: forum.apiUrl, thread: 77 });
    forum.moderator.on = true;
    forum.hide(forum.say(ALICE, '[orders]\nclaim nor\n[/orders]'));
    forum.say(BOB, '[orders]\nclaim sou\n[/orders]').message_state = 'moderated';
    forum.say(BOB, '[orders]\nclaim mid\n[/orders]');
    expect(await round(adapter())).toEqual(['orders']);
    expect(await inForce('red')).toEqual([]);
    expect(await inForce('blue')).toEqual(['mid']);
  });
});

describe('orders posts taken back on Discourse', () => {
  let forum: DiscourseForum;
  const adapter = () =>
    discourseAdapter({ baseUrl: forum.server.url, topicId: 55, apiKey: forum.key, apiUsername: 'adjutant', http: { backoffMs: 5, retries: 2 } });

  it('withdraws what a post deleted by its author gave, and what staff deleted, even for a staff account', async () => {
    forum = await startDiscourse();
    close = () => forum.server.close();
    game = await forumTestGame({ software: 'discourse', url: forum.server.url, thread: 55 }, { set: { 'mail.rateLimit': { count: 1000, per: '1h' } } });
    forum.staff.on = true;
    const byAuthor = forum.say('alice', '[orders]\nclaim nor\n[/orders]');
    const byStaff = forum.say('bob', '[orders]\nclaim sou\n[/orders]');
    expect(await round(adapter())).toEqual(['orders', 'orders']);

    forum.remove(byAuthor, 'author');
    forum.remove(byStaff, 'staff');
    expect((await round(adapter())).sort()).toEqual(['WITHDRAWN', 'WITHDRAWN']);
    expect(await inForce('red')).toEqual([]);
    expect(await inForce('blue')).toEqual([]);
    expect((await game.privateMessages('Alice')).map((p) => p.key)).toContain(`reply:forum-post:${byAuthor.id}@withdrawn`);
  });
});
