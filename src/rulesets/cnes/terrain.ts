// "Terrain Type" and features: base income, defence levels, and what each forbids.
import type { MapGraph, Province } from '../../engine/index.ts';
import type { CnesProvince } from './state.ts';

export const terrains = {
  jungle: { income: 1, defence: 2 },
  desert: { income: 1, defence: 1 },
  tundra: { income: 1, defence: 1 },
  temperate: { income: 2, defence: 0 },
} as const;
export type Terrain = keyof typeof terrains;
export const features = { hill: 1, mountain: 3, forest: 1 } as const;

/** Provinces without a terrain are temperate: the document gives every province one, a map may not. */
export function terrainOf(p: Province): Terrain {
  return p.terrain && p.terrain in terrains ? (p.terrain as Terrain) : 'temperate';
}

export function featuresOf(p: Province, state: CnesProvince | undefined): string[] {
  return p.features.filter((f) => f in features && !(f === 'forest' && state?.forestRazed));
}

/** "Each defense level counts as a fortification level ... but does not count against the max." */
export function terrainDefence(map: MapGraph, province: string, state: CnesProvince | undefined): number {
  const p = map.province(province);
  return terrains[terrainOf(p)].defence + featuresOf(p, state).reduce((sum, f) => sum + features[f as keyof typeof features], 0);
}

export function isMountain(map: MapGraph, province: string): boolean {
  return map.province(province).features.includes('mountain');
}

/** Jungle "cannot urbanize, cannot industrialize"; mountains "cannot urbanize". */
export function mayUrbanize(p: Province): boolean {
  return terrainOf(p) !== 'jungle' && !p.features.includes('mountain');
}

export function mayIndustrialize(p: Province): boolean {
  return terrainOf(p) !== 'jungle';
}

export function isCoastal(map: MapGraph, province: string): boolean {
  const p = map.province(province);
  return p.kind === 'coastal' || [...map.touches(province)].some((n) => map.province(n).kind === 'sea');
}
