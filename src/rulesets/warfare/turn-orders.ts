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

/**
 * Checks one order against what the phase reads (`board`): the checked order, for its unit, or why
 * not. A plain function of the board, not a closure over it: a turn then makes no function objects.
 */
export type OrderCheck<B, C extends { unit: number }> = (board: B, nation: string, order: Order) => C | Failure;

/** Nations in the game's order first, so results never depend on the order mail arrived in. */
export function nationsInOrder(known: Record<string, unknown>, orders: OrdersByNation): string[] {
  const out = Object.keys(known);
  for (const n of Object.keys(orders)) if (!(n in known)) out.push(n);
  return out;
}

/**
 * Checks each nation's orders with `check` (one order per unit, the first legal one, of `units`).
 * `events` holds the refusals, in the order they were given, for the turn to add its results to.
 */
export function readOrders<B, C extends { unit: number }>(
  known: Record<string, unknown>,
  orders: OrdersByNation,
  check: OrderCheck<B, C>,
  board: B,
  units: number,
): { accepted: Accepted<C>[]; byUnit: Array<Accepted<C> | undefined>; events: GameEvent[] } {
  const accepted: Accepted<C>[] = [];
  const byUnit: Array<Accepted<C> | undefined> = new Array(units);
  const events: GameEvent[] = [];
  let read = 0;
  for (const nation in known) {
    const list = orders[nation];
    if (!list) continue;
    read++;
    for (let index = 0; index < list.length; index++) {
      const order = list[index];
      const result = check(board, nation, order);
      if ((result as Failure).ok === false) {
        events.push(refusal(nation, index, (result as Failure).code, (result as Failure).message));
        continue;
      }
      const unit = (result as C).unit;
      if (byUnit[unit]) {
        events.push(refusal(nation, index, 'ALREADY_ORDERED', 'That unit already has an order this turn; only its first order counts.'));
        continue;
      }
      const a: Accepted<C> = { unit, nation, index, order, value: result as C };
      accepted.push(a);
      byUnit[unit] = a;
    }
  }
  // Then the orders of nations not in the game, in the order they came: every one refused.
  let given = 0;
  for (const nation in orders) if (orders[nation]) given++;
  if (read < given) refuseStrangers(known, orders, events);
  return { accepted, byUnit, events };
}

function refuseStrangers(known: Record<string, unknown>, orders: OrdersByNation, events: GameEvent[]): void {
  for (const nation in orders) {
    const list = orders[nation];
    if (nation in known || !list) continue;
    for (let index = 0; index < list.length; index++) events.push(refusal(nation, index, 'NO_SUCH_NATION', `${nation} is not a kingdom of this game.`));
  }
}

function refusal(nation: string, index: number, reason: string, message: string): GameEvent {
  return { type: 'order.failed', nation, order: index, reason, message, audience: [nation] };
}
