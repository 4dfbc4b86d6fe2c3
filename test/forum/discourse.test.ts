// The Discourse adapter against a local server that follows Discourse's documented API
// (sandbox/forum/discourse-server.ts), and webhook signatures as Discourse makes them.
import { createHmac } from 'node:crypto';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { discourseAdapter } from '../../src/channels/forum/discourse/discourse-adapter.ts';
import { verifyWebhook, webhookPost } from '../../src/channels/forum/discourse/webhook.ts';
import { markerLine } from '../../src/channels/forum/base/forum-adapter.ts';
import { ForumAuthError, ForumMaybeDoneError, ForumNotFoundError, ForumRateLimitedError } from '../../src/channels/forum/base/forum-errors.ts';
import { waitFor } from '../turns/support.ts';
import { startDiscourse, type DiscourseForum } from '../../sandbox/forum/discourse-server.ts';

let forum: DiscourseForum;
/** A message's item recorded at the epoch: every post may be it. */
const EPOCH = new Date(0);
const adapter = (username = 'adjutant', key = forum.key) =>
  discourseAdapter({ baseUrl: forum.server.url, topicId: 55, apiKey: key, apiUsername: username, http: { backoffMs: 10, retries: 3, maxWaitMs: 5_000 } });

beforeEach(async () => {
  forum = await startDiscourse();
});
afterEach(async () => {
  await forum.server.close();
});

async function restart(users: string[]): Promise<DiscourseForum> {
  await forum.server.close();
  return startDiscourse(55, users);
}

