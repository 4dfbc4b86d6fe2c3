// Reading a phase's orders: every order is checked in the nations' game order, the first legal order
// for a unit is the one it follows, and every refused order gets its failure event at once.
import type { GameEvent, Order, OrdersByNation } from '../../engine/index.ts';
import type { Failure } from './board.ts';

/** An order a unit will follow: who gave it, where in their list, and what it checked out as. */
export interface Accepted<C> {
  unit: number;
  nation: string;
  index: number;
  order: Order;
  value: C;
}

export interface Refusal {
  nation: string;
  index: number;
  code: string;
  message: string;
}

/** Nations in the game's order first, so results never depend on the order mail arrived in. */
export function nationsInOrder(known: Record<string, unknown>, orders: OrdersByNation): string[] {
  const out = Object.keys(known);
  for (const n of Object.keys(orders)) if (!(n in known)) out.push(n);
  return out;
}

/**
 * Checks each nation's orders with `check`, which answers the checked order or a failure; `unitOf`
 * says which unit a checked order is for (one order per unit, the first legal one).
 */
export function readOrders<C>(
  known: Record<string, unknown>,
  orders: OrdersByNation,
  check: (nation: string, order: Order) => C | Failure,
  unitOf: (checked: C) => number,
): { accepted: Accepted<C>[]; byUnit: Array<Accepted<C> | undefined>; refused: Refusal[] } {
  const accepted: Accepted<C>[] = [];
  const byUnit: Array<Accepted<C> | undefined> = [];
  const refused: Refusal[] = [];
  for (const nation in known) {
    const list = orders[nation];
    if (!list) continue;
    for (let index = 0; index < list.length; index++) {
      const order = list[index];
      const result = check(nation, order);
      if ((result as Failure).ok === false) {
        refused.push({ nation, index, code: (result as Failure).code, message: (result as Failure).message });
        continue;
      }
      const unit = unitOf(result as C);
      if (byUnit[unit]) {
        refused.push({ nation, index, code: 'ALREADY_ORDERED', message: 'That unit already has an order this turn; only its first order counts.' });
        continue;
      }
      const a: Accepted<C> = { unit, nation, index, order, value: result as C };
      accepted.push(a);
      byUnit[unit] = a;
    }
  }
  // Then the orders of nations not in the game, in the order they came: every one refused.
  for (const nation in orders) {
    const list = orders[nation];
    if (nation in known || !list) continue;
    for (let index = 0; index < list.length; index++) refused.push({ nation, index, code: 'NO_SUCH_NATION', message: `${nation} is not a kingdom of this game.` });
  }
  return { accepted, byUnit, refused };
}

export function refusalEvents(refused: readonly Refusal[]): GameEvent[] {
  return refused.map((r) => ({ type: 'order.failed', nation: r.nation, order: r.index, reason: r.code, message: r.message, audience: [r.nation] }));
}
