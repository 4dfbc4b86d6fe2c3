// One turn being adjudicated: the working state, the accepted orders by phase, the events so
// far, and exactly one result per order. Event types are named `<phase>.<what>` so the report
// sentences in report.ts can be found by type.
import type { Dice, GameEvent, MapGraph, Order, RulesetContext } from '../../engine/index.ts';
import type { IndustrialOptions, Season } from './options.ts';
import { seasonOf } from './seasons.ts';
import { formatOrder, type IndustrialOrder, type OrderKind, type OrderOf } from './orders.ts';
import type { IndustrialState, IndustrialUnit } from './state.ts';

export interface AcceptedOrder<O extends IndustrialOrder = IndustrialOrder> {
  nation: string;
  index: number;
  order: O;
}

export class Turn {
  readonly events: GameEvent[] = [];
  readonly map: MapGraph;
  readonly options: IndustrialOptions;
  /** The season and year of this turn. */
  readonly season: { season: Season; year: number };
  /** Orders cancelled during the turn (their units died, moved or fought): no longer executed. */
  readonly cancelled = new Set<string>();
  /** Warships that have already modified a combat this turn. */
  readonly shipsUsed = new Set<string>();
  /** Ships supporting each coastal province this turn, by nation: `${nation}@${province}`. */
  readonly coastSupport = new Map<string, string[]>();
  /** Coastal provinces ships supply this turn, by nation. */
  readonly coastSupply = new Set<string>();
  /** Land units that came ashore outside a port: they may not move on this turn. */
  readonly landedAtSea = new Set<string>();
  /** Disembark orders that invade: fought in the land phase, "from warship". */
  readonly pendingLandings: AcceptedOrder<OrderOf<'disembark'>>[] = [];
  readonly landingUnits = new Map<string, IndustrialUnit[]>();
  /** Treaty payments cancelled this turn: the diplomacy phase reports the broken expectation. */
  readonly cancelledPayments: Array<{ treaty: string; by: string; payment: string }> = [];
  private readonly results = new Map<string, GameEvent>();
  private byKind?: Map<string, AcceptedOrder[]>;

  constructor(
    ctx: RulesetContext<IndustrialOptions>,
    readonly state: IndustrialState,
    readonly dice: Dice,
    readonly accepted: readonly AcceptedOrder[],
    private readonly written: Readonly<Record<string, readonly Order[]>>,
  ) {
    this.map = ctx.map;
    this.options = ctx.options;
    this.season = seasonOf(ctx.options, state.turn);
  }

  of<K extends OrderKind>(kind: K): AcceptedOrder<OrderOf<K>>[] {
    if (!this.byKind) {
      this.byKind = new Map();
      for (const a of this.accepted) this.byKind.set(a.order.kind, [...(this.byKind.get(a.order.kind) ?? []), a]);
    }
    return (this.byKind.get(kind) ?? []).filter((a) => !this.cancelled.has(key(a))) as AcceptedOrder<OrderOf<K>>[];
  }

  name(province: string): string {
    return this.map.has(province) ? this.map.province(province).name : province;
  }

  /** A nation's name for players' messages; an id the game does not know stays as written. */
  nationName(id: string): string {
    return this.state.nations[id]?.name ?? id;
  }

  announce(type: string, fields: Record<string, unknown>): void {
    this.events.push({ type, audience: 'public', ...fields });
  }

  tell(audience: readonly string[], type: string, fields: Record<string, unknown>): void {
    this.events.push({ type, audience: [...new Set(audience)], ...fields });
  }

  done(a: AcceptedOrder, message: string, fields: Record<string, unknown> = {}): void {
    this.result(a.nation, a.index, { type: 'order.succeeded', message, ...fields });
  }

  fail(a: { nation: string; index: number }, reason: string, message: string): void {
    this.cancelled.add(key(a));
    this.result(a.nation, a.index, { type: 'order.failed', reason, message });
  }

  hasResult(a: { nation: string; index: number }): boolean {
    return this.results.has(key(a));
  }

  private result(nation: string, index: number, fields: { type: string; message: string; [field: string]: unknown }): void {
    const k = `${nation}#${index}`;
    if (this.results.has(k)) return; // the first result stands: a cancelled order is not also executed
    const order = this.written[nation]?.[index];
    this.results.set(k, { nation, order: index, canonical: order ? formatOrder(order) : undefined, audience: [nation], ...fields });
  }

  /** Every order gets a result; one nobody answered was carried out without news. */
  finish(): GameEvent[] {
    for (const [nation, orders] of Object.entries(this.written)) {
      orders.forEach((_, index) => {
        if (!this.results.has(`${nation}#${index}`)) this.result(nation, index, { type: 'order.succeeded', message: 'Carried out.' });
        this.events.push(this.results.get(`${nation}#${index}`)!);
      });
    }
    return this.events;
  }
}

export function key(a: { nation: string; index: number }): string {
  return `${a.nation}#${a.index}`;
}