describe('the Discourse adapter', () => {
  it('uploads the map and posts Markdown naming it by its upload:// short URL', async () => {
    const data = Buffer.from('a map, as png bytes');
    const published = await adapter().publish({ text: '**Spring 1901**', images: [{ filename: 'map.png', data }], marker: 'demo:1:update' });
    const [post] = forum.posts;
    expect(forum.uploads[0].data.equals(data)).toBe(true);
    expect(post.raw).toContain('**Spring 1901**');
    expect(post.raw).toContain(`![map.png](${forum.uploads[0].short_url})`);
    expect(post.raw).toContain(markerLine('demo:1:update'));
    expect(post.username).toBe('adjutant');
    expect(published).toEqual({ id: String(post.id), url: `${forum.server.url}/t/game-thread/55/1` });
  });

  it('reads every post by id in chunks, with its Markdown and its edit time, and from a cursor only the new', async () => {
    for (let i = 0; i < 47; i++) forum.say(i % 2 ? 'alice' : 'bob', `post ${i}`);
    forum.edit(forum.posts[3], 'post 3, edited');
    const first = await adapter().readSince(null);
    expect(first.posts.map((p) => p.text)).toEqual(Array.from({ length: 47 }, (_, i) => (i === 3 ? 'post 3, edited' : `post ${i}`)));
    expect(first.posts[3].editedAt).toBeDefined();
    expect(first.posts[2].editedAt).toBeUndefined();
    expect(forum.server.requests.filter((r) => r.path.endsWith('/posts.json')).map((r) => r.query.getAll('post_ids[]').length)).toEqual([20, 20, 7]);
    forum.say('alice', 'A Par - Bur');
    expect((await adapter().readSince(first.cursor)).posts.map((p) => [p.author.name, p.text])).toEqual([['alice', 'A Par - Bur']]);
  });

  it("finds its own post by its reference, not another member's quoting it", async () => {
    forum.say('alice', `> ${markerLine('demo:2:update')}`);
    expect(await adapter().findOwnPost('demo:2:update')).toBeNull();
    const published = await adapter().publish({ text: 'Fall 1901', images: [], marker: 'demo:2:update' });
    expect(await adapter().findOwnPost('demo:2:update')).toEqual({ id: published.id, url: published.url });
  });

  it("edits its own post, keeping its reference, and is refused another member's", async () => {
    const published = await adapter().publish({ text: 'Fall 1901', images: [], marker: 'demo:6:update' });
    await adapter().editPost(published.id, { text: 'Withdrawn.', marker: 'demo:6:update' });
    const post = forum.posts.find((p) => String(p.id) === published.id)!;
    expect(post.raw).toBe(`Withdrawn.\n\n<small>${markerLine('demo:6:update')}</small>`);
    expect(await adapter().findOwnPost('demo:6:update')).toEqual({ id: published.id, url: published.url });
    const put = forum.server.requests.find((r) => r.method === 'PUT')!;
    expect([put.path, put.json]).toEqual([`/posts/${published.id}.json`, { post: { raw: post.raw, edit_reason: 'withdrawn: the game was rolled back' } }]);
    const theirs = forum.say('alice', 'my orders');
    await expect(adapter().editPost(String(theirs.id), { text: 'Withdrawn.', marker: 'demo:7' })).rejects.toThrow(ForumAuthError);
    expect(theirs.raw).toBe('my orders');
  });

  it('finds a private message it sent by its title and marker, after a server error, and not another', async () => {
    const pm = { to: ['bob'], title: 'Your orders for turn 3', text: 'Read: claim sou', marker: 'demo/confirm:3' };
    // A slow forum: it makes the message, and answers after the client has given up.
    forum.server.latency(1500);
    const slow = discourseAdapter({
      baseUrl: forum.server.url,
      topicId: 55,
      apiKey: forum.key,
      apiUsername: 'adjutant',
      http: { backoffMs: 10, retries: 3, timeoutMs: 300 },
    });
    await expect(slow.sendPrivate(pm)).rejects.toThrow(ForumMaybeDoneError);
    await waitFor('the slow message', async () => forum.messages.length === 1);
    forum.server.latency(0);
    expect(await adapter().findOwnPrivate(pm, EPOCH)).toBe(true);
    expect(await adapter().findOwnPrivate({ ...pm, marker: 'demo/confirm:4' }, EPOCH)).toBe(false);
    // A message bob started, quoting the marker, is not the account's.
    forum.message('bob', 'Your orders for turn 5', `copied: ${markerLine('demo/confirm:5')}`);
    expect(await adapter().findOwnPrivate({ ...pm, title: 'Your orders for turn 5', marker: 'demo/confirm:5' }, EPOCH)).toBe(false);
  });

  it('finds its message in the kept conversation after others followed it, reading back only to when it was sent', async () => {
    const pm = { to: ['bob'], title: 'Your orders for turn 7', text: 'Read: claim sou', marker: 'demo/confirm:7' };
    const kept = forum.message('bob', 'Talk', 'hello');
    forum.reply(kept, 'adjutant', `**${pm.title}**\n\n${pm.text}\n\n<small>${markerLine(pm.marker)}</small>`);
    // 45 more from bob: the posts are read by id 20 at a time from the end, ours the second of 47.
    for (let i = 0; i < 45; i++) forum.reply(kept, 'bob', `chat ${i}`);
    const dated = (n: number) => new Date(kept.posts[n].created_at);
    expect(await adapter().findOwnPrivate({ ...pm, conversation: String(kept.id) }, dated(1))).toBe(true);
    // Recorded after the 25th post: the chunks from the end back to the one holding it are read; not the first posts.
    expect(await adapter().findOwnPrivate({ ...pm, conversation: String(kept.id) }, dated(24))).toBe(false);
  });

  it('tells a post held for review from a post made, and takes "too similar" for a post already made', async () => {
    forum.holdForReview(true);
    const held = await adapter().publish({ text: 'Spring 1902', images: [], marker: 'demo:5:update' });
    expect(held).toEqual({ id: `pending:${forum.pending[0].id}`, held: true });
    expect(forum.posts).toEqual([]);
    forum.holdForReview(false);
    forum.approve();
    expect(await adapter().findOwnPost('demo:5:update')).toEqual({ id: String(forum.posts[0].id), url: `${forum.server.url}/t/game-thread/55/1` });

    // The same post again (a try after a time-out that the forum had in fact made): Discourse refuses
    // the body as too similar, which says it is there; the marker finds it.
    const made = await adapter().publish({ text: 'Fall 1902', images: [], marker: 'demo:6:update' });
    await expect(adapter().publish({ text: 'Fall 1902', images: [], marker: 'demo:6:update' })).rejects.toThrow(ForumMaybeDoneError);
    expect(await adapter().findOwnPost('demo:6:update')).toEqual({ id: made.id, url: made.url });
    expect(forum.posts.filter((p) => p.raw.startsWith('Fall 1902'))).toHaveLength(1);
  });

  it('sends private messages, and looks members up', async () => {
    await adapter().sendPrivate({ to: ['alice', 'bob'], title: 'Your orders', text: 'Read: A Par - Bur', marker: 'demo/confirm:1' });
    expect(forum.messages).toEqual([
      { title: 'Your orders', raw: 'Read: A Par - Bur\n\n<small>Adjutant ref demo/confirm:1.</small>', target_recipients: 'alice,bob' },
    ]);
    expect(await adapter().whoIs('alice')).toEqual({ id: '2', name: 'alice' });
    expect(await adapter().whoIs('mallory')).toBeNull();
  });

  it('reads the private messages others sent the account, page by page, oldest first, and from a cursor only the new', async () => {
    forum = await restart(['adjutant', 'alice', 'bob', 'carol']);
    const first = forum.message('alice', 'Orders', 'claim nor');
    for (let i = 0; i < 64; i++) forum.message(i % 2 ? 'bob' : 'carol', `Message ${i}`, `text ${i}`);
    // Neither a message between two players nor one the account started and nobody answered is the account's to read.
    forum.message('alice', 'Just between us', 'I will claim mid', ['bob']);
    await adapter().sendPrivate({ to: ['bob'], title: 'Your orders', text: 'Read: claim sou', marker: 'demo/confirm:2' });
    const read = await adapter().readPrivateSince!(null);
    expect(read.messages).toHaveLength(65);
    expect(read.messages[0]).toEqual({
      title: 'Orders',
      post: { id: String(first.posts[0].id), author: { id: '2', name: 'alice' }, text: 'claim nor', postedAt: first.posts[0].created_at },
    });
    expect(read.messages.map((m) => m.post.text)).toEqual(['claim nor', ...Array.from({ length: 64 }, (_, i) => `text ${i}`)]);
    const lists = () => forum.server.requests.filter((r) => r.path === '/topics/private-messages/adjutant.json');
    expect(lists().map((r) => r.query.get('page'))).toEqual([null, '1', '2']);
    expect(lists().every((r) => r.headers['api-username'] === 'adjutant')).toBe(true);

    // A reply in an old message, and one in the account's own; nothing else is opened again but the newest at the cursor's time.
    const opened = forum.server.requests.length;
    forum.reply(first, 'adjutant', 'Noted.');
    forum.reply(first, 'alice', 'claim mid as well');
    const confirmation = forum.pms.find((pm) => pm.title === 'Your orders')!;
    forum.reply(confirmation, 'bob', 'claim bay instead');
    const next = await adapter().readPrivateSince!(read.cursor);
    expect(next.messages.map((m) => [m.title, m.post.author.name, m.post.text])).toEqual([
      ['Orders', 'alice', 'claim mid as well'],
      ['Your orders', 'bob', 'claim bay instead'],
    ]);
    const since = forum.server.requests.slice(opened);
    expect(since.filter((r) => r.path.startsWith('/topics/')).map((r) => r.query.get('page'))).toEqual([null]);
    expect(new Set(since.filter((r) => r.path.startsWith('/t/')).map((r) => r.path.split('/')[2].replace('.json', '')))).toEqual(
      new Set([first.id, confirmation.id, forum.pms[64].id].map(String)),
    );
    expect((await adapter().readPrivateSince!(next.cursor)).messages).toEqual([]);
  });

  it('waits out a 429 by its wait_seconds, refuses a wrong key at once, and names a missing topic', async () => {
    forum.server.fail({
      status: 429,
      body: { errors: ['You’ve performed this action too many times.'], error_type: 'rate_limit', extras: { wait_seconds: 1 } },
    });
    const started = Date.now();
    await adapter().publish({ text: 'after a wait', images: [], marker: 'm' });
    expect(Date.now() - started).toBeGreaterThanOrEqual(1000);
    forum.server.fail({
      status: 429,
      body: { errors: ['Slow down.'], error_type: 'rate_limit', extras: { wait_seconds: 600 } },
      headers: { 'retry-after': '600' },
    });
    await expect(adapter().readSince(null)).rejects.toBeInstanceOf(ForumRateLimitedError);

    const before = forum.server.requests.length;
    await expect(adapter('adjutant', 'wrong').readSince(null)).rejects.toThrow(ForumAuthError);
    expect(forum.server.requests.length - before).toBe(1);
    await expect(discourseAdapter({ baseUrl: forum.server.url, topicId: 56, apiKey: forum.key, apiUsername: 'adjutant' }).readSince(null)).rejects.toThrow(
      ForumNotFoundError,
    );
  });
});

