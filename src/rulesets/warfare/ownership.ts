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
    const p = map.index.get(unit.province);
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

/** Provinces of the kingdom holding each landmark that counts toward Might. */
export function mightOf(map: WarfareMap, state: WarfareState, nation: string): { might: number; supplyCenters: number; mercenaries: number } {
  let supplyCenters = 0;
  let mercenaries = 0;
  for (const id in state.provinces) {
    if (state.provinces[id].owner !== nation) continue;
    const p = map.index.get(id);
    if (p === undefined) continue;
    for (const l of map.landmarks[p]) {
      if (l === 'supply-center') supplyCenters++;
      else if (l === 'mercenary-company') mercenaries++;
    }
  }
  return { might: supplyCenters + mercenaries, supplyCenters, mercenaries };
}
