// The XenForo adapter against a local server that follows XenForo's documented REST API
// (sandbox/forum/xenforo-server.ts): posting with the map attached, reading the thread page
// by page, finding its own post after a crash, private messages, and every way the forum can fail.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { markerLine } from '../../src/channels/forum/base/forum-adapter.ts';
import {
  ForumAuthError,
  ForumMaybeDoneError,
  ForumNotFoundError,
  ForumRateLimitedError,
  ForumUnavailableError,
} from '../../src/channels/forum/base/forum-errors.ts';
import { xenforoAdapter } from '../../src/channels/forum/xenforo/xenforo-adapter.ts';
import { startXenForo, type XenForoForum } from '../../sandbox/forum/xenforo-server.ts';
import { waitFor } from '../turns/support.ts';

let forum: XenForoForum;
const map = Buffer.from('89504e470d0a1a0a-a-map', 'utf8');
/** A message's item recorded at the epoch: every page may hold it. */
const EPOCH = new Date(0);
const adapter = (maxWaitMs = 5_000) =>
  xenforoAdapter({ baseUrl: forum.apiUrl, threadId: 77, apiKey: forum.key, http: { backoffMs: 10, retries: 3, maxWaitMs } });

beforeEach(async () => {
  forum = await startXenForo();
});
afterEach(async () => {
  await forum.server.close();
});

