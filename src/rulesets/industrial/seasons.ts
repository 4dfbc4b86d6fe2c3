// Seasons: each turn is one season, four to a year, from the game's first season and year.
import { SEASONS, type IndustrialOptions, type Season } from './options.ts';

export function seasonOf(options: IndustrialOptions, turn: number): { season: Season; year: number } {
  const first = SEASONS.indexOf(options.firstSeason);
  const step = first + turn - 1;
  return { season: SEASONS[step % 4], year: options.firstYear + Math.floor(step / 4) };
}

/** A year of turns: captured high-tech equipment is usable for this long. */
export const TURNS_PER_YEAR = 4;
