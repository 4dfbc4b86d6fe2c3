// One turn being adjudicated: the state it changes, the dice, the events, and each nation's ledger.
import type { Dice, GameEvent, RulesetContext } from '../../engine/index.ts';
import type { CnesOptions } from './options.ts';
import type { CnesOrder } from './orders.ts';
import type { CnesState, CnesUnit } from './state.ts';

/** Every $ a nation's treasury moved this turn: total = start - spent + income. */
export interface Ledger {
  start: number;
  spent: number;
  income: number;
  total: number;
}

export interface AcceptedOrder {
  nation: string;
  index: number;
  order: CnesOrder;
  /** The units a unit order names, chosen when it was checked. */
  units: string[];
  /** $ the order costs. */
  cost: number;
}

/** An event before its audience is set. */
export interface EventBody {
  type: string;
  [field: string]: unknown;
}

export class Turn {
  readonly events: GameEvent[] = [];
  readonly ledgers = new Map<string, Ledger>();

  constructor(
    readonly ctx: RulesetContext<CnesOptions>,
    readonly state: CnesState,
    readonly dice: Dice,
    readonly accepted: readonly AcceptedOrder[],
  ) {
    for (const [id, n] of Object.entries(state.nations)) this.ledgers.set(id, { start: n.gold, spent: 0, income: 0, total: n.gold });
  }

  get options(): CnesOptions {
    return this.ctx.options;
  }

  ordersOf(kind: CnesOrder['kind']): AcceptedOrder[] {
    return this.accepted.filter((a) => a.order.kind === kind);
  }

  unit(id: string): CnesUnit | undefined {
    return this.state.units.find((u) => u.id === id);
  }

  spend(nation: string, amount: number): void {
    const ledger = this.ledgers.get(nation)!;
    ledger.spent += amount;
    this.state.nations[nation].gold -= amount;
  }

  emit(event: GameEvent): void {
    this.events.push(event);
  }

  /** An event only the nations named may see. */
  tell(nations: readonly string[], event: EventBody): void {
    this.events.push({ ...event, audience: [...new Set(nations)].sort() });
  }

  announce(event: EventBody): void {
    this.events.push({ ...event, audience: 'public' });
  }

  removeUnits(ids: readonly string[]): void {
    const gone = new Set(ids);
    this.state.units = this.state.units.filter((u) => !gone.has(u.id));
  }
}
