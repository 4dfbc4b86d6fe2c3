// The tables of the land combat pseudo-code and the general rerolls, by technology level.
import type { Tech } from './state.ts';

/** "increase modifiers based on tech level for each participating artillery" (null: no limit). */
export const ARTILLERY: Record<Tech, { offence: number; defence: number; max: number | null }> = {
  1: { offence: 1, defence: 1, max: 2 },
  2: { offence: 1, defence: 2, max: 2 },
  3: { offence: 1, defence: 2, max: 2 },
  4: { offence: 2, defence: 2, max: 3 },
  5: { offence: 3, defence: 3, max: null },
};

/** "if a general is attached to a force" ('d6': one die rolled for the combat). */
export const GENERAL: Record<Tech, { offence: number | 'd6'; defence: number | 'd6' }> = {
  1: { offence: 0, defence: 0 },
  2: { offence: 0, defence: 0 },
  3: { offence: 1, defence: 1 },
  4: { offence: 1, defence: 3 },
  5: { offence: 'd6', defence: 'd6' },
};

/** "determine infantry dice": dice per so many infantry, their sides, and the tech 5 defender's +3. */
export const INFANTRY_DICE: Record<Tech, { per: number; dice: number; sides: number; defending: number }> = {
  1: { per: 2, dice: 1, sides: 4, defending: 0 },
  2: { per: 2, dice: 1, sides: 6, defending: 0 },
  3: { per: 1, dice: 1, sides: 6, defending: 0 },
  4: { per: 1, dice: 2, sides: 6, defending: 0 },
  5: { per: 1, dice: 2, sides: 6, defending: 3 },
};

/** Terrain's defensive modifier; jungle also cuts all support. */
export const TERRAIN: Record<string, number> = { hills: 1, jungle: 2, mountains: 3 };

/**
 * General rerolls of losing combat results: 'season' allowances count per season, 'combat' ones
 * per losing result; `coin` is tech 1's "roll 1d6, if result is even".
 */
export const REROLLS: Record<Tech, { per: 'season' | 'combat'; times: number; coin?: boolean }> = {
  1: { per: 'season', times: 1, coin: true },
  2: { per: 'season', times: 1 },
  3: { per: 'season', times: 2 },
  4: { per: 'combat', times: 1 },
  5: { per: 'combat', times: 2 },
};

/** Rail movement: "At tech levels 1-3 ... up to 3 provinces ... At tech level 4 ... 4 ... At level 5 ... 5". */
export function railRange(tech: Tech): number {
  return Math.max(3, tech);
}
