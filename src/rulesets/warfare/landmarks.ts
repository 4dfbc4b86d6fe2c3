// Landmarks (the seed's "Landmarks" section) as map attributes: `attributes: { landmark: supply-center }`
// or a list of them. Supply centres, portals and mercenaries change the rules; the other three are
// reported to the GM when captured, because their benefits (writs, projects, actions) live outside
// the map game.
import type { MapGraph, Province } from '../../engine/index.ts';

export const landmarkKinds = ['supply-center', 'linked-portal', 'mercenary-company', 'place-of-power', 'person-of-interest', 'ancient-ruins'] as const;
export type Landmark = (typeof landmarkKinds)[number];

/** What the seed promises for each landmark, for the GM's report when one changes hands. */
export const landmarkBenefits: Record<Landmark, string> = {
  'supply-center': 'adds one to the Might score',
  'linked-portal': 'lets units move between the two portals',
  'mercenary-company': 'allows one extra unit while held',
  'place-of-power': 'grants a free Make a Big Play writ when captured',
  'person-of-interest': 'autocompletes a project when captured',
  'ancient-ruins': 'gives extra actions each round',
};

export function landmarksOf(province: Province): Landmark[] {
  const raw = province.attributes.landmark ?? province.attributes.landmarks;
  const list = Array.isArray(raw) ? raw : raw === undefined ? [] : [raw];
  const found = list.filter((l): l is Landmark => (landmarkKinds as readonly unknown[]).includes(l));
  // The preamble's map example marks supply centres as `supplyCenter: true`; both spellings count.
  if (province.attributes.supplyCenter === true && !found.includes('supply-center')) found.push('supply-center');
  return found;
}

/** The kingdom whose home province this is (`attributes: { home: red }`), where it may build. */
export function homeOf(province: Province): string | undefined {
  const home = province.attributes.home;
  return typeof home === 'string' ? home : undefined;
}

/** Map mistakes about landmarks a GM must fix: unknown kinds, and portals that do not come in one pair. */
export function landmarkProblems(map: MapGraph): string[] {
  const problems: string[] = [];
  const portals: string[] = [];
  for (const province of map.provinces.values()) {
    const raw = province.attributes.landmark ?? province.attributes.landmarks;
    for (const l of Array.isArray(raw) ? raw : raw === undefined ? [] : [raw]) {
      if (!(landmarkKinds as readonly unknown[]).includes(l)) {
        problems.push(`${province.id}: "${String(l)}" is not a landmark (known: ${landmarkKinds.join(', ')}).`);
      }
    }
    if (landmarksOf(province).includes('linked-portal')) portals.push(province.id);
  }
  if (portals.length !== 0 && portals.length !== 2) {
    problems.push(`a map has exactly two linked portals, or none; this one has ${portals.length} (${portals.join(', ')}).`);
  }
  return problems;
}
