// Every message Adjutant sends is recorded here before it is sent, each attempt is noted just
// before the SMTP conversation and the message marked sent just after it, so a crash resends at
// most the one message whose "OK" it did not live to note, with the same Message-ID (mail clients
// fold such twins into one). A message the server refuses for good is set aside, to be listed and
// sent again by the GM (`adjutant dead-letter`).
import { randomUUID } from 'node:crypto';
import type { Redis } from 'ioredis';
import { gameKeys, mailKeys } from './keys.ts';
import { PendingGames } from './pending-games.ts';
import { setAsideEntries, setAsideValue, type SetAside } from './set-aside.ts';

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

/** SMTP conversations of unknown outcome after which a message is no longer sent without the GM. */
export const MAX_IN_DOUBT = 2;

// Recording and queueing happen together, or a crash between them would strand a message unsent.
const RECORD = `
if redis.call('HSETNX', KEYS[1], ARGV[1], ARGV[2]) == 0 then return redis.call('HGET', KEYS[1], ARGV[1]) end
redis.call('ZADD', KEYS[2], ARGV[3], ARGV[1])
return false`;

// The attempt is counted beside the entry, so after a crash the record shows a send was begun;
// and counted as in doubt until its outcome is known, so no message is begun a third time while two
// earlier conversations may each have delivered it (at most two copies, whatever crashes).
const ATTEMPT = `
local json = redis.call('HGET', KEYS[1], ARGV[1])
if not json then return false end
if string.find(json, '"sentAt":', 1, true) then return {json, 0} end
if tonumber(redis.call('HGET', KEYS[3], ARGV[1]) or '0') >= ${MAX_IN_DOUBT} then return {json, -1} end
redis.call('HINCRBY', KEYS[3], ARGV[1], 1)
return {json, redis.call('HINCRBY', KEYS[2], ARGV[1], 1)}`;

const NOT_DELIVERED = `
if tonumber(redis.call('HGET', KEYS[1], ARGV[1]) or '0') > 0 then redis.call('HINCRBY', KEYS[1], ARGV[1], -1) end`;

/** What the sender may do with a message: send it (the nth conversation), nothing (sent), or stop (two in doubt). */
export type SendAttempt = { kind: 'send'; entry: OutboxEntry; attempt: number } | { kind: 'in-doubt'; entry: OutboxEntry };

export class Outbox {
  constructor(
    private readonly redis: Redis,
    private readonly options: { domain: string; now: () => Date },
  ) {
    this.waiting = new PendingGames(redis, 'adjutant:outbox:pending');
  }

  /** The games with mail to send. */
  private readonly waiting: PendingGames;

  /** Records a message for sending; returns the entry (the existing one if this key was recorded before). */
  async record(gameId: string, message: OutgoingMessage): Promise<OutboxEntry> {
    const k = gameKeys(gameId);
    const entry: OutboxEntry = { ...message, messageId: `<${randomUUID()}@${this.options.domain}>`, recordedAt: this.options.now().toISOString() };
    await this.waiting.add(gameId);
    const existing = (await this.redis.eval(RECORD, 2, k.outbox, k.outboxPending, message.key, JSON.stringify(entry), String(Date.parse(entry.recordedAt)))) as string | null;
    if (!existing) await this.waiting.add(gameId);
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
    return this.waiting.list();
  }

  /** Marks a message sent (keeping the first time it was) and out of line for sending. */
  async markSent(gameId: string, key: string): Promise<void> {
    const k = gameKeys(gameId);
    const json = await this.redis.hget(k.outbox, key);
    const tx = this.redis.multi().zrem(k.outboxPending, key).hdel(mailKeys(gameId).outboxInDoubt, key);
    if (json) {
      const entry = JSON.parse(json) as OutboxEntry;
      if (!entry.sentAt) tx.hset(k.outbox, key, JSON.stringify({ ...entry, sentAt: this.options.now().toISOString() }));
    }
    await tx.exec();
    await this.waiting.dropIfEmpty(gameId, k.outboxPending);
  }

  /**
   * Notes that an SMTP conversation for this message begins; says which one it is (above one, an
   * earlier one may have got through), or that two earlier ones ended unknown and a third could be
   * a third copy; undefined when the message was sent already or is not recorded.
   */
  async markAttempt(gameId: string, key: string): Promise<SendAttempt | undefined> {
    const m = mailKeys(gameId);
    const found = (await this.redis.eval(ATTEMPT, 3, gameKeys(gameId).outbox, m.outboxAttempts, m.outboxInDoubt, key)) as [string, number] | null;
    if (!found || found[1] === 0) return undefined;
    const entry = JSON.parse(found[0]) as OutboxEntry;
    return found[1] < 0 ? { kind: 'in-doubt', entry } : { kind: 'send', entry, attempt: found[1] };
  }

  /** Notes that the conversation begun last ended without delivering the message (the server said no, or never answered). */
  async markNotDelivered(gameId: string, key: string): Promise<void> {
    await this.redis.eval(NOT_DELIVERED, 1, mailKeys(gameId).outboxInDoubt, key);
  }

  /** Takes a message out of sending, with the reason, until `resend`. */
  async setAside(gameId: string, key: string, error: string): Promise<void> {
    const k = gameKeys(gameId);
    const failure = setAsideValue(error, this.options.now());
    await this.redis.multi().hset(mailKeys(gameId).outboxFailed, key, failure).zrem(k.outboxPending, key).exec();
    await this.waiting.dropIfEmpty(gameId, k.outboxPending);
  }

  async setAsideMessages(gameId: string): Promise<SetAside[]> {
    return setAsideEntries(this.redis, mailKeys(gameId).outboxFailed);
  }

  /** Puts a set-aside message back in line for sending, on the GM's word even if it may have arrived; false when there is no such message. */
  async resend(gameId: string, key: string): Promise<boolean> {
    const k = gameKeys(gameId);
    if (!(await this.redis.hexists(mailKeys(gameId).outboxFailed, key))) return false;
    await this.redis.multi().zadd(k.outboxPending, Date.parse(this.options.now().toISOString()), key).hdel(mailKeys(gameId).outboxFailed, key).hdel(mailKeys(gameId).outboxInDoubt, key).exec();
    await this.waiting.add(gameId);
    return true;
  }

  async entry(gameId: string, key: string): Promise<OutboxEntry | undefined> {
    const json = await this.redis.hget(gameKeys(gameId).outbox, key);
    return json ? (JSON.parse(json) as OutboxEntry) : undefined;
  }
}
