// A nation's orders in force as Adjutant read them: the ruleset's plain words for each order, the
// line it was read from and the GM's ticket when the GM chose it. The nation's own page shows its
// own; the GM's STATUS ORDERS and console show every nation's, and nobody else sees them.
import type { Redis } from 'ioredis';
import type { Game } from '../game/open-game.ts';
import { MessageLedger } from './message-ledger.ts';
import { describe } from './message-context.ts';

export interface OrderAsRead {
  reading: string;
  line?: string;
  ticket?: string;
}

export interface NationOrdersAsRead {
  nation: string;
  name: string;
  orders: OrderAsRead[];
}

export async function ordersAsRead(redis: Redis, game: Game, nation: string): Promise<OrderAsRead[]> {
  const inForce = await new MessageLedger(redis).nationOrders(game.id, nation);
  return inForce.orders.map((order, i) => ({ reading: describe({ game }, order), line: inForce.sources[i]?.text, ticket: inForce.sources[i]?.ticket }));
}

/** Every nation of the game, in game.yaml's order: for the GM only. */
export async function everyNationsOrders(redis: Redis, game: Game): Promise<NationOrdersAsRead[]> {
  return Promise.all(
    Object.entries(game.config.nations).map(async ([nation, config]) => ({ nation, name: config.name, orders: await ordersAsRead(redis, game, nation) })),
  );
}
