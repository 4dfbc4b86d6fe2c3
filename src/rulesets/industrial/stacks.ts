// Which units a stack order moves: the units in the province the nation commands (its own, and
// foreign units whose nation transferred control to it), of the type named (or every type the
// order can move), as many as the count says, oldest first so results are stable.
import type { IndustrialState, IndustrialUnit } from './state.ts';
import { commanderOf, isLand, isShip } from './state.ts';

export interface StackOrder {
  province: string;
  unitType?: string;
  count?: number;
}

export function pickStack(
  state: IndustrialState,
  nation: string,
  order: StackOrder,
  what: 'land' | 'ships',
  skip: ReadonlySet<string> = new Set(),
): IndustrialUnit[] {
  const fits = what === 'land' ? isLand : isShip;
  const units = state.units.filter(
    (u) =>
      commanderOf(u) === nation &&
      u.province === order.province &&
      fits(u.type) &&
      (what === 'ships' || !u.aboard) &&
      !skip.has(u.id) &&
      (!order.unitType || u.type === order.unitType),
  );
  return order.count ? units.slice(0, order.count) : units;
}

/** A force by unit type ({ infantry: 3, artillery: 1 }), so reports can tell it without unit ids. */
export function forceOf(units: readonly IndustrialUnit[]): Record<string, number> {
  const force: Record<string, number> = {};
  for (const u of units) force[u.type] = (force[u.type] ?? 0) + 1;
  return force;
}

/** Units lost, as a force per nation, in the order the nations first appear. */
export function lossesOf(units: readonly IndustrialUnit[]): Array<{ nation: string; force: Record<string, number> }> {
  const nations = [...new Set(units.map((u) => u.nation))];
  return nations.map((nation) => ({ nation, force: forceOf(units.filter((u) => u.nation === nation)) }));
}

/** Land units aboard ships in a place that the nation commands. */
export function cargoAt(state: IndustrialState, nation: string, province: string): IndustrialUnit[] {
  return state.units.filter((u) => commanderOf(u) === nation && u.province === province && u.aboard !== undefined);
}
