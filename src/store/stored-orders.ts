// The orders in force, as the game's `orders` hash keeps them: one JSON value per nation, in one
// shape, written only by GameStore (game-store.ts): its own methods and scripts, and game.lua's
// game_set_orders for a message's commit, each given values from this encoder. Every write bumps
// the orders version.
import type { Order } from '../engine/index.ts';
import { withMessageId } from './renamed-fields.ts';

/** Where an order in force came from. */
export interface OrderSource {
  messageId: string;
  /** The email's Date: header (or its arrival), ISO; the later one wins. */
  date: string;
  line?: number;
  /** The player's line, as written (secrets already removed). */
  text?: string;
  /** Set when the GM chose this order for an ambiguous line. */
  ticket?: string;
}

export interface OrdersInForce {
  orders: Order[];
  /** Raw emails these orders came from. */
  mails: string[];
  /** One per order, same positions, for orders that came by mail; absent for orders set otherwise (repeated, restored, imported). */
  sources?: OrderSource[];
}

export function encodeOrders(value: OrdersInForce): string {
  return JSON.stringify(value);
}

export function decodeOrders(json: string): OrdersInForce {
  const value = JSON.parse(json) as Partial<OrdersInForce>;
  const orders = value.orders ?? [];
  const sources = value.sources?.length === orders.length ? value.sources.map(withMessageId) : undefined;
  return { orders, mails: value.mails ?? [], ...(sources && { sources }) };
}

/** Orders with their sources, from mail: the emails they came from are the sources' own. */
export function fromMail(orders: Order[], sources: OrderSource[]): OrdersInForce {
  return { orders, mails: [...new Set(sources.map((s) => s.messageId).filter(Boolean))].sort(), sources };
}