describe('the XenForo adapter', () => {
  it("refuses a super-user key's user given by name, which XenForo would take for a guest", () => {
    expect(() => xenforoAdapter({ baseUrl: forum.apiUrl, threadId: 77, apiKey: forum.key, apiUser: 'Adjutant' })).toThrow(
      /must be the account's numeric user id .*not "Adjutant"/,
    );
    expect(() => xenforoAdapter({ baseUrl: forum.apiUrl, threadId: 77, apiKey: forum.key, apiUser: '1' })).not.toThrow();
  });

  it('posts the update into the thread with the map attached, marked with its reference', async () => {
    const published = await adapter().publish({ text: '[B]Spring 1901[/B]', images: [{ filename: 'map.png', data: map }], marker: 'demo:1:update' });
    const [post] = forum.posts;
    expect(published.id).toBe(String(post.post_id));
    const [[attachmentId, attachment]] = [...forum.attachments];
    expect(attachment.data.equals(map)).toBe(true);
    expect(attachment.filename).toBe('map.png');
    expect(post.message).toContain('[B]Spring 1901[/B]');
    expect(post.message).toContain(`[ATTACH=full]${attachmentId}[/ATTACH]`);
    expect(post.message).toContain(markerLine('demo:1:update'));
    expect(post.attach_count).toBe(1);
    const newKey = forum.server.requests.find((r) => r.path === '/api/attachments/new-key')!;
    expect(newKey.form?.get('context[thread_id]')).toBe('77');
    expect(forum.server.requests.every((r) => r.headers['xf-api-key'] === forum.key)).toBe(true);
  });

  it('gives posts as they are now, one GET posts/{id}/ each, leaving out those gone, hidden or moved', async () => {
    const [edited, hidden, moved, gone] = [1, 2, 3, 4].map((i) => forum.say(2, `[orders]claim nor ${i}[/orders]`));
    forum.edit(edited, '[orders]claim mid[/orders]');
    hidden.message_state = 'moderated';
    moved.thread_id = 78;
    forum.posts.splice(forum.posts.indexOf(gone), 1);
    const posts = await adapter().currentPosts([edited, hidden, moved, gone].map((p) => String(p.post_id)));
    expect(posts).toEqual([
      {
        id: String(edited.post_id),
        author: { id: '2', name: 'Alice' },
        text: '[orders]claim mid[/orders]',
        postedAt: new Date(edited.post_date * 1000).toISOString(),
        editedAt: new Date((edited.post_date + 60) * 1000).toISOString(),
      },
    ]);
    expect(forum.server.requests.map((r) => r.path)).toEqual([edited, hidden, moved, gone].map((p) => `/api/posts/${p.post_id}/`));
  });

  it('reads the thread page by page, oldest first, and from a cursor only what is new', async () => {
    for (let i = 0; i < 45; i++) forum.say(i % 2 ? 2 : 3, `post ${i}`);
    const first = await adapter().readSince(null);
    expect(first.posts.map((p) => p.text)).toEqual(Array.from({ length: 45 }, (_, i) => `post ${i}`));
    expect(first.posts[1].author).toEqual({ id: '2', name: 'Alice' });
    expect(forum.server.requests.filter((r) => r.path.endsWith('/posts')).map((r) => r.query.get('page'))).toEqual(['1', '2', '3']);
    forum.say(2, 'A Par - Bur');
    const next = await adapter().readSince(first.cursor);
    expect(next.posts.map((p) => p.text)).toEqual(['A Par - Bur']);
    expect((await adapter().readSince(next.cursor)).posts).toEqual([]);
  });

  it('reads on after a moderator hides posts: later posts move to earlier pages, and a page past the end is no error', async () => {
    const said = Array.from({ length: 41 }, (_, i) => forum.say(i % 2 ? 2 : 3, `post ${i}`));
    const first = await adapter().readSince(null);
    expect(JSON.parse(first.cursor!)).toEqual({ page: 3, last: said[40].post_id });
    // Two posts hidden: the thread is two pages now, and the cursor's page 3 is past its end.
    forum.hide(said[3]);
    forum.hide(said[4]);
    forum.say(2, 'A Par - Bur');
    const next = await adapter().readSince(first.cursor);
    expect(next.posts.map((p) => p.text)).toEqual(['A Par - Bur']);
    // The cursor's post opens page 3; two posts follow it, and two posts before it are hidden: the
    // first new post moves to page 2 while page 3 remains, and is still read.
    forum.say(3, 'chatter');
    const third = await adapter().readSince(next.cursor);
    expect(JSON.parse(third.cursor!)).toEqual({ page: 3, last: forum.posts.at(-1)!.post_id });
    forum.say(2, 'A Mar - Spa');
    forum.say(3, 'more chatter');
    forum.hide(said[5]);
    forum.hide(said[6]);
    const fourth = await adapter().readSince(third.cursor);
    expect(fourth.posts.map((p) => p.text)).toEqual(['A Mar - Spa', 'more chatter']);
    expect((await adapter().readSince(fourth.cursor)).posts).toEqual([]);
  });

  it("finds its own post by its reference, and not a player's post quoting it", async () => {
    forum.say(2, `quoting: ${markerLine('demo:2:update')}`);
    expect(await adapter().findOwnPost('demo:2:update')).toBeNull();
    const published = await adapter().publish({ text: 'Fall 1901', images: [], marker: 'demo:2:update' });
    for (let i = 0; i < 30; i++) forum.say(3, `chatter ${i}`);
    expect(await adapter().findOwnPost('demo:2:update')).toEqual({ id: published.id, url: published.url });
    await adapter().publish({ text: 'Spring 1911', images: [], marker: 'demo:11' });
    expect(await adapter().findOwnPost('demo:1')).toBeNull();
  });

  it("edits its own post, keeping its reference, and is refused another member's", async () => {
    const published = await adapter().publish({ text: 'Fall 1901', images: [], marker: 'demo:6:update' });
    await adapter().editPost(published.id, { text: 'Withdrawn.', marker: 'demo:6:update' });
    const post = forum.posts.find((p) => String(p.post_id) === published.id)!;
    expect(post.message).toBe(`Withdrawn.\n\n[SIZE=1]${markerLine('demo:6:update')}[/SIZE]`);
    expect(post.last_edit_date).toBeGreaterThan(0);
    expect(await adapter().findOwnPost('demo:6:update')).toEqual({ id: published.id, url: published.url });
    const edit = forum.server.requests.find((r) => r.method === 'POST' && r.path === `/api/posts/${published.id}/`)!;
    expect(edit.form?.get('message')).toBe(post.message);
    const theirs = forum.say(2, 'my orders');
    await expect(adapter().editPost(String(theirs.post_id), { text: 'Withdrawn.', marker: 'demo:7' })).rejects.toThrow(ForumAuthError);
    expect(theirs.message).toBe('my orders');
  });

  it('sends a private message to members by name, and says when a name is not a member', async () => {
    const started = await adapter().sendPrivate({ to: ['alice', 'Bob'], title: 'Your orders', text: 'Read: A Par - Bur', marker: 'demo/confirm:1' });
    expect(forum.conversations).toEqual([
      {
        conversation_id: Number(started),
        recipient_ids: ['2', '3'],
        title: 'Your orders',
        message: 'Read: A Par - Bur\n\n[SIZE=1]Adjutant ref demo/confirm:1.[/SIZE]',
      },
    ]);
    await expect(adapter().sendPrivate({ to: ['Mallory'], title: 't', text: 'x', marker: 'm' })).rejects.toThrow(ForumNotFoundError);
  });

  it('retries reads through server errors, and a post through a short 429, then succeeds', async () => {
    forum.say(2, 'before the storm');
    forum.server.fail({ status: 503, body: { errors: [{ code: 'maintenance', message: 'Down for maintenance.', params: [] }] } }, 2);
    expect((await adapter().readSince(null)).posts.map((p) => p.text)).toEqual(['before the storm']);
    forum.server.fail({ status: 429, body: { errors: [] }, headers: { 'retry-after': '1' } });
    const started = Date.now();
    await adapter().publish({ text: 'after a storm', images: [], marker: 'demo:3:update' });
    expect(Date.now() - started).toBeGreaterThanOrEqual(1000);
    expect(forum.posts.filter((p) => p.user_id === 1).map((p) => p.message.split('\n')[0])).toEqual(['after a storm']);
  });

  it('never sends a post again after a server error or a time-out: the forum may have made it, and the marker finds it', async () => {
    forum.server.fail(
      { status: 503, body: { errors: [{ code: 'maintenance', message: 'Down for maintenance.', params: [] }] } },
      1,
      (r) => r.method === 'POST',
    );
    await expect(adapter().publish({ text: 'turn 3', images: [], marker: 'demo:3:update' })).rejects.toThrow(ForumMaybeDoneError);
    expect(forum.server.requests.filter((r) => r.method === 'POST')).toHaveLength(1);

    // A slow forum: it makes the post, and answers after the client has given up.
    forum.server.latency(1500);
    const slow = xenforoAdapter({ baseUrl: forum.apiUrl, threadId: 77, apiKey: forum.key, http: { backoffMs: 10, retries: 3, timeoutMs: 300 } });
    await expect(slow.publish({ text: 'turn 4', images: [], marker: 'demo:4:update' })).rejects.toThrow(ForumMaybeDoneError);
    await waitFor('the slow post', async () => forum.posts.some((p) => p.message.startsWith('turn 4')));
    forum.server.latency(0);
    expect(forum.posts.filter((p) => p.message.startsWith('turn 4'))).toHaveLength(1);
    const made = forum.posts.find((p) => p.message.startsWith('turn 4'))!;
    expect(await adapter().findOwnPost('demo:4:update')).toEqual({ id: String(made.post_id), url: made.view_url });
    expect(forum.server.requests.filter((r) => r.method === 'POST')).toHaveLength(2);
  });

  it('finds a private message it sent after a time-out by its title and marker, not another', async () => {
    const pm = { to: ['Alice'], title: 'Your orders for turn 3', text: 'Read: A Par - Bur', marker: 'demo/confirm:3' };
    forum.server.latency(1500, (r) => r.method === 'POST');
    const slow = xenforoAdapter({ baseUrl: forum.apiUrl, threadId: 77, apiKey: forum.key, http: { backoffMs: 10, retries: 3, timeoutMs: 300 } });
    await expect(slow.sendPrivate(pm)).rejects.toThrow(ForumMaybeDoneError);
    await waitFor('the slow conversation', async () => forum.conversations.length === 1);
    forum.server.latency(0);
    expect(await adapter().findOwnPrivate(pm, EPOCH)).toBe(true);
    // Another message of the same title, and a member's conversation carrying the same words, are not it.
    expect(await adapter().findOwnPrivate({ ...pm, marker: 'demo/confirm:4' }, EPOCH)).toBe(false);
    forum.converse(2, 'Your orders for turn 5', `copied: ${markerLine('demo/confirm:5')}`);
    expect(await adapter().findOwnPrivate({ ...pm, title: 'Your orders for turn 5', marker: 'demo/confirm:5' }, EPOCH)).toBe(false);
  });

  it('finds its message in the kept conversation after others pushed it onto an earlier page, reading back only to when it was sent', async () => {
    const pm = { to: ['Alice'], title: 'Your orders for turn 7', text: 'Read: A Par - Bur', marker: 'demo/confirm:7' };
    const kept = forum.converse(2, 'Talk', 'hello');
    forum.converse(1, '', `[B]${pm.title}[/B]\n\n${pm.text}\n\n[SIZE=1]${markerLine(pm.marker)}[/SIZE]`, kept);
    // 45 more from the member: 47 messages, 20 a page, ours the second on the first page.
    for (let i = 0; i < 45; i++) forum.converse(2, '', `chat ${i}`, kept);
    const dated = (n: number) => new Date(forum.messagesIn(kept)[n].message_date * 1000);
    expect(await adapter().findOwnPrivate({ ...pm, conversation: String(kept) }, dated(1))).toBe(true);
    // Recorded after the 25th message: the pages that begin later, and the one before them, are read; not the first.
    expect(await adapter().findOwnPrivate({ ...pm, conversation: String(kept) }, dated(24))).toBe(false);
  });

  it('says what is wrong, without retrying what cannot succeed', async () => {
    forum.revokeKey();
    await expect(adapter().readSince(null)).rejects.toThrow(ForumAuthError);
    await expect(adapter().readSince(null)).rejects.toThrow(/API key provided in request was not found.*Check the API key/);
    expect(forum.server.requests).toHaveLength(2);

    const fresh = await startXenForo();
    fresh.deleteThread();
    const gone = xenforoAdapter({ baseUrl: fresh.apiUrl, threadId: 77, apiKey: fresh.key, http: { backoffMs: 10 } });
    await expect(gone.publish({ text: 'x', images: [], marker: 'm' })).rejects.toThrow(/Requested thread not found/);
    await expect(gone.publish({ text: 'x', images: [], marker: 'm' })).rejects.toThrow(ForumNotFoundError);

    fresh.server.fail({ status: 429, body: { errors: [] }, headers: { 'retry-after': '3600' } });
    const waited = await xenforoAdapter({ baseUrl: fresh.apiUrl, threadId: 77, apiKey: fresh.key })
      .readSince(null)
      .catch((e: unknown) => e);
    expect(waited).toBeInstanceOf(ForumRateLimitedError);
    expect((waited as ForumRateLimitedError).retryAfterMs).toBe(3_600_000);

    await fresh.server.down();
    await expect(
      xenforoAdapter({ baseUrl: fresh.apiUrl, threadId: 77, apiKey: fresh.key, http: { backoffMs: 10, retries: 2 } }).readSince(null),
    ).rejects.toThrow(ForumUnavailableError);
  });
});