describe('Discourse webhooks', () => {
  const secret = 'whsec-1';
  const body = Buffer.from(JSON.stringify({ post: { id: 9001, topic_id: 55, username: 'alice', raw: 'A Par - Bur' } }));
  const signed = (b: Buffer, s = secret) => `sha256=${createHmac('sha256', s).update(b).digest('hex')}`;

  it('accepts a delivery signed with the webhook secret, and nothing else', () => {
    expect(verifyWebhook(body, signed(body), secret)).toBe(true);
    expect(verifyWebhook(body, signed(body, 'other'), secret)).toBe(false);
    expect(verifyWebhook(Buffer.from(body.toString().replace('alice', 'bob')), signed(body), secret)).toBe(false);
    expect(verifyWebhook(body, undefined, secret)).toBe(false);
    expect(verifyWebhook(body, 'sha256=zz', secret)).toBe(false);
  });

  it('reads the post a post_created delivery is about', () => {
    expect(webhookPost('post_created', JSON.parse(body.toString()))).toMatchObject({ id: 9001, topicId: 55, username: 'alice', raw: 'A Par - Bur' });
    expect(webhookPost('topic_created', JSON.parse(body.toString()))).toBeNull();
    expect(webhookPost('post_created', { post: { id: 'x' } })).toBeNull();
  });
});
