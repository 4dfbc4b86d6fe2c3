// A battle as civ-advanced reads it: units with their kinds, each side's standing battle plan, and
// the context: the game's era, the nations' technologies, and a settlement when the defender owns
// the province and it has a structure (with the Great Wall when the map or the state gives it one).
import type { Battle, Combatant } from '../../engine/index.ts';
import type { Belligerent } from './battle.ts';
import { ownerOf, structureOf } from './state.ts';
import type { Turn } from './turn.ts';
import { kindOf } from './unit-kinds.ts';

export const GREAT_WALL = 'great-wall';

export function civBattle(
  turn: Turn,
  place: string,
  kind: 'land' | 'naval',
  attacker: Belligerent,
  defender: Belligerent,
  base: Record<string, unknown>,
): Battle {
  const { state, options } = turn;
  // The Militia and other levies carry their own era and class; armies and fleets are kinds.
  const unit = (c: Combatant): Combatant => (c.type === 'army' || c.type === 'fleet' ? { ...c, unitKind: kindOf(options, c) } : c);
  const side = (b: Belligerent) => ({ ...b, units: b.units.map(unit), plan: state.nations[b.nation]?.battlePlan });
  const settlement = kind === 'land' && structureOf(state, place) !== null && ownerOf(state, place) === defender.nation;
  const greatWall = settlement && (turn.map.province(place).features.includes(GREAT_WALL) || state.provinces[place]?.greatWall === true);
  const technologies = Object.fromEntries([attacker, defender].map((b) => [b.nation, Number(state.nations[b.nation]?.technologies ?? 0)]));
  return {
    place,
    // Defender first, as board NES lists sides; civ-advanced tells them apart by role.
    sides: [side(defender), side(attacker)],
    context: { kind, ...base, era: options.era, settlement, ...(greatWall && { greatWall }), technologies },
  };
}
