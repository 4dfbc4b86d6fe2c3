// A phase's events, with one result for every order given: "succeeded" with what happened, or
// "failed" with the reason. Each result is also kept by the order's place among all the phase's
// orders (each nation's orders one run of places), so the orders revealed after the deadline are
// read off by place instead of searched for among the events.
import type { GameEvent, Order, OrdersByNation } from '../../engine/index.ts';
import type { WarfareState } from './state.ts';

/** An entry of `orders.revealed`: the order as given (the report words it), and its result. */
export interface RevealedOrder {
  nation: string;
  given: Order;
  ok: boolean;
  reason?: string;
}

/** What a phase comes to: the next state, and its events with every order's result. */
export interface PhaseResult {
  state: WarfareState;
  results: OrderResults;
}

export class OrderResults {
  /** Every event of the phase, results among them, in the order they happened. */
  readonly events: GameEvent[] = [];
  /** The nations that gave orders and their lists, in the order `orders` holds them. */
  readonly nations: string[];
  readonly lists: Order[][];
  /** Where each nation's run of places starts. */
  private readonly starts: number[];
  private readonly byPlace: Array<GameEvent | undefined>;
  // Results come grouped by nation: the last nation's start is kept at hand.
  private lastNation: string | undefined = undefined;
  private lastStart = -1;

  constructor(orders: OrdersByNation) {
    this.nations = Object.keys(orders);
    this.lists = Object.values(orders);
    this.starts = new Array(this.lists.length);
    let total = 0;
    for (let k = 0; k < this.lists.length; k++) {
      this.starts[k] = total;
      total += this.lists[k].length;
    }
    this.byPlace = new Array(total);
  }

  /** The result of the nation's `index`th order: it succeeded, and this is what happened. */
  succeeded(nation: string, index: number, message: string): void {
    this.record(nation, index, { type: 'order.succeeded', nation, order: index, message, audience: [nation] });
  }

  /** The result of the nation's `index`th order: it failed, for this reason. */
  failed(nation: string, index: number, reason: string, message: string): void {
    this.record(nation, index, { type: 'order.failed', nation, order: index, reason, message, audience: [nation] });
  }

  private record(nation: string, index: number, event: GameEvent): void {
    this.events.push(event);
    if (nation !== this.lastNation) {
      this.lastNation = nation;
      const k = this.nations.indexOf(nation);
      this.lastStart = k < 0 ? -1 : this.starts[k];
    }
    if (this.lastStart >= 0) this.byPlace[this.lastStart + index] = event;
  }

  /** Every order as given, with its result: Diplomacy publishes them all after the deadline. */
  revealed(): GameEvent {
    const orders: RevealedOrder[] = new Array(this.byPlace.length);
    for (let k = 0, i = 0; k < this.lists.length; k++) {
      const nation = this.nations[k];
      const given = this.lists[k];
      for (let index = 0; index < given.length; index++, i++) {
        const r = this.byPlace[i];
        // One object literal per order, no spread: a big turn reveals tens of thousands of them.
        orders[i] = r?.reason
          ? { nation, given: given[index], ok: false, reason: r.reason as string }
          : { nation, given: given[index], ok: r?.type === 'order.succeeded' };
      }
    }
    return { type: 'orders.revealed', orders, audience: 'public' };
  }
}
