// Reading a phase's orders: every order is checked in the nations' game order, the first legal order
// for a unit is the one it follows, and every refused order gets its failure event at once.
import type { GameEvent, Order, OrdersByNation } from '../../engine/index.ts';
import type { Failure } from './board.ts';

export interface Given {
  nation: string;
  index: number;
  order: Order;
}

export interface Refusal {
  nation: string;
  index: number;
  code: string;
  message: string;
}

/** Nations in the game's order first, so results never depend on the order mail arrived in. */
export function nationsInOrder(known: Record<string, unknown>, orders: OrdersByNation): string[] {
  return [...Object.keys(known), ...Object.keys(orders).filter((n) => !(n in known))];
}

/**
 * Checks each nation's orders with `check`, which answers a unit key (one order per unit) and the
 * checked order, or a failure. Returns the accepted orders by unit key, with where they came from.
 */
export function readOrders<C>(
  known: Record<string, unknown>,
  orders: OrdersByNation,
  check: (nation: string, order: Order) => { key: number; value: C } | Failure,
): { accepted: Map<number, { given: Given; value: C }>; refused: Refusal[] } {
  const accepted = new Map<number, { given: Given; value: C }>();
  const refused: Refusal[] = [];
  for (const nation of nationsInOrder(known, orders)) {
    const list = orders[nation] ?? [];
    list.forEach((order, index) => {
      if (!(nation in known)) return refused.push({ nation, index, code: 'NO_SUCH_NATION', message: `${nation} is not a kingdom of this game.` });
      const result = check(nation, order);
      if ('ok' in result) return refused.push({ nation, index, code: result.code, message: result.message });
      if (accepted.has(result.key)) {
        return refused.push({ nation, index, code: 'ALREADY_ORDERED', message: 'That unit already has an order this turn; only its first order counts.' });
      }
      accepted.set(result.key, { given: { nation, index, order }, value: result.value });
    });
  }
  return { accepted, refused };
}

export function refusalEvents(refused: readonly Refusal[]): GameEvent[] {
  return refused.map((r) => ({ type: 'order.failed', nation: r.nation, order: r.index, reason: r.code, message: r.message, audience: [r.nation] }));
}
