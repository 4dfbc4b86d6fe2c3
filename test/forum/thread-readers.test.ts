// The thread readers (src/channels/forum/thread-readers.ts) when the forum fails: down, a 429 storm, a
// deleted thread, a revoked key. Each gives the GM one clear notice through the mail outbox, moves
// no cursor, loses no post, and the next read after the cause is gone takes every post.
import { afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { ThreadReaders } from '../../src/channels/forum/thread-readers.ts';
import { xenforoAdapter } from '../../src/channels/forum/xenforo/xenforo-adapter.ts';
import { forumKeys } from '../../src/store/keys.ts';
import { requireServices } from '../support/services.ts';
import { startXenForo, type XenForoForum } from '../../sandbox/forum/xenforo-server.ts';
import { forumTestGame, gameReaders, type ForumTestGame } from './support/forum-game.ts';

let forum: XenForoForum;
let game: ForumTestGame;
let readers: ThreadReaders;
let key: string;
let clock: number;

beforeAll(async () => {
  await requireServices(['redis']);
});
beforeEach(async () => {
  forum = await startXenForo();
  key = forum.key;
  clock = Date.parse('2029-12-30T12:00:00Z');
  game = await forumTestGame({ software: 'xenforo', url: forum.apiUrl, thread: 77 }, { now: () => new Date(clock) });
  // The key the GM has configured right now: a revoked key is replaced by a new one.
  readers = gameReaders(game, () => xenforoAdapter({ baseUrl: forum.apiUrl, threadId: 77, apiKey: key, http: { backoffMs: 5, retries: 2, maxWaitMs: 50 } }));
});
afterEach(async () => {
  await readers.stop();
  await forum.server.close();
  await game.close();
});

async function gmNotices(): Promise<Array<{ key: string; subject: string; text: string; to: string[] }>> {
  const all = await game.store.redis.hgetall(`adjutant:{${game.id}}:outbox`);
  return Object.values(all)
    .map((v) => JSON.parse(v))
    .filter((e) => e.key.startsWith('alert:forum-read:'));
}

async function failsThenRecovers(fail: () => void | Promise<void>, recover: () => void | Promise<void>, says: RegExp): Promise<void> {
  await readers.readNow(game.id);
  forum.say(2, '[orders]claim nor[/orders]');
  const before = await game.store.redis.get(forumKeys(game.id).cursor);
  await fail();
  forum.say(3, '[orders]claim sou[/orders]');
  await readers.readNow(game.id);
  const [notice] = await gmNotices();
  expect(notice.to).toEqual(['gm@adjutant.test']);
  expect(notice.subject).toMatch(/\] Adjutant cannot read the game's forum$/);
  expect(notice.text).toMatch(says);
  expect(notice.text).toContain('No post is lost');
  expect(await game.store.redis.get(forumKeys(game.id).cursor)).toBe(before);
  expect(game.queued).toEqual([]);
  // Told once, however often the same failure is met within the hour.
  await readers.readNow(game.id);
  expect(await gmNotices()).toHaveLength(1);

  await recover();
  clock += 2 * 3_600_000;
  await readers.readNow(game.id);
  expect(game.queued).toHaveLength(2);
  await game.processQueued();
  const orders = await game.store.ordersInForce(game.id);
  expect(orders.red?.orders).toEqual([{ kind: 'claim', province: 'nor' }]);
  expect(orders.blue?.orders).toEqual([{ kind: 'claim', province: 'sou' }]);
}

describe('reading a thread when the forum fails', () => {
  it('the forum down: the GM is told to wait, and the posts are read once it is back', async () => {
    await failsThenRecovers(
      () => forum.server.down(),
      () => forum.server.up(),
      /may be down/i,
    );
  });

  it('a 429 asking to wait an hour: the GM is told, and the thread is not asked again before the hour is out', async () => {
    const busy = { status: 429, body: { errors: [{ code: 'too_many_requests', message: 'Too many requests.' }] }, headers: { 'Retry-After': '3600' } };
    let before = 0;
    let after = 0;
    await failsThenRecovers(
      () => ((before = forum.server.requests.length), forum.server.fail(busy)),
      () => void (after = forum.server.requests.length),
      /wait|slow|429|too many/i,
    );
    // One request met the 429; the reads after it, within the hour, did not reach the forum.
    expect(after).toBe(before + 1);
  });

  it('a revoked key: the GM is told to fix the key, and a new key reads what was posted meanwhile', async () => {
    await failsThenRecovers(
      () => forum.revokeKey(),
      () => void (key = 'revoked'),
      /key/i,
    );
  });

  it('a deleted thread: the GM is told the thread is gone, and nothing stored before is lost', async () => {
    forum.say(2, '[orders]claim mid[/orders]');
    await readers.readNow(game.id);
    const cursor = await game.store.redis.get(forumKeys(game.id).cursor);
    forum.deleteThread();
    await readers.readNow(game.id);
    const [notice] = await gmNotices();
    expect(notice.text).toMatch(/thread|not found/i);
    expect(await game.store.redis.get(forumKeys(game.id).cursor)).toBe(cursor);
    await game.processQueued();
    expect((await game.store.ordersInForce(game.id)).red?.orders).toEqual([{ kind: 'claim', province: 'mid' }]);
  });
});
