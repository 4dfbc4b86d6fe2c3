// What civ-advanced games add to the orders: purchases that name a unit kind, and the standing
// battle plan. Both are refused, with the reason, in games fought with another combat system.
import { unitClasses, type CivAdvancedPlan, type UnitClass } from '../../combat/civ-advanced/index.ts';
import { accepted, illegal, type Verdict } from '../../engine/index.ts';
import type { BoardNesOptions } from './options.ts';
import type { BattlePlanOrder, WrittenOrder } from './orders.ts';
import { findUnitKind, unitTypeOfKind, usesUnitKinds } from './unit-kinds.ts';

type WrittenBuyUnit = Extract<WrittenOrder, { kind: 'buy-unit' }>;

/** The unit type a purchase buys: the one written, else the one its kind implies. */
export function boughtType(order: WrittenBuyUnit, options: BoardNesOptions): 'army' | 'fleet' {
  if (order.unitType) return order.unitType;
  const found = order.unitKind === undefined ? undefined : findUnitKind(options.civAdvanced.units, order.unitKind);
  return found ? unitTypeOfKind(found.entry) : 'army';
}

export function checkUnitKind(order: WrittenBuyUnit, options: BoardNesOptions): Verdict {
  if (order.unitKind === undefined) return accepted;
  if (!usesUnitKinds(options)) {
    return illegal(
      'NO_UNIT_KINDS',
      `Unit kinds such as "${order.unitKind}" are bought only in games fought with civ-advanced combat; this game uses ${options.combat}: buy an army or a fleet.`,
    );
  }
  const table = options.civAdvanced.units;
  const found = findUnitKind(table, order.unitKind);
  if (!found) return illegal('UNKNOWN_UNIT_KIND', `There is no unit kind "${order.unitKind}" in this game's unit table (${Object.keys(table).join(', ')}).`);
  const type = unitTypeOfKind(found.entry);
  if (order.unitType !== undefined && order.unitType !== type) {
    return illegal(
      'WRONG_UNIT_TYPE',
      `${capitalised(found.kind)} are ${found.entry.class}: they are bought as ${type === 'fleet' ? 'fleets' : 'armies'}, not ${order.unitType === 'fleet' ? 'fleets' : 'armies'}.`,
    );
  }
  return accepted;
}

const supportable: readonly UnitClass[] = unitClasses.filter((c) => c !== 'aircraft');

export function checkBattlePlan(order: BattlePlanOrder, options: BoardNesOptions): Verdict {
  if (!usesUnitKinds(options))
    return illegal('NO_BATTLE_PLANS', `Battle plans are for games fought with civ-advanced combat; this game uses ${options.combat}.`);
  const table = options.civAdvanced.units;
  for (const entry of [...(order.wave ?? []), ...(order.casualties ?? [])]) {
    if (!findUnitKind(table, entry) && !isClass(entry)) {
      return illegal(
        'UNKNOWN_UNIT_KIND',
        `"${entry}" is neither a unit kind of this game's table (${Object.keys(table).join(', ')}) nor a class (${unitClasses.join(', ')}).`,
      );
    }
  }
  for (const entry of [order.aircraftSupport ?? []].flat()) {
    if (!supportable.includes(entry.trim().toLowerCase() as UnitClass)) {
      return illegal('NOT_A_CLASS', `Aircraft support a class of units, one of ${supportable.join(', ')}; "${entry}" is not one.`);
    }
  }
  return accepted;
}

/** The plan as the state keeps it: table kinds (plural) and classes, lower case; null for "default". */
export function canonicalPlan(order: BattlePlanOrder, options: BoardNesOptions): CivAdvancedPlan | null {
  const name = (entry: string) => findUnitKind(options.civAdvanced.units, entry)?.kind ?? entry.trim().toLowerCase();
  const support = order.aircraftSupport === undefined ? undefined : [order.aircraftSupport].flat().map((c) => c.trim().toLowerCase() as UnitClass);
  const plan: CivAdvancedPlan = {
    ...(order.wave && { wave: order.wave.map(name) }),
    ...(support && { aircraftSupport: support.length === 1 ? support[0] : support }),
    ...(order.casualties && { casualties: order.casualties.map(name) }),
  };
  return Object.keys(plan).length ? plan : null;
}

function isClass(entry: string): boolean {
  return (unitClasses as readonly string[]).includes(entry.trim().toLowerCase());
}

function capitalised(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}
