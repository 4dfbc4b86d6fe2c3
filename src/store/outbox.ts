// Every message Adjutant sends is recorded here before it is sent and marked sent after, so a
// crash resends at most once, with the same Message-ID (mail clients fold such twins into one).
import { randomUUID } from 'node:crypto';
import type { Redis } from 'ioredis';
import { gameKeys } from './keys.ts';

export interface OutgoingMessage {
  /** What the message is, unique within the game: "report:step-3:red". Recording it twice is a no-op. */
  key: string;
  from: string;
  to: string[];
  subject: string;
  text: string;
  html?: string;
  inReplyTo?: string;
  references?: string[];
  headers?: Record<string, string>;
  attachments?: Array<{ filename: string; path: string; cid?: string }>;
}

export interface OutboxEntry extends OutgoingMessage {
  messageId: string;
  recordedAt: string;
  sentAt?: string;
}

const PENDING_GAMES = 'adjutant:outbox:pending';

// Recording and queueing happen together, or a crash between them would strand a message unsent.
const RECORD = `
if redis.call('HSETNX', KEYS[1], ARGV[1], ARGV[2]) == 0 then return redis.call('HGET', KEYS[1], ARGV[1]) end
redis.call('ZADD', KEYS[2], ARGV[3], ARGV[1])
return false`;

export class Outbox {
  constructor(
    private readonly redis: Redis,
    private readonly options: { domain: string; now: () => Date },
  ) {}

  /** Records a message for sending; returns the entry (the existing one if this key was recorded before). */
  async record(gameId: string, message: OutgoingMessage): Promise<OutboxEntry> {
    const k = gameKeys(gameId);
    const entry: OutboxEntry = { ...message, messageId: `<${randomUUID()}@${this.options.domain}>`, recordedAt: this.options.now().toISOString() };
    // The set of games with mail to send is only a hint for the sender, so it may be set first.
    await this.redis.sadd(PENDING_GAMES, gameId);
    const existing = (await this.redis.eval(RECORD, 2, k.outbox, k.outboxPending, message.key, JSON.stringify(entry), String(Date.parse(entry.recordedAt)))) as string | null;
    return existing ? (JSON.parse(existing) as OutboxEntry) : entry;
  }

  async pending(gameId: string, limit = 100): Promise<OutboxEntry[]> {
    const k = gameKeys(gameId);
    const keys = await this.redis.zrange(k.outboxPending, '0', String(limit - 1));
    if (!keys.length) return [];
    const values = await this.redis.hmget(k.outbox, ...keys);
    return values.filter((v): v is string => v !== null).map((v) => JSON.parse(v) as OutboxEntry);
  }

  async gamesWithPending(): Promise<string[]> {
    return (await this.redis.smembers(PENDING_GAMES)).sort();
  }

  async markSent(gameId: string, key: string): Promise<void> {
    const k = gameKeys(gameId);
    const json = await this.redis.hget(k.outbox, key);
    if (!json) return;
    const entry = { ...(JSON.parse(json) as OutboxEntry), sentAt: this.options.now().toISOString() };
    await this.redis.multi().hset(k.outbox, key, JSON.stringify(entry)).zrem(k.outboxPending, key).exec();
    if ((await this.redis.zcard(k.outboxPending)) === 0) await this.redis.srem(PENDING_GAMES, gameId);
  }

  async entry(gameId: string, key: string): Promise<OutboxEntry | undefined> {
    const json = await this.redis.hget(gameKeys(gameId).outbox, key);
    return json ? (JSON.parse(json) as OutboxEntry) : undefined;
  }
}
