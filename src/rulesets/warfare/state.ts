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
 * A copy the turn may change, without touching the input. Units are copied (turns change them);
 * nation records are shared (no phase changes them), and so are the provinces until a turn changes
 * an owner, when claimProvinces copies them: a 20,000-province state is not copied in the many
 * phases that change no owner.
 */
export function copyState(state: WarfareState): WarfareState {
  const units = new Array<Unit>(state.units.length);
  for (let i = 0; i < units.length; i++) units[i] = { ...state.units[i] };
  return {
    ...state,
    units,
    extra: { ...state.extra, dislodged: dislodgedOf(state).map((d) => ({ unit: { ...d.unit }, by: d.by, retreats: [...d.retreats] })) },
  };
}
