// Reading a phase's orders: every order is checked in the nations' game order, the first legal order
// for a unit is the one it follows, and every refused order gets its result at once.
import type { Order, OrdersByNation } from '../../engine/index.ts';
import type { Failure } from './board.ts';
import type { OrderResults } from './order-results.ts';

/**
 * What every order a unit will follow carries, besides what it checked out as: its unit, who gave
 * it, where in their list, and the order as written. One object per order: the check makes it whole.
 */
export interface Accepted {
  unit: number;
  nation: string;
  index: number;
  order: Order;
}

/**
 * Checks one order (the `index`th of the nation's) against what the phase reads (`board`): the
 * checked order, for its unit, or why not. A plain function of the board, not a closure over it: a
 * turn then makes no function objects.
 */
export type OrderCheck<B, C extends Accepted> = (board: B, nation: string, order: Order, index: number) => C | Failure;

/** Nations in the game's order first, so results never depend on the order mail arrived in. */
export function nationsInOrder(known: Record<string, unknown>, orders: OrdersByNation): string[] {
  const out = Object.keys(known);
  for (const n of Object.keys(orders)) if (!(n in known)) out.push(n);
  return out;
}

/**
 * Checks each nation's orders with `check` (one order per unit, the first legal one, of `units`).
 * Each refused order gets its result in `results` at once, in the order they were given.
 */
export function readOrders<B, C extends Accepted>(
  known: Record<string, unknown>,
  results: OrderResults,
  check: OrderCheck<B, C>,
  board: B,
  units: number,
): { accepted: C[]; byUnit: Array<C | undefined> } {
  const accepted: C[] = [];
  const byUnit: Array<C | undefined> = new Array(units);
  // The few nations that gave orders, found by place in these lists: reading `orders[nation]` for
  // every nation of the game would be a lookup by name in an object whose shape differs every turn.
  const { nations: givers, lists } = results;
  const nations = Object.keys(known);
  for (let k = 0; k < nations.length; k++) {
    const g = givers.indexOf(nations[k]);
    if (g >= 0) readList(nations[k], lists[g], check, board, accepted, byUnit, results);
  }
  // Then the orders of nations not in the game, in the order they came: every one refused.
  for (let g = 0; g < givers.length; g++) {
    const nation = givers[g];
    if (!nations.includes(nation)) refuseStranger(nation, lists[g], results);
  }
  return { accepted, byUnit };
}

function readList<B, C extends Accepted>(
  nation: string,
  list: readonly Order[],
  check: OrderCheck<B, C>,
  board: B,
  accepted: C[],
  byUnit: Array<C | undefined>,
  results: OrderResults,
): void {
  for (let index = 0; index < list.length; index++) {
    const result = check(board, nation, list[index], index);
    if ((result as Failure).ok === false) {
      results.failed(nation, index, (result as Failure).code, (result as Failure).message);
      continue;
    }
    const a = result as C;
    if (byUnit[a.unit]) {
      results.failed(nation, index, 'ALREADY_ORDERED', 'That unit already has an order this turn; only its first order counts.');
      continue;
    }
    accepted.push(a);
    byUnit[a.unit] = a;
  }
}

function refuseStranger(nation: string, list: readonly Order[], results: OrderResults): void {
  for (let index = 0; index < list.length; index++) results.failed(nation, index, 'NO_SUCH_NATION', `${nation} is not a kingdom of this game.`);
}
