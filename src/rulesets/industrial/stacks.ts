// Which units a stack order moves: the nation's units in the province, of the type named (or
// every type the order can move), as many as the count says, oldest first so results are stable.
import type { IndustrialState, IndustrialUnit } from './state.ts';
import { isLand, isShip } from './state.ts';

export interface StackOrder {
  province: string;
  unitType?: string;
  count?: number;
}

export function pickStack(state: IndustrialState, nation: string, order: StackOrder, what: 'land' | 'ships', skip: ReadonlySet<string> = new Set()): IndustrialUnit[] {
  const fits = what === 'land' ? isLand : isShip;
  const units = state.units.filter(
    (u) => u.nation === nation && u.province === order.province && fits(u.type) && (what === 'ships' || !u.aboard) && !skip.has(u.id) && (!order.unitType || u.type === order.unitType),
  );
  return order.count ? units.slice(0, order.count) : units;
}

/** Land units aboard the nation's ships in a place. */
export function cargoAt(state: IndustrialState, nation: string, province: string): IndustrialUnit[] {
  return state.units.filter((u) => u.nation === nation && u.province === province && u.aboard !== undefined);
}
