// Stacks of units by nation, type and province, built once per state: validation and every phase
// look units up by stack, and a 5,000-unit turn cannot afford a scan of the list per order.
// Each lookup table is built on first use, since most phases need only one of them.
import type { BoardNesState, BoardNesUnit } from './state.ts';

export class UnitIndex {
  private stacks?: Map<string, BoardNesUnit[]>;
  private cargo?: Map<string, BoardNesUnit[]>;
  private byProvince?: Map<string, BoardNesUnit[]>;

  constructor(private readonly units: readonly BoardNesUnit[]) {}

  get size(): number {
    return this.units.length;
  }

  /** A nation's units of one type in one province (armies in a sea are the ones aboard its fleets). */
  stack(nation: string, type: string, province: string): readonly BoardNesUnit[] {
    this.stacks ??= group(this.units, (u) => `${u.nation}|${u.type}|${u.province}`);
    return this.stacks.get(`${nation}|${type}|${province}`) ?? [];
  }

  /** Armies carried by one fleet. */
  cargoOf(fleetId: string): readonly BoardNesUnit[] {
    this.cargo ??= group(this.units, (u) => u.aboard);
    return this.cargo.get(fleetId) ?? [];
  }

  in(province: string): readonly BoardNesUnit[] {
    this.byProvince ??= group(this.units, (u) => u.province);
    return this.byProvince.get(province) ?? [];
  }

  /** Provinces where any unit stands. */
  provinces(): IterableIterator<string> {
    this.byProvince ??= group(this.units, (u) => u.province);
    return this.byProvince.keys();
  }
}

function group(units: readonly BoardNesUnit[], key: (unit: BoardNesUnit) => string | undefined): Map<string, BoardNesUnit[]> {
  const map = new Map<string, BoardNesUnit[]>();
  for (const unit of units) {
    const k = key(unit);
    if (k === undefined) continue;
    const list = map.get(k);
    if (list) list.push(unit);
    else map.set(k, [unit]);
  }
  return map;
}

const cache = new WeakMap<readonly BoardNesUnit[], UnitIndex>();

/** The index of a unit list that is not being changed: validation calls it once per order. */
export function indexOf(state: BoardNesState): UnitIndex {
  let index = cache.get(state.units);
  // A list that grew or shrank since was edited in place: index it afresh.
  if (!index || index.size !== state.units.length) cache.set(state.units, (index = new UnitIndex(state.units)));
  return index;
}
