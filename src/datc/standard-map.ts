// The standard map from the DATC's CSVs: provinces (with supply-centre owners), regions (coasts
// n/s/e) and borders typed land (armies), sea (fleets) or coast (both).
import { MapBuilder, type MapGraph } from '../engine/index.ts';
import type { DatcFiles } from './files.ts';

export const standardNations: Record<string, string> = {
  aus: 'Austria',
  eng: 'England',
  fra: 'France',
  ger: 'Germany',
  ita: 'Italy',
  rus: 'Russia',
  tur: 'Turkey',
};

/**
 * Borders of the standard board that the CSV leaves out. Without them Norway does not touch St
 * Petersburg and the Gulf of Bothnia touches only the Baltic, which changes 6.J.9's answer.
 */
export const missingBorders: ReadonlyArray<[string, string, string]> = [
  ['gal', 'ukr', 'land'],
  ['lvn', 'war', 'land'],
  ['nwy', 'stp', 'land'],
  ['nwy', 'stp(nc)', 'sea'],
  ['bot', 'fin', 'sea'],
  ['bot', 'lvn', 'sea'],
  ['bot', 'stp(sc)', 'sea'],
  ['bot', 'swe', 'sea'],
  ['con', 'smy', 'sea'],
  ['mao', 'spa(sc)', 'sea'],
  ['tus', 'tys', 'sea'],
];

function rows(csv: string): string[][] {
  return csv
    .trim()
    .split(/\r?\n/)
    .slice(1)
    .map((line) => line.split(',').map((cell) => cell.trim()));
}

/** "bul(sc)" → "bul/sc"; the JSON and the CSVs write coasts in brackets, the map with a slash. */
export function placeOf(region: string): string {
  const m = /^([a-z]{3})(?:\((\w+)\))?$/.exec(region);
  if (!m) throw new Error(`"${region}" is not a DATC region.`);
  return m[2] ? `${m[1]}/${m[2].length === 1 ? `${m[2]}c` : m[2]}` : m[1];
}

export function standardMap(files: DatcFiles, corrected = true): MapGraph {
  const coasts = new Map<string, string[]>();
  const terrain = new Map<string, string>();
  for (const [province, coast, kind] of rows(files.regions)) {
    if (coast) coasts.set(province, [...(coasts.get(province) ?? []), `${coast}c`]);
    else terrain.set(province, kind);
  }
  const builder = new MapBuilder();
  for (const [id, name, owner] of rows(files.provinces)) {
    const base = terrain.get(id);
    const kind = base === 'sea' ? 'sea' : base === 'coast' || coasts.has(id) ? 'coastal' : 'land';
    const attributes: Record<string, unknown> = {};
    if (owner) attributes.landmark = 'supply-center';
    if (owner && owner !== 'neutral') attributes.home = owner.toLowerCase();
    builder.province(id, kind, { name, coasts: coasts.get(id) ?? [], attributes });
  }
  const borders = rows(files.borders).map((r) => r as [string, string, string]);
  for (const [a, b, type] of corrected ? [...borders, ...missingBorders] : borders) {
    builder.border(placeOf(a), placeOf(b), type === 'land' ? ['army'] : type === 'sea' ? ['fleet'] : ['army', 'fleet']);
  }
  return builder.build();
}
