// What both outboxes (mail, forum) keep the same way: each item recorded under a key naming what it
// is before it goes out, a line of the items still to go, the set of games with items in line, and
// the items set aside for the GM (refused for good, or out of tries) until the GM puts them back.
import type { Redis } from 'ioredis';
import { loadLua } from './lua.ts';
import { PendingGames } from './pending-games.ts';

/** One game's keys of an outbox. */
export interface LineKeys {
  /** key -> the item's JSON. */
  items: string;
  /** The items still to go, by when they were recorded. */
  line: string;
  /** key -> why and when it was set aside. */
  failed: string;
  /** Per-item counts that end when the item is done or put back in line by the GM. */
  clearedWithItem: string[];
  /** Every item by when it was recorded, where the outbox is read a page at a time. */
  byTime?: string;
}

export interface RecordedItem {
  /** What the item is, unique within the game: "report:step-3:red". Recording it twice is a no-op. */
  key: string;
  recordedAt: string;
}

export interface SetAside {
  key: string;
  error: string;
  at: string;
}

const RECORD = loadLua(import.meta.url, 'outbox-record.lua');

export class OutboxLine<E extends RecordedItem> {
  /** The games with items in line. */
  private readonly waiting: PendingGames;

  constructor(
    protected readonly redis: Redis,
    protected readonly now: () => Date,
    waitingSetKey: string,
    protected readonly keysOf: (gameId: string) => LineKeys,
  ) {
    this.waiting = new PendingGames(redis, waitingSetKey);
  }

  /** Records an item and puts it in line; returns the entry (the existing one if this key was recorded before). */
  protected async add(gameId: string, entry: E): Promise<E> {
    const k = this.keysOf(gameId);
    await this.waiting.add(gameId);
    const keys = [k.items, k.line, ...(k.byTime ? [k.byTime] : [])];
    const existing = (await this.redis.eval(RECORD, keys.length, ...keys, entry.key, JSON.stringify(entry), String(Date.parse(entry.recordedAt)))) as
      string | null;
    if (!existing) await this.waiting.add(gameId);
    return existing ? (JSON.parse(existing) as E) : entry;
  }

  async pending(gameId: string, limit = 100): Promise<E[]> {
    const k = this.keysOf(gameId);
    const keys = await this.redis.zrange(k.line, '0', String(limit - 1));
    if (!keys.length) return [];
    const values = await this.redis.hmget(k.items, ...keys);
    return values.filter((v): v is string => v !== null).map((v) => JSON.parse(v) as E);
  }

  /** Every item recorded, whatever became of it. */
  async all(gameId: string): Promise<E[]> {
    return (await this.redis.hvals(this.keysOf(gameId).items)).map((v) => JSON.parse(v) as E);
  }

  /**
   * `count` items from the `skip`th newest, newest first (items recorded in the same millisecond by
   * key); the outbox must keep an index by time. Items recorded before the index was kept join it
   * on the first read.
   */
  async newest(gameId: string, skip: number, count: number): Promise<E[]> {
    const k = this.keysOf(gameId);
    if (!k.byTime) throw new Error('this outbox keeps no index by time');
    const [indexed, recorded] = await Promise.all([this.redis.zcard(k.byTime), this.redis.hlen(k.items)]);
    if (indexed < recorded) await this.index(k.items, k.byTime);
    const keys = await this.redis.zrevrange(k.byTime, skip, skip + count - 1);
    if (!keys.length) return [];
    const values = await this.redis.hmget(k.items, ...keys);
    return values.filter((v): v is string => v !== null).map((v) => JSON.parse(v) as E);
  }

  private async index(items: string, byTime: string): Promise<void> {
    const all = (await this.redis.hvals(items)).map((v) => JSON.parse(v) as E);
    const tx = this.redis.multi();
    for (const e of all) tx.zadd(byTime, Date.parse(e.recordedAt), e.key);
    await tx.exec();
  }

  /** The keys of every item recorded. */
  async keys(gameId: string): Promise<string[]> {
    return this.redis.hkeys(this.keysOf(gameId).items);
  }

  /** How many items were recorded, and how many of them are still in line. */
  async counts(gameId: string): Promise<{ recorded: number; inLine: number }> {
    const k = this.keysOf(gameId);
    const [recorded, inLine] = await Promise.all([this.redis.hlen(k.items), this.redis.zcard(k.line)]);
    return { recorded, inLine };
  }

  async gamesWithPending(): Promise<string[]> {
    return this.waiting.list();
  }

  async entry(gameId: string, key: string): Promise<E | undefined> {
    const json = await this.redis.hget(this.keysOf(gameId).items, key);
    return json ? (JSON.parse(json) as E) : undefined;
  }

  /** Takes an item out of line as gone; `done` (when it went, what the other side called it) is kept from the first time only. */
  protected async markDone(gameId: string, key: string, doneAt: keyof E, done: Partial<E>): Promise<void> {
    const k = this.keysOf(gameId);
    const json = await this.redis.hget(k.items, key);
    const tx = this.redis.multi().zrem(k.line, key);
    for (const count of k.clearedWithItem) tx.hdel(count, key);
    if (json) {
      const entry = JSON.parse(json) as E;
      if (!entry[doneAt]) tx.hset(k.items, key, JSON.stringify({ ...entry, ...done }));
    }
    await tx.exec();
    await this.waiting.dropIfEmpty(gameId, k.line);
  }

  /** Takes an item out of line, with the reason, until `resend`. */
  async setAside(gameId: string, key: string, error: string): Promise<void> {
    const k = this.keysOf(gameId);
    await this.redis
      .multi()
      .hset(k.failed, key, JSON.stringify({ error, at: this.now().toISOString() }))
      .zrem(k.line, key)
      .exec();
    await this.waiting.dropIfEmpty(gameId, k.line);
  }

  /** The items set aside, oldest first. */
  async setAsideItems(gameId: string): Promise<SetAside[]> {
    const all = await this.redis.hgetall(this.keysOf(gameId).failed);
    return Object.entries(all)
      .map(([key, json]) => ({ key, ...(JSON.parse(json) as { error: string; at: string }) }))
      .sort((a, b) => a.at.localeCompare(b.at));
  }

  /** Puts a set-aside item back in line, on the GM's word; false when there is no such item. */
  async resend(gameId: string, key: string): Promise<boolean> {
    const k = this.keysOf(gameId);
    if (!(await this.redis.hexists(k.failed, key))) return false;
    const tx = this.redis.multi().zadd(k.line, this.now().getTime(), key).hdel(k.failed, key);
    for (const count of k.clearedWithItem) tx.hdel(count, key);
    await tx.exec();
    await this.waiting.add(gameId);
    return true;
  }
}
