// The CNES state: $ per nation, improvements and razing per province, fortification, veterancy and
// air bases per unit, and the diplomatic status of every pair of nations.
import type { GameState, NationState, ProvinceState, Unit } from '../../engine/index.ts';

export const razeables = ['urban', 'industrial', 'forest', 'port', 'airbase'] as const;
export type Razeable = (typeof razeables)[number];

export interface CnesProvince extends ProvinceState {
  urban?: boolean;
  industrial?: boolean;
  port?: boolean;
  airbase?: boolean;
  lab?: boolean;
  /** The map's forest, cut down by razing. */
  forestRazed?: boolean;
  /** The turn it was taken: it yields nothing that turn ("Disables income ... for 1 turn"). */
  occupiedTurn?: number;
  /** Razing under way, with the turn it began; it is done at the start of the next turn. */
  razing?: Array<{ what: Razeable; since: number }>;
}

export interface CnesUnit extends Unit {
  /** Levels dug in by fortify orders (terrain adds its own in battle). */
  fortify?: number;
  /** Officers only: 0 to 5. */
  veterancy?: number;
}

export interface CnesNation extends NationState {
  gold: number;
  /** Highest fortification level its technology permits (the game's fortifyTech when absent). */
  fortifyTech?: number;
  /** Blitz researched. */
  blitz?: boolean;
}

export type Status = 'peace' | 'allied' | 'war';

export interface CnesState extends GameState {
  nations: Record<string, CnesNation>;
  provinces: Record<string, CnesProvince>;
  units: CnesUnit[];
  extra: { relations?: Record<string, Status>; [field: string]: unknown };
}

export function pairKey(a: string, b: string): string {
  return a < b ? `${a}|${b}` : `${b}|${a}`;
}

export function statusOf(state: CnesState, a: string, b: string): Status {
  if (a === b) return 'allied';
  return state.extra.relations?.[pairKey(a, b)] ?? 'peace';
}

export function setStatus(state: CnesState, a: string, b: string, status: Status): void {
  const relations = (state.extra.relations ??= {});
  if (status === 'peace') delete relations[pairKey(a, b)];
  else relations[pairKey(a, b)] = status;
}

export function friendly(state: CnesState, a: string, b: string): boolean {
  return statusOf(state, a, b) === 'allied';
}
