// What each purchase costs, from the game's prices.
import { boughtType } from './civ-orders.ts';
import type { BoardNesOptions } from './options.ts';
import type { WrittenOrder } from './orders.ts';

const STRUCTURE_PRICE = { town: 'town', 'military-base': 'militaryBase', city: 'city', 'engineered-city': 'engineeredCity' } as const;

/** Gold an order spends when it is carried out; 0 for orders that buy nothing. Every kind costs its type's price. */
export function costOf(order: WrittenOrder, options: BoardNesOptions): number {
  const { prices } = options;
  if (order.kind === 'buy-unit') return prices[boughtType(order, options)] * (order.count ?? 1);
  if (order.kind === 'buy-structure') return prices[STRUCTURE_PRICE[order.structure]];
  if (order.kind === 'caravan') return prices.caravan * order.count + prices.escort * (order.escorts ?? 0);
  return 0;
}
