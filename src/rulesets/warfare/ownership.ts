// "Provinces are owned by the kingdom who most recently had a unit occupying it", and "the kingdom
// that owns a province also owns the Landmark in that province". Seas are not owned: the seed calls
// a province "a section of land". Might is what a kingdom's landmarks let it field.
import type { GameEvent } from '../../engine/index.ts';
import { landmarkBenefits } from './landmarks.ts';
import { SEA, type WarfareMap } from './map-index.ts';
import type { WarfareState } from './state.ts';

/** Every land province with a unit in it passes to the unit's kingdom; captures are reported. */
export function claimProvinces(map: WarfareMap, state: WarfareState, events: GameEvent[]): void {
  let copied = false;
  for (const unit of state.units) {
    const p = map.number(unit.province);
    if (p === undefined || map.kind[p] === SEA) continue;
    const record = state.provinces[unit.province];
    const from = record?.owner ?? null;
    if (from === unit.nation) continue;
    // The provinces are shared with the input state until the first change (see copyState).
    if (!copied) state.provinces = { ...state.provinces };
    copied = true;
    state.provinces[unit.province] = { ...record, owner: unit.nation };
    events.push({ type: 'province.captured', province: unit.province, nation: unit.nation, from, audience: 'public' });
    for (const landmark of map.landmarks[p]) {
      events.push({
        type: 'landmark.captured',
        province: unit.province,
        landmark,
        nation: unit.nation,
        from,
        benefit: landmarkBenefits[landmark],
        message: `${state.nations[unit.nation]?.name ?? unit.nation} captured the ${landmark.replace(/-/g, ' ')} in ${map.name(p)}, which ${landmarkBenefits[landmark]}.`,
        audience: 'public',
      });
    }
  }
}

export interface Might {
  /** Units the kingdom may have: its supply centres plus its Mercenary Companies. */
  might: number;
  supplyCenters: number;
  mercenaries: number;
  units: number;
  /** Units it may build (positive) or must disband (negative) in winter. */
  adjustment: number;
}

function mightEntry(all: Map<string, Might>, nation: string): Might {
  let m = all.get(nation);
  if (!m) all.set(nation, (m = { might: 0, supplyCenters: 0, mercenaries: 0, units: 0, adjustment: 0 }));
  return m;
}

/** Every kingdom's Might and units, in one pass over the landmarks that count and the units. */
export function mightOf(map: WarfareMap, state: WarfareState): Map<string, Might> {
  const all = new Map<string, Might>();
  for (const nation in state.nations) mightEntry(all, nation);
  const { mustering, centres, companies, ids } = map;
  // Provinces and units mostly come grouped by kingdom: the last kingdom's entry is kept at hand.
  let owner: string | null | undefined;
  let entry: Might | undefined;
  for (let k = 0; k < mustering.length; k++) {
    const p = mustering[k];
    const o = state.provinces[ids[p]]?.owner;
    if (!o) continue;
    if (o !== owner) entry = mightEntry(all, (owner = o));
    entry!.supplyCenters += centres[p];
    entry!.mercenaries += companies[p];
  }
  for (let k = 0; k < state.units.length; k++) {
    const nation = state.units[k].nation;
    if (nation !== owner) entry = mightEntry(all, (owner = nation));
    entry!.units++;
  }
  for (const m of all.values()) {
    m.might = m.supplyCenters + m.mercenaries;
    m.adjustment = m.might - m.units;
  }
  return all;
}
