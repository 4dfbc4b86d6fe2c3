// The state every ruleset shares. A ruleset keeps its own extra fields on these records
// (gold, structures, cargo...) and in `extra`; the store saves the whole thing as plain JSON.

export interface Unit {
  id: string;
  type: string;
  nation: string;
  province: string;
  coast?: string;
  /** Turn the unit was bought; rulesets use it for "cannot move the turn it is built" and "newest first". */
  builtTurn?: number;
  [field: string]: unknown;
}

export interface NationState {
  id: string;
  name: string;
  [field: string]: unknown;
}

export interface ProvinceState {
  owner: string | null;
  [field: string]: unknown;
}

export interface GameState {
  turn: number;
  /** Phase within the turn (e.g. 'orders', 'retreats', 'adjustments'). */
  phase: string;
  nations: Record<string, NationState>;
  provinces: Record<string, ProvinceState>;
  units: Unit[];
  /** Counter for fresh unit ids, so ids are never reused and replays agree. */
  nextUnitId: number;
  extra: Record<string, unknown>;
}

/** A deep copy through JSON: states are plain data, and adjudication must never mutate its input. */
export function cloneState<S extends GameState>(state: S): S {
  return structuredClone(state);
}

export function newUnitId(state: GameState, type: string): string {
  const id = `${type[0]}${state.nextUnitId}`;
  state.nextUnitId += 1;
  return id;
}
