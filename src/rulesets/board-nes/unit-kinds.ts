// Unit kinds, for games fought with civ-advanced combat: every army or fleet is a kind of the
// game's unit table (swordsmen, galleons...), whose class decides whether it is bought as a fleet.
import type { UnitEntry, UnitTable } from '../../combat/civ-advanced/index.ts';

export const CIV_ADVANCED = 'civ-advanced';

export interface KindsOptions {
  combat: string;
  civAdvanced: { units: UnitTable; defaultUnitKinds: { army: string; fleet: string } };
}

export function usesUnitKinds(options: { combat: string }): boolean {
  return options.combat === CIV_ADVANCED;
}

/** The table line a player's word names: the kind (plural, as the table keys it) or its singular. */
export function findUnitKind(table: UnitTable, name: string): { kind: string; entry: UnitEntry } | undefined {
  const word = name.trim().toLowerCase();
  for (const [kind, entry] of Object.entries(table)) {
    if (kind.toLowerCase() === word || entry.singular?.toLowerCase() === word) return { kind, entry };
  }
  return undefined;
}

/** Ships are fleets; every other kind, aircraft included, is raised and moved as an army. */
export function unitTypeOfKind(entry: UnitEntry): 'army' | 'fleet' {
  return entry.class === 'naval' ? 'fleet' : 'army';
}

/** A unit's kind: its own, else the game's default for its type (units set up before kinds were used). */
export function kindOf(options: KindsOptions, unit: { type: string; unitKind?: unknown }): string {
  if (typeof unit.unitKind === 'string') return unit.unitKind;
  return unit.type === 'fleet' ? options.civAdvanced.defaultUnitKinds.fleet : options.civAdvanced.defaultUnitKinds.army;
}

/** "1 swordsman", "3 swordsmen", from the table's names. */
export function kindWord(table: UnitTable, kind: string, n: number): string {
  const entry = table[kind];
  return `${n} ${n === 1 ? (entry?.singular ?? kind) : kind}`;
}
