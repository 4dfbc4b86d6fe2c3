// The board NES state: gold and last update's tax income on each nation, a structure on each
// province, and armies aboard fleets kept in the fleet's sea with the fleet's id.
import type { CivAdvancedPlan } from '../../combat/civ-advanced/index.ts';
import type { GameState, NationState, ProvinceState, Unit } from '../../engine/index.ts';

/** Structure levels, lowest first: collateral damage steps one level down this list. */
export const STRUCTURE_LEVELS = ['town', 'military-base', 'city'] as const;
export type Structure = (typeof STRUCTURE_LEVELS)[number];

export interface BoardNesNation extends NationState {
  gold: number;
  /** Tax income of the last update: the cap on caravans others may send here, and public news. */
  taxIncome: number;
  /** civ-advanced: technologies the nation controls, for scientific superiority (missing: 0). */
  technologies?: number;
  /** civ-advanced: the standing battle plan, kept until a `battle-plan` order replaces it. */
  battlePlan?: CivAdvancedPlan;
}

export interface BoardNesProvince extends ProvinceState {
  structure?: Structure | null;
  /** civ-advanced: the settlement has the Great Wall (as the map feature `great-wall` does). */
  greatWall?: boolean;
}

export interface BoardNesUnit extends Unit {
  type: 'army' | 'fleet';
  /** For an army at sea: the id of the fleet carrying it. */
  aboard?: string;
  /** civ-advanced: the unit's kind in the game's unit table (swordsmen, galleons...). */
  unitKind?: string;
}

export interface BoardNesState extends GameState {
  nations: Record<string, BoardNesNation>;
  provinces: Record<string, BoardNesProvince>;
  units: BoardNesUnit[];
}

/** Structure names as saved; an engineered city is "exactly the same as a regular City". */
export function readStructure(value: unknown): Structure | null {
  if (value === 'engineered-city') return 'city';
  return (STRUCTURE_LEVELS as readonly unknown[]).includes(value) ? (value as Structure) : null;
}

export function ownerOf(state: BoardNesState, id: string): string | null {
  return state.provinces[id]?.owner ?? null;
}

export function structureOf(state: BoardNesState, id: string): Structure | null {
  return readStructure(state.provinces[id]?.structure);
}

/** Writable province record, created on first write for maps whose state omits empty provinces. */
export function editProvince(state: BoardNesState, id: string): BoardNesProvince {
  return (state.provinces[id] ??= { owner: null });
}

export function goldOf(state: BoardNesState, nation: string): number {
  return Number(state.nations[nation]?.gold ?? 0);
}

/** One level down: City to Military Base, Base to Town, Town gone. */
export function downgrade(structure: Structure | null): Structure | null {
  if (!structure) return null;
  const level = STRUCTURE_LEVELS.indexOf(structure);
  return level > 0 ? STRUCTURE_LEVELS[level - 1] : null;
}

/** A unit cannot move on the turn it is built. */
export function canMove(unit: Unit, turn: number): boolean {
  return (unit.builtTurn ?? -Infinity) < turn;
}

/** Order for "newest first": later builds first, then higher unit numbers. */
export function newestFirst(a: Unit, b: Unit): number {
  return (b.builtTurn ?? -1) - (a.builtTurn ?? -1) || unitNumber(b) - unitNumber(a);
}

function unitNumber(unit: Unit): number {
  const n = Number(unit.id.replace(/^\D+/, ''));
  return Number.isFinite(n) ? n : 0;
}
