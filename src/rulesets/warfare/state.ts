// Warfare's state: the shared GameState, with the season and the units waiting to retreat in `extra`.
import type { GameState, Unit } from '../../engine/index.ts';

export type Season = 'spring' | 'fall' | 'winter';

/** A unit driven out of its province, waiting for its retreat order. */
export interface DislodgedUnit {
  unit: Unit;
  /** Province of the unit that dislodged it. */
  by: string;
  /** Places (province or province/coast) it may retreat to. */
  retreats: string[];
}

export interface WarfareExtra {
  season: Season;
  year: number;
  /** Units dislodged in the last movement phase; empty outside the retreat phase. */
  dislodged: DislodgedUnit[];
  [field: string]: unknown;
}

export interface WarfareState extends GameState {
  extra: WarfareExtra;
}

export function seasonOf(state: GameState): Season {
  const season = state.extra.season;
  return season === 'fall' || season === 'winter' ? season : 'spring';
}

export function yearOf(state: GameState): number {
  return typeof state.extra.year === 'number' ? state.extra.year : 1901;
}

export function dislodgedOf(state: GameState): DislodgedUnit[] {
  return Array.isArray(state.extra.dislodged) ? (state.extra.dislodged as DislodgedUnit[]) : [];
}

/**
 * A state the turn may change without touching the input: new lists of units and dislodged units,
 * whose records are shared until the turn changes one, which it then replaces (never writes to);
 * nation records are shared (no phase changes them), and so are the provinces until a turn changes
 * an owner, when claimProvinces copies them. A 20,000-province, 10,000-unit state is not copied
 * record by record every phase. A turn that makes its own lists of units and dislodged units gives them.
 */
export function copyState(state: WarfareState, units: Unit[] = [...state.units], dislodged: DislodgedUnit[] = [...dislodgedOf(state)]): WarfareState {
  return { ...state, units, extra: { ...state.extra, dislodged } };
}
