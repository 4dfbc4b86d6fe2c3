// Every post and private message Adjutant makes on a game's forum is recorded here before it is
// made, under a key naming what it is ("update:step-3"), and marked posted with the forum's id for
// it right after. Each item carries a marker written into the post, so after a crash between the
// forum's answer and the mark the thread can be searched for it before posting again. An item the
// forum refuses for good is set aside, to be listed and put back in line by the GM
// (`adjutant dead-letter`).
import type { Redis } from 'ioredis';
import { forumKeys } from './keys.ts';
import { PendingGames } from './pending-games.ts';
import { setAsideEntries, setAsideValue, type SetAside } from './set-aside.ts';

interface ForumItemBase {
  /** What the item is, unique within the game: "update:step-3". Recording it twice is a no-op. */
  key: string;
  /** The text in the forum's own markup (BBCode or Markdown). */
  text: string;
}

/** A post into the game's thread, with images (paths of PNG files) shown below its text. */
export interface ForumPost extends ForumItemBase {
  kind: 'post';
  images: Array<{ filename: string; path: string }>;
}

/** A private message (conversation) to forum members, by their forum names. */
export interface ForumPrivateMessage extends ForumItemBase {
  kind: 'private';
  to: string[];
  title: string;
}

export type ForumItem = ForumPost | ForumPrivateMessage;

export type ForumOutboxEntry = ForumItem & {
  /** Written into the post (forum-adapter.ts, markerLine) so the post can be found again. */
  marker: string;
  recordedAt: string;
  postedAt?: string;
  /** The forum's id for the post, when it gives one. */
  postId?: string;
  /** The forum cannot take it (phpBB, or no forum any more): it went to the GM by email to pass on. */
  passedToGm?: boolean;
};


// Recording and queueing happen together, or a crash between them would strand an item unposted.
const RECORD = `
if redis.call('HSETNX', KEYS[1], ARGV[1], ARGV[2]) == 0 then return redis.call('HGET', KEYS[1], ARGV[1]) end
redis.call('ZADD', KEYS[2], ARGV[3], ARGV[1])
return false`;

// A try is counted only for an item still in line, so a posted or set-aside item is never tried again.
const ATTEMPT = `
if not redis.call('ZSCORE', KEYS[2], ARGV[1]) then return false end
local json = redis.call('HGET', KEYS[1], ARGV[1])
if not json then return false end
return {json, redis.call('HINCRBY', KEYS[3], ARGV[1], 1)}`;

export class ForumOutbox {
  constructor(
    private readonly redis: Redis,
    private readonly options: { now: () => Date },
  ) {
    this.waiting = new PendingGames(redis, 'adjutant:forum-outbox:pending');
  }

  /** The games with items to post. */
  private readonly waiting: PendingGames;

  /** Records an item for posting; returns the entry (the existing one if this key was recorded before). */
  async record(gameId: string, item: ForumItem): Promise<ForumOutboxEntry> {
    const k = forumKeys(gameId);
    const entry: ForumOutboxEntry = { ...item, marker: `${gameId}/${item.key}`, recordedAt: this.options.now().toISOString() };
    await this.waiting.add(gameId);
    const existing = (await this.redis.eval(RECORD, 2, k.outbox, k.outboxPending, item.key, JSON.stringify(entry), String(Date.parse(entry.recordedAt)))) as string | null;
    if (!existing) await this.waiting.add(gameId);
    return existing ? (JSON.parse(existing) as ForumOutboxEntry) : entry;
  }

  async pending(gameId: string, limit = 100): Promise<ForumOutboxEntry[]> {
    const k = forumKeys(gameId);
    const keys = await this.redis.zrange(k.outboxPending, '0', String(limit - 1));
    if (!keys.length) return [];
    const values = await this.redis.hmget(k.outbox, ...keys);
    return values.filter((v): v is string => v !== null).map((v) => JSON.parse(v) as ForumOutboxEntry);
  }

  async gamesWithPending(): Promise<string[]> {
    return this.waiting.list();
  }

  /** Marks an item posted (keeping the first time and id it was) and out of line for posting. */
  async markPosted(gameId: string, key: string, postId?: string): Promise<void> {
    await this.markDone(gameId, key, postId ? { postId } : {});
  }

  /** Marks an item the forum cannot take as handed to the GM by email, to pass on by hand. */
  async markPassedToGm(gameId: string, key: string): Promise<void> {
    await this.markDone(gameId, key, { passedToGm: true });
  }

  private async markDone(gameId: string, key: string, outcome: Pick<ForumOutboxEntry, 'postId' | 'passedToGm'>): Promise<void> {
    const k = forumKeys(gameId);
    const json = await this.redis.hget(k.outbox, key);
    const tx = this.redis.multi().zrem(k.outboxPending, key);
    if (json) {
      const entry = JSON.parse(json) as ForumOutboxEntry;
      if (!entry.postedAt) tx.hset(k.outbox, key, JSON.stringify({ ...entry, postedAt: this.options.now().toISOString(), ...outcome }));
    }
    await tx.exec();
    await this.waiting.dropIfEmpty(gameId, k.outboxPending);
  }

  /**
   * Notes that a try at posting this item begins; returns the entry and how many tries were begun
   * so far (above one: an earlier try may have posted), or undefined when it is not in line.
   */
  async markAttempt(gameId: string, key: string): Promise<{ entry: ForumOutboxEntry; attempt: number } | undefined> {
    const k = forumKeys(gameId);
    const found = (await this.redis.eval(ATTEMPT, 3, k.outbox, k.outboxPending, k.outboxAttempts, key)) as [string, number] | null;
    return found ? { entry: JSON.parse(found[0]) as ForumOutboxEntry, attempt: found[1] } : undefined;
  }

  /** Takes an item out of line, with the reason, until `resend`. */
  async setAside(gameId: string, key: string, error: string): Promise<void> {
    const k = forumKeys(gameId);
    await this.redis.multi().hset(k.outboxFailed, key, setAsideValue(error, this.options.now())).zrem(k.outboxPending, key).exec();
    await this.waiting.dropIfEmpty(gameId, k.outboxPending);
  }

  async setAsideItems(gameId: string): Promise<SetAside[]> {
    return setAsideEntries(this.redis, forumKeys(gameId).outboxFailed);
  }

  /** Puts a set-aside item back in line for posting; false when there is no such item. */
  async resend(gameId: string, key: string): Promise<boolean> {
    const k = forumKeys(gameId);
    if (!(await this.redis.hexists(k.outboxFailed, key))) return false;
    await this.redis.multi().zadd(k.outboxPending, Date.parse(this.options.now().toISOString()), key).hdel(k.outboxFailed, key).exec();
    await this.waiting.add(gameId);
    return true;
  }

  async entry(gameId: string, key: string): Promise<ForumOutboxEntry | undefined> {
    const json = await this.redis.hget(forumKeys(gameId).outbox, key);
    return json ? (JSON.parse(json) as ForumOutboxEntry) : undefined;
  }
}
