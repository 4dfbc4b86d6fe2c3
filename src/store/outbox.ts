// Every message Adjutant sends is recorded here before it is sent, each attempt is noted just
// before the SMTP conversation and the message marked sent just after it, so a crash resends at
// most the one message whose "OK" it did not live to note, with the same Message-ID (mail clients
// fold such twins into one). A message the server refuses for good is set aside, to be listed and
// sent again by the GM (`adjutant dead-letter`), and noted for the GM's hourly digest.
//
// Owns (src/store/keys.ts): gameKeys outbox, outboxPending and outboxByTime, mailKeys outboxFailed,
// outboxAttempts, outboxInDoubt and outboxUntold, and OUTBOX_KEYS.mailGamesInLine.
import { randomUUID } from 'node:crypto';
import type { Redis } from 'ioredis';
import { gameKeys, mailKeys, OUTBOX_KEYS } from './keys.ts';
import { loadLua } from './lua.ts';
import { OutboxLine } from './outbox-line.ts';

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

// No message is begun again while MAX_IN_DOUBT earlier conversations may each have delivered it.
const ATTEMPT = loadLua(import.meta.url, 'outbox-attempt.lua');
const NOT_DELIVERED = loadLua(import.meta.url, 'outbox-not-delivered.lua');

/** What the sender may do with a message: send it (the nth conversation), nothing (sent), or stop (two in doubt). */
export type SendAttempt = { kind: 'send'; entry: OutboxEntry; attempt: number } | { kind: 'in-doubt'; entry: OutboxEntry };

export class Outbox extends OutboxLine<OutboxEntry> {
  constructor(
    redis: Redis,
    private readonly options: { domain: string; now: () => Date },
  ) {
    super(redis, options.now, OUTBOX_KEYS.mailGamesInLine, (gameId) => {
      const [g, m] = [gameKeys(gameId), mailKeys(gameId)];
      return { items: g.outbox, line: g.outboxPending, failed: m.outboxFailed, clearedWithItem: [m.outboxInDoubt], byTime: g.outboxByTime };
    });
  }

  /** Records a message for sending; returns the entry (the existing one if this key was recorded before). */
  async record(gameId: string, message: OutgoingMessage): Promise<OutboxEntry> {
    return this.add(gameId, { ...message, messageId: `<${randomUUID()}@${this.options.domain}>`, recordedAt: this.now().toISOString() });
  }

  /** Marks a message sent (keeping the first time it was) and out of line for sending. */
  async markSent(gameId: string, key: string): Promise<void> {
    await this.markDone(gameId, key, 'sentAt', { sentAt: this.now().toISOString() });
  }

  /**
   * Notes that an SMTP conversation for this message begins; says which one it is (above one, an
   * earlier one may have got through), or that two earlier ones ended unknown and a third could be
   * a third copy; undefined when the message was sent already or is not recorded.
   */
  async markAttempt(gameId: string, key: string): Promise<SendAttempt | undefined> {
    const m = mailKeys(gameId);
    const found = (await this.redis.eval(ATTEMPT, 3, gameKeys(gameId).outbox, m.outboxAttempts, m.outboxInDoubt, key, String(MAX_IN_DOUBT))) as
      [string, number] | null;
    if (!found || found[1] === 0) return undefined;
    const entry = JSON.parse(found[0]) as OutboxEntry;
    return found[1] < 0 ? { kind: 'in-doubt', entry } : { kind: 'send', entry, attempt: found[1] };
  }

  /** Notes a set-aside message for the GM's next digest of undelivered mail. */
  async markUntold(gameId: string, key: string): Promise<void> {
    await this.redis.sadd(mailKeys(gameId).outboxUntold, key);
  }

  /** The set-aside messages the GM has not been told of yet. */
  async untold(gameId: string): Promise<string[]> {
    return (await this.redis.smembers(mailKeys(gameId).outboxUntold)).sort();
  }

  /** The GM was told of these (or they are no longer set aside). */
  async markTold(gameId: string, keys: string[]): Promise<void> {
    if (keys.length) await this.redis.srem(mailKeys(gameId).outboxUntold, ...keys);
  }

  /** Notes that the conversation begun last ended without delivering the message (the server said no, or never answered). */
  async markNotDelivered(gameId: string, key: string): Promise<void> {
    await this.redis.eval(NOT_DELIVERED, 1, mailKeys(gameId).outboxInDoubt, key);
  }
}
