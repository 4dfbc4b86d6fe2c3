// Orders written on a nation's private page, taken in for the message loop: each stored under a
// new id ("web:<uuid>") with the nation whose signed link sent it and the moment it arrived,
// before the page answers the player.
// Owns (src/store/keys.ts): webKeys orders.
import { randomUUID } from 'node:crypto';
import type { Redis } from 'ioredis';
import { MessageLedger } from '../../messages/message-ledger.ts';
import { webKeys } from '../../store/keys.ts';

export interface WebOrders {
  /** The nation whose private link the orders were written under. */
  nation: string;
  /** What the player wrote, as sent (bounded by the form's size). */
  text: string;
  /** When the page took it (ISO): lateness is judged by it. */
  at: string;
}

const WEB_ID = /^web:[0-9a-f-]{36}$/;

/** Whether a stored message's id is a web order's. */
export function isWebOrdersId(id: string): boolean {
  return WEB_ID.test(id);
}

export class WebInbox {
  constructor(private readonly redis: Redis) {}

  /** Stores the orders and when they arrived; returns their id in the message loop. */
  async take(gameId: string, nation: string, text: string, now: Date): Promise<string> {
    const id = `web:${randomUUID()}`;
    const orders: WebOrders = { nation, text, at: now.toISOString() };
    await this.redis.hset(webKeys(gameId).orders, id, JSON.stringify(orders));
    await new MessageLedger(this.redis).markReceived(gameId, id, now);
    return id;
  }

  async item(gameId: string, id: string): Promise<WebOrders | null> {
    const json = await this.redis.hget(webKeys(gameId).orders, id);
    return json ? (JSON.parse(json) as WebOrders) : null;
  }
}
