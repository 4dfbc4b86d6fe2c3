// The order of phases: Spring orders, (retreats), Fall orders, (retreats), adjustments, next year.
// Owners change after the Fall turn (standard Diplomacy), or after every phase if the GM chooses.
import type { GameEvent } from '../../engine/index.ts';
import type { WarfareMap } from './map-index.ts';
import type { WarfareOptions } from './options.ts';
import { claimProvinces, mightOf } from './ownership.ts';
import { seasonOf, yearOf, type WarfareState } from './state.ts';

/** Where the game goes after a movement or retreat phase has been applied to `state`. */
export function advance(map: WarfareMap, options: WarfareOptions, state: WarfareState, events: GameEvent[]): void {
  const season = seasonOf(state);
  if (options.ownership === 'every-phase') claimProvinces(map, state, events);
  if (state.phase === 'orders' && state.extra.dislodged.length) {
    state.phase = 'retreats';
    return next(state, events, season, yearOf(state));
  }
  state.extra.dislodged = [];
  if (season === 'spring') {
    state.phase = 'orders';
    return next(state, events, 'fall', yearOf(state));
  }
  if (options.ownership === 'fall') claimProvinces(map, state, events);
  if (anyAdjustment(map, state)) {
    state.phase = 'adjustments';
    return next(state, events, 'winter', yearOf(state));
  }
  newYear(state, events);
}

function anyAdjustment(map: WarfareMap, state: WarfareState): boolean {
  for (const m of mightOf(map, state).values()) if (m.adjustment !== 0) return true;
  return false;
}

export function newYear(state: WarfareState, events: GameEvent[]): void {
  state.phase = 'orders';
  next(state, events, 'spring', yearOf(state) + 1);
}

function next(state: WarfareState, events: GameEvent[], season: WarfareState['extra']['season'], year: number): void {
  state.extra.season = season;
  state.extra.year = year;
  state.turn += 1;
  events.push({
    type: 'phase.begins',
    phase: state.phase,
    season,
    year,
    message: `${seasonNames[season]} ${year}: ${phaseWords[state.phase] ?? state.phase}.`,
    audience: 'public',
  });
}

const phaseWords: Record<string, string> = { orders: 'orders', retreats: 'retreats', adjustments: 'builds and disbands' };
const seasonNames: Record<WarfareState['extra']['season'], string> = { spring: 'Spring', fall: 'Fall', winter: 'Winter' };
