// One turn being adjudicated: the working state, the accepted orders, the events so far, and
// exactly one result per order, sent out in the nation's own order once the turn is over.
import type { CombatSystem, Dice, GameEvent, MapGraph, Order, RulesetContext } from '../../engine/index.ts';
import type { BoardNesOptions } from './options.ts';
import { formatOrder, type BoardNesOrder } from './orders.ts';
import type { BoardNesState } from './state.ts';

export interface AcceptedOrder<O extends BoardNesOrder = BoardNesOrder> {
  nation: string;
  /** Index in the nation's order list, as written. */
  index: number;
  /** The order in its ruleset form (armies boarding or leaving ships read as load and unload). */
  order: O;
}

export type OrderOf<K extends BoardNesOrder['kind']> = Extract<BoardNesOrder, { kind: K }>;

/** The ledger a nation's private report shows, line by line as the rules list it. */
export interface Ledger {
  /** Gold at the start of the turn (last update's total). */
  start: number;
  /** Debt cancelled by disbanding the units that could not be supported. */
  debtCleared: number;
  /** Spent this turn on units, structures, caravans and escorts. */
  spent: number;
  /** "How much you had left from last turn": start + debt cleared - spent. */
  left: number;
  tax: number;
  /** Caravan income: the caravan return for every caravan that was not stolen. */
  caravans: number;
  theft: number;
  upkeep: number;
  total: number;
}

export class Turn {
  readonly events: GameEvent[] = [];
  readonly ledgers = new Map<string, Ledger>();
  /** Land and sea provinces where a battle was fought this turn. */
  readonly battles = new Set<string>();
  /** Aim orders that applied to a battle, as "nation#index". */
  readonly usedAims = new Set<string>();
  readonly map: MapGraph;
  readonly options: BoardNesOptions;
  readonly combat: CombatSystem;
  private readonly results = new Map<string, GameEvent>();
  private byKind?: Map<string, AcceptedOrder[]>;

  constructor(
    ctx: RulesetContext<BoardNesOptions>,
    readonly state: BoardNesState,
    readonly dice: Dice,
    readonly accepted: readonly AcceptedOrder[],
    private readonly written: Readonly<Record<string, readonly Order[]>>,
  ) {
    this.map = ctx.map;
    this.options = ctx.options;
    this.combat = ctx.combat.get(ctx.options.combat);
  }

  /** Accepted orders of one kind, in nation and written order. */
  of<K extends BoardNesOrder['kind']>(kind: K): readonly AcceptedOrder<OrderOf<K>>[] {
    if (!this.byKind) {
      this.byKind = new Map();
      for (const a of this.accepted) {
        const list = this.byKind.get(a.order.kind);
        if (list) list.push(a);
        else this.byKind.set(a.order.kind, [a]);
      }
    }
    return (this.byKind.get(kind) ?? []) as AcceptedOrder<OrderOf<K>>[];
  }

  ledger(nation: string): Ledger {
    let ledger = this.ledgers.get(nation);
    if (!ledger) {
      const start = Number(this.state.nations[nation].gold ?? 0);
      ledger = { start, debtCleared: 0, spent: 0, left: start, tax: 0, caravans: 0, theft: 0, upkeep: 0, total: start };
      this.ledgers.set(nation, ledger);
    }
    return ledger;
  }

  name(province: string): string {
    return this.map.province(province).name;
  }

  /** A nation as players know it, for the sentences a player reads. */
  nationName(nation: string): string {
    return this.state.nations[nation]?.name ?? nation;
  }

  /** An event everyone may see: what happened on the board. */
  announce(type: string, fields: Record<string, unknown>): void {
    this.events.push({ type, audience: 'public', ...fields });
  }

  /** An event only these nations (and the GM) may see; an empty list is the GM alone. */
  tell(audience: readonly string[], type: string, fields: Record<string, unknown>): void {
    this.events.push({ type, audience, ...fields });
  }

  succeed(nation: string, index: number, message: string, fields: Record<string, unknown> = {}): void {
    this.result(nation, index, { type: 'order.succeeded', message, ...fields });
  }

  fail(nation: string, index: number, reason: string, message: string, fields: Record<string, unknown> = {}): void {
    this.result(nation, index, { type: 'order.failed', reason, message, ...fields });
  }

  private result(nation: string, index: number, fields: { type: string; message: string; [field: string]: unknown }): void {
    const key = `${nation}#${index}`;
    if (this.results.has(key)) throw new Error(`Order ${key} was given two results; each order gets exactly one.`);
    const order = this.written[nation]?.[index];
    this.results.set(key, { nation, order: index, canonical: order ? formatOrder(order) : undefined, audience: [nation], ...fields });
  }

  removeUnits(ids: ReadonlySet<string>): void {
    if (ids.size) this.state.units = this.state.units.filter((u) => !ids.has(u.id));
  }

  /** The results, every order's, in each nation's written order; a missing one is a ruleset bug. */
  finish(): GameEvent[] {
    for (const [nation, orders] of Object.entries(this.written)) {
      orders.forEach((_, index) => {
        const result = this.results.get(`${nation}#${index}`);
        if (!result) throw new Error(`Order ${nation}#${index} got no result; each order gets exactly one.`);
        this.events.push(result);
      });
    }
    return this.events;
  }
}
