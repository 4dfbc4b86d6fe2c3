// Names in sentences for players: "the army in Paris", "Spain (north coast)".
import type { WarfareMap } from './map-index.ts';

const coastNames: Record<string, string> = { nc: 'north coast', sc: 'south coast', ec: 'east coast', wc: 'west coast' };

export function placeName(map: WarfareMap, province: number, coast?: string): string {
  return coast ? `${map.name(province)} (${coastNames[coast] ?? coast})` : map.name(province);
}

/** "army in Paris", "fleet in Spain (north coast)": made once per map and place, as reports name the same units every turn. */
export function unitPhrase(map: WarfareMap, type: string, province: number, coast?: string): string {
  const place = coast ? map.fleetPlace(province, coast) : province;
  const made = type === 'fleet' ? map.fleetPhrases : map.armyPhrases;
  if (place >= 0 && made[place] !== undefined) return made[place];
  const phrase = `${type === 'fleet' ? 'fleet' : 'army'} in ${placeName(map, province, coast)}`;
  if (place >= 0) made[place] = phrase;
  return phrase;
}

/** "Paris", "Paris and Ruhr", "Paris, Ruhr and Kiel". */
export function listNames(names: readonly string[]): string {
  if (names.length <= 1) return names[0] ?? '';
  return `${names.slice(0, -1).join(', ')} and ${names[names.length - 1]}`;
}
