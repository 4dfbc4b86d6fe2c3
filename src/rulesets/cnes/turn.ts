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
  /** Battles fought so far: each battle's number pairs its public summary with its heats. */
  battles = 0;
  /** The army that won the last battle in each province, with the nation its gains go to: it takes the province even if it moves on. */
  readonly victors = new Map<string, { nations: string[]; leader: string }>();
  /** The province each unit last stepped from: where an attack that is turned back came from. */
  readonly steppedFrom = new Map<string, string>();
  /** Units by id and by province, rebuilt after units move, appear or go (`moved`). */
  private index: { byId: Map<string, CnesUnit>; byProvince: Map<string, CnesUnit[]> } | null = null;

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

  /** What the combat system is given for every battle of the turn: one object, checked once. */
  get combatOptions(): Record<string, unknown> {
    const { cards, heats, criticalHits, splashCriticals } = this.ctx.options;
    return (this.combatOptionsOnce ??= { cards, heats, criticalHits, splashCriticals });
  }

  private combatOptionsOnce?: Record<string, unknown>;

  ordersOf(kind: CnesOrder['kind']): AcceptedOrder[] {
    return this.accepted.filter((a) => a.order.kind === kind);
  }

  unit(id: string): CnesUnit | undefined {
    return this.indexed().byId.get(id);
  }

  unitsIn(province: string): readonly CnesUnit[] {
    return this.indexed().byProvince.get(province) ?? [];
  }

  /** Provinces where units stand. */
  occupiedProvinces(): string[] {
    return [...this.indexed().byProvince.keys()].sort();
  }

  /** Moves a unit, keeping the index by province up to date. */
  relocate(unit: CnesUnit, to: string): void {
    if (this.index) {
      const from = this.index.byProvince.get(unit.province)!;
      from.splice(from.indexOf(unit), 1);
      if (!from.length) this.index.byProvince.delete(unit.province);
      const list = this.index.byProvince.get(to);
      if (list) list.push(unit);
      else this.index.byProvince.set(to, [unit]);
    }
    unit.province = to;
  }

  addUnit(unit: CnesUnit): void {
    this.units().push(unit);
    if (!this.index) return;
    this.index.byId.set(unit.id, unit);
    const list = this.index.byProvince.get(unit.province);
    if (list) list.push(unit);
    else this.index.byProvince.set(unit.province, [unit]);
  }

  private indexed() {
    if (this.index) return this.index;
    const byId = new Map<string, CnesUnit>();
    const byProvince = new Map<string, CnesUnit[]>();
    for (const u of this.units()) {
      byId.set(u.id, u);
      const list = byProvince.get(u.province);
      if (list) list.push(u);
      else byProvince.set(u.province, [u]);
    }
    return (this.index = { byId, byProvince });
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

  /** Every unit still in the game: read this, not `state.units`, while the turn is adjudicated. */
  units(): CnesUnit[] {
    if (this.removed.size) {
      this.state.units = this.state.units.filter((u) => !this.removed.has(u.id));
      this.removed.clear();
    }
    return this.state.units;
  }

  private readonly removed = new Set<string>();

  removeUnits(ids: readonly string[]): void {
    const gone = new Set(ids);
    if (!gone.size) return;
    // The state's list is filtered once, when next read (`units`), not after every battle.
    for (const id of gone) this.removed.add(id);
    if (!this.index) return;
    for (const id of gone) {
      const unit = this.index.byId.get(id);
      if (!unit) continue;
      this.index.byId.delete(id);
      const list = this.index.byProvince.get(unit.province)!;
      list.splice(list.indexOf(unit), 1);
      if (!list.length) this.index.byProvince.delete(unit.province);
    }
  }
}
