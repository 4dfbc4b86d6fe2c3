// Edits of orders posts already read (src/channels/forum/edit-watch.ts, forum-intake.ts) against the local
// XenForo server (sandbox/forum/xenforo-server.ts, GET posts/{id}/) and the real Redis: an
// edited orders post is read again as a new version, once; chatter is not watched; a step that
// has ended lets its posts go; a member's watched posts are bounded.
import { afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { WATCHED_PER_MEMBER } from '../../src/channels/forum/edit-watch.ts';
import { readThread } from '../../src/channels/forum/forum-intake.ts';
import { xenforoAdapter } from '../../src/channels/forum/xenforo/xenforo-adapter.ts';
import { forumKeys } from '../../src/store/keys.ts';
import { requireServices } from '../support/services.ts';
import { startXenForo, type XenForoForum, type XfPost } from '../../sandbox/forum/xenforo-server.ts';
import { forumTestGame, type ForumTestGame } from './support/forum-game.ts';

const [ALICE, BOB] = [2, 3];
let forum: XenForoForum;
let game: ForumTestGame;
const adapter = () => xenforoAdapter({ baseUrl: forum.apiUrl, threadId: 77, apiKey: forum.key, http: { backoffMs: 5, retries: 2 } });
const read = () => readThread(game.intake, game.id, adapter());
const inForce = async (nation: string) => ((await game.store.ordersInForce(game.id))[nation]?.orders ?? []).map((o) => String(o.province));
const watched = async () => (await game.store.redis.hkeys(forumKeys(game.id).watched)).sort();
/** GET posts/{id}/ requests the forum has had so far. */
const postRequests = () => forum.server.requests.filter((r) => r.method === 'GET' && /^\/api\/posts\/\d+\/?$/.test(r.path)).length;
const versionOf = (post: XfPost) => `forum-post:${post.post_id}@${post.last_edit_date * 1000}`;

beforeAll(async () => {
  await requireServices(['redis']);
});
beforeEach(async () => {
  forum = await startXenForo();
  game = await forumTestGame({ software: 'xenforo', url: forum.apiUrl, thread: 77 }, { set: { 'mail.rateLimit': { count: 1000, per: '1h' } } });
});
afterEach(async () => {
  await forum.server.close();
  await game.close();
});

describe('edits of orders posts already read', () => {
  it('reads an edited orders post again, once: its new orders replace the old, and the confirmation says so', async () => {
    const post = forum.say(ALICE, '[orders]claim nor[/orders]');
    await read();
    await game.processQueued();
    expect(await inForce('red')).toEqual(['nor']);

    forum.edit(post, 'Changed my mind.\n[orders]\nREPLACE ALL\nclaim mid\n[/orders]');
    expect((await read()).taken).toEqual([versionOf(post)]);
    const [result] = await game.processQueued();
    expect(result).toMatchObject({ outcome: 'orders', nation: 'red' });
    expect(await inForce('red')).toEqual(['mid']);
    const confirmation = (await game.privateMessages('Alice')).find((p) => p.key === `reply:${versionOf(post)}`);
    expect(confirmation?.text).toMatch(/Orders now in force for Redmark \(1\):\n\s+- You claim Midvale\.\n\n/);
    expect(confirmation?.text).not.toMatch(/in force[\s\S]*Northvale/);

    // Later rounds ask for the post again (one request each) and read nothing twice.
    const before = postRequests();
    expect((await read()).taken).toEqual([]);
    expect((await read()).taken).toEqual([]);
    expect(postRequests()).toBe(before + 2);
    expect(await game.processQueued()).toEqual([]);
  });

  it('notes an edit only once it is queued, and acts once on an edit taken twice (a crash before it was noted)', async () => {
    const post = forum.say(ALICE, '[orders]claim nor[/orders]');
    await read();
    await game.processQueued();
    const noted = async () => game.store.redis.hget(forumKeys(game.id).watched, String(post.post_id));
    const before = await noted();
    forum.edit(post, '[orders]\nREPLACE ALL\nclaim mid\n[/orders]');
    const enqueue = game.intake.enqueue;
    game.intake.enqueue = async () => {
      throw new Error('the queue is down');
    };
    await expect(read()).rejects.toThrow('the queue is down');
    expect(await noted()).toBe(before);
    game.intake.enqueue = enqueue;
    expect((await read()).taken).toEqual([versionOf(post)]);
    await game.store.redis.hset(forumKeys(game.id).watched, String(post.post_id), before!);
    expect((await read()).taken).toEqual([versionOf(post)]);
    const [first, again] = await game.processQueued();
    expect(again).toEqual(first);
    expect(await inForce('red')).toEqual(['mid']);
    expect((await game.privateMessages('Alice')).filter((p) => p.key.startsWith('reply:'))).toHaveLength(2);
    expect((await read()).taken).toEqual([]);
  });

  it("reads an edit the board did not date (within its 'last edited' delay, or with the option off) as the next version, dated when seen", async () => {
    forum.editLogDisplay.delayMinutes = 5;
    const post = forum.say(ALICE, '[orders]claim nor[/orders]');
    await read();
    await game.processQueued();

    forum.edit(post, '[orders]\nREPLACE ALL\nclaim mid\n[/orders]');
    expect(post.last_edit_date).toBe(0);
    expect((await read()).taken).toEqual([`forum-post:${post.post_id}@1`]);
    expect((await read()).taken).toEqual([]);
    await game.processQueued();
    expect(await inForce('red')).toEqual(['mid']);
    const received = await game.store.redis.hget(forumKeys(game.id).inbox, `forum-post:${post.post_id}@1`);
    expect(JSON.parse(received!).undated).toEqual({ version: 1, seenAt: game.deps.now().toISOString() });

    // With the option off, no edit is dated: each that changes the orders is the next version.
    forum.editLogDisplay.enabled = false;
    forum.edit(post, '[orders]\nREPLACE ALL\nclaim sou\n[/orders]', post.post_date + 3600);
    expect((await read()).taken).toEqual([`forum-post:${post.post_id}@2`]);
    await game.processQueued();
    expect(await inForce('red')).toEqual(['sou']);
    // One that leaves the orders as they were is still not read again.
    forum.edit(post, 'Good luck all.\n[orders]\nREPLACE ALL\nclaim sou\n[/orders]', post.post_date + 7200);
    expect((await read()).taken).toEqual([]);
  });

  it('does not watch a post without an orders block: orders added to it by an edit are not read', async () => {
    const chatter = forum.say(BOB, 'Nice weather for a war.');
    await read();
    forum.edit(chatter, 'Nice weather.\n[orders]claim sou[/orders]');
    expect((await read()).taken).toEqual([]);
    expect(await watched()).toEqual([]);
    expect(postRequests()).toBe(0);
  });

  it('does not read again an edit that leaves the orders block as it was, so it cannot undo later orders', async () => {
    const post = forum.say(ALICE, 'Hello all.\n[orders]claim nor[/orders]');
    await read();
    await game.processQueued();
    forum.say(ALICE, '[orders]\nREPLACE ALL\nclaim mid\n[/orders]');
    await read();
    await game.processQueued();
    expect(await inForce('red')).toEqual(['mid']);

    forum.edit(post, 'Hello all, and good luck.\n[orders]claim nor[/orders]');
    expect((await read()).taken).toEqual([]);
    expect(await inForce('red')).toEqual(['mid']);
    // A later edit that changes the block is read.
    forum.edit(post, 'Hello all.\n[orders]claim sou[/orders]');
    expect((await read()).taken).toEqual([versionOf(post)]);
  });

  it("lets a step's posts go when it ends: an edit made before the end is read (and late), one made after is not", async () => {
    const alice = forum.say(ALICE, '[orders]claim nor[/orders]');
    const bob = forum.say(BOB, '[orders]claim sou[/orders]');
    await read();
    await game.processQueued();
    expect(await watched()).toEqual([String(alice.post_id), String(bob.post_id)]);
    // Written before the step ended, first read after it: late, and not watched for the next step.
    const unread = forum.say(BOB, '[orders]claim nor[/orders]');

    const ended = bob.post_date + 600;
    const state = await game.store.state(game.id);
    await game.store.commitStep(game.id, {
      step: 1,
      turn: 1,
      phase: state.phase,
      seed: 's',
      dice: [],
      orders: {},
      events: [],
      stateBefore: state,
      stateAfter: { ...state, turn: 2 },
      ordersVersion: await game.store.ordersVersion(game.id),
      mails: [],
      committedAt: new Date(ended * 1000).toISOString(),
    });
    forum.edit(alice, '[orders]claim mid[/orders]', ended - 60);
    forum.edit(bob, '[orders]claim mid[/orders]', ended + 60);

    expect((await read()).taken).toEqual([`forum-post:${unread.post_id}@0`, versionOf(alice)]);
    const results = await game.processQueued();
    expect(results.map((r) => [r.outcome, r.nation])).toEqual([
      ['late', 'blue'],
      ['late', 'red'],
    ]);
    expect(await inForce('red')).toEqual([]);
    expect(await inForce('blue')).toEqual([]);
    expect(await watched()).toEqual([]);

    // The new step watches the posts written in it.
    const next = forum.say(BOB, '[orders]claim bay[/orders]');
    next.post_date = ended + 120;
    await read();
    expect(await watched()).toEqual([String(next.post_id)]);
  });

  it("watches only a member's newest orders posts of the step", async () => {
    const posts = Array.from({ length: 10 }, (_, i) => forum.say(ALICE, `[orders]claim ${['nor', 'mid', 'sou'][i % 3]}[/orders]`));
    forum.say(BOB, '[orders]claim bay[/orders]');
    await read();
    expect((await watched()).length).toBe(WATCHED_PER_MEMBER + 1);
    const before = postRequests();
    await read();
    expect(postRequests()).toBe(before + WATCHED_PER_MEMBER + 1);

    forum.edit(posts[0], '[orders]claim bay[/orders]');
    forum.edit(posts[9], '[orders]REPLACE ALL\nclaim bay[/orders]');
    expect((await read()).taken).toEqual([versionOf(posts[9])]);
  });

  it('lets go a watched post the forum no longer shows, and reads on', async () => {
    const post = forum.say(ALICE, '[orders]claim nor[/orders]');
    await read();
    forum.posts.splice(forum.posts.indexOf(post), 1);
    forum.say(BOB, '[orders]claim sou[/orders]');
    const round = await read();
    expect(round.taken).toHaveLength(1);
    expect(await watched()).toEqual([String(post.post_id + 1)]);
  });
});
