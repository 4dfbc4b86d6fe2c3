// A game on a long thread against the real Redis: on XenForo (sandbox/forum/xenforo-server.ts,
// 20 posts a page) a new game's first read starts at the page of its first post, found by going
// back from the last page, not at page 1; on Discourse (discourse-server.ts, the topic's stream of
// post ids, 20 posts a request) after the last post before the game, found by halving the stream.
// A long catch-up is read in parts, each stored and the cursor moved before the next is asked for,
// so a forum that fails half-way costs only the part in hand.
import { afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { readThread } from '../../src/channels/forum/forum-intake.ts';
import { ForumInbox } from '../../src/channels/forum/forum-inbox.ts';
import { discourseAdapter, POSTS_PER_READ } from '../../src/channels/forum/discourse/discourse-adapter.ts';
import { PAGES_PER_READ, xenforoAdapter } from '../../src/channels/forum/xenforo/xenforo-adapter.ts';
import { requireServices } from '../support/services.ts';
import { startDiscourse, type DiscourseForum } from '../../sandbox/forum/discourse-server.ts';
import { startXenForo, type XenForoForum } from '../../sandbox/forum/xenforo-server.ts';
import { forumTestGame, type ForumTestGame } from './support/forum-game.ts';

const [ALICE, BOB] = [2, 3];
const PER_PAGE = 20;
let forum: XenForoForum;
let game: ForumTestGame;
const adapter = () => xenforoAdapter({ baseUrl: forum.apiUrl, threadId: 77, apiKey: forum.key, http: { backoffMs: 5, retries: 1 } });
const pagesAsked = () => forum.server.requests.filter((r) => r.path === '/api/threads/77/posts').map((r) => Number(r.query.get('page')));

beforeAll(async () => {
  await requireServices(['redis']);
});
beforeEach(async () => {
  forum = await startXenForo();
});
afterEach(async () => {
  await forum.server.close();
  await game.close();
});

describe('a long thread', () => {
  it("is not read from page 1 by a new game: its first read starts at the page of the game's first post", async () => {
    // 25 pages of history, with orders blocks a replay would apply.
    for (let i = 0; i < 25 * PER_PAGE; i++) forum.say(i % 2 ? ALICE : BOB, `[orders]claim nor[/orders] old ${i}`);
    game = await forumTestGame({ software: 'xenforo', url: forum.apiUrl, thread: 77 });
    const start = forum.posts.at(-1)!.post_date * 1000 + 500;
    await new ForumInbox(game.store.redis).startReading(game.id, new Date(start));
    forum.say(ALICE, '[orders]claim mid[/orders]');

    const round = await readThread(game.intake, game.id, adapter());
    expect(round.taken).toEqual([`forum-post:${forum.posts.at(-1)!.post_id}@0`]);
    // Page 1 for the count, the last page, the one before it whose first post is older than the
    // game, and from there on.
    expect(pagesAsked()).toEqual([1, 26, 25, 26]);
  });

  it('is caught up in parts of ten pages, each stored before the next: a failure half-way resumes after the last part', async () => {
    game = await forumTestGame({ software: 'xenforo', url: forum.apiUrl, thread: 77 });
    forum.say(BOB, 'The game begins.');
    await readThread(game.intake, game.id, adapter());
    const pages = 2 * PAGES_PER_READ + 5;
    for (let i = 0; i < pages * PER_PAGE - 1; i++) forum.say(i % 2 ? ALICE : BOB, `[orders]claim ${i % 2 ? 'nor' : 'sou'}[/orders] ${i}`);
    const orders = forum.posts.slice(1).map((p) => `forum-post:${p.post_id}@0`);
    forum.server.requests.length = 0;

    // The forum fails for good on a page of the second part.
    forum.server.fail({ status: 503, body: { errors: [{ code: 'service_unavailable', message: 'Down' }] } }, 2, (r) => r.query.get('page') === '15');
    await expect(readThread(game.intake, game.id, adapter())).rejects.toThrow();
    // The first part: pages 1 to 10, less the post read before.
    const firstPart = PAGES_PER_READ * PER_PAGE - 1;
    expect(game.queued).toEqual(orders.slice(0, firstPart));

    forum.server.requests.length = 0;
    const resumed = await readThread(game.intake, game.id, adapter());
    expect(resumed.taken).toEqual(orders.slice(firstPart));
    expect(game.queued).toEqual(orders);
    // Read on from the page where the stored part ended, not from the first.
    expect(pagesAsked()[0]).toBe(PAGES_PER_READ);
    expect(Math.min(...pagesAsked())).toBe(PAGES_PER_READ);
  });
});

describe('a long Discourse topic', () => {
  let dc: DiscourseForum;
  const dcAdapter = () =>
    discourseAdapter({ baseUrl: dc.server.url, topicId: 55, apiKey: dc.key, apiUsername: 'adjutant', http: { backoffMs: 5, retries: 1 } });
  const requests = () => dc.server.requests.filter((r) => r.path.startsWith('/t/55'));
  beforeEach(async () => {
    dc = await startDiscourse(55, ['adjutant', 'alice', 'bob']);
  });
  afterEach(async () => {
    await dc.server.close();
  });

  it("is not read through its history by a new game: the first read halves the stream to the game's first post", async () => {
    for (let i = 0; i < 500; i++) dc.say(i % 2 ? 'alice' : 'bob', `[orders]claim nor[/orders] old ${i}`);
    game = await forumTestGame({ software: 'discourse', url: dc.server.url, thread: 55, orders: 'public', players: { alice: 'red', bob: 'blue' } });
    const start = Date.parse(dc.say('bob', 'history ends').created_at) + 1;
    await new ForumInbox(game.store.redis).startReading(game.id, new Date(start));
    const first = dc.say('alice', '[orders]claim mid[/orders]');

    const round = await readThread(game.intake, game.id, dcAdapter());
    expect(round.taken).toEqual([`forum-post:${first.id}@0`]);
    // The stream, about nine looks at single posts, and the one part after the game began; not 26 requests of history.
    expect(requests().length).toBeLessThan(14);
  });

  it('is caught up in parts of 200 posts, each stored before the next: a failure half-way resumes after the last part', async () => {
    game = await forumTestGame({ software: 'discourse', url: dc.server.url, thread: 55, orders: 'public', players: { alice: 'red', bob: 'blue' } });
    dc.say('bob', 'The game begins.');
    await readThread(game.intake, game.id, dcAdapter());
    const said = Array.from({ length: 2 * POSTS_PER_READ + 50 }, (_, i) =>
      dc.say(i % 2 ? 'alice' : 'bob', `[orders]claim ${i % 2 ? 'nor' : 'sou'}[/orders] ${i}`),
    );
    const orders = said.map((p) => `forum-post:${p.id}@0`);

    // The forum fails for good on a request of the second part.
    const second = new Set(said.slice(POSTS_PER_READ, 2 * POSTS_PER_READ).map((p) => String(p.id)));
    dc.server.fail({ status: 503, body: 'Down' }, 2, (r) => r.query.getAll('post_ids[]').some((id) => second.has(id)));
    await expect(readThread(game.intake, game.id, dcAdapter())).rejects.toThrow();
    expect(game.queued).toEqual(orders.slice(0, POSTS_PER_READ));

    const resumed = await readThread(game.intake, game.id, dcAdapter());
    expect(resumed.taken).toEqual(orders.slice(POSTS_PER_READ));
    expect(game.queued).toEqual(orders);
  });
});
