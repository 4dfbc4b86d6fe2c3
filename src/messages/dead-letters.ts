// Messages of any channel that could not be processed: the parse job failed for good (a fault on
// every try, or the job handed back by crashed workers too often). Each is kept here with its
// reason until the GM has it processed again (`adjutant dead-letter retry`); the message itself
// stays where its channel stored it.
// Owns (src/store/keys.ts): mailKeys deadMail.
import type { Redis } from 'ioredis';
import { mailKeys } from '../store/keys.ts';

export interface DeadMail {
  messageId: string;
  error: string;
  at: string;
}

export class DeadLetters {
  constructor(private readonly redis: Redis) {}

  /** Records a dead letter; true the first time for this email (so the GM is told once). */
  async record(gameId: string, messageId: string, error: string, at: Date): Promise<boolean> {
    return (await this.redis.hsetnx(mailKeys(gameId).deadMail, messageId, JSON.stringify({ error, at: at.toISOString() }))) === 1;
  }

  async list(gameId: string): Promise<DeadMail[]> {
    const all = await this.redis.hgetall(mailKeys(gameId).deadMail);
    return Object.entries(all)
      .map(([messageId, json]) => ({ messageId, ...(JSON.parse(json) as { error: string; at: string }) }))
      .sort((a, b) => a.at.localeCompare(b.at));
  }

  /** Forgets a dead letter, before it is processed again; false when there was none. */
  async release(gameId: string, messageId: string): Promise<boolean> {
    return (await this.redis.hdel(mailKeys(gameId).deadMail, messageId)) === 1;
  }
}
