// A `battle.fought` event as readers see it: who fought where, each round with its dice, who won.
// Rounds in the board NES dice shape ({round, x, sides: [{nation, units, die, roll, losses}]}) are
// written out as the document computes them; any other combat system's rounds fall back to the
// event's recorded dice with their purposes, which every system has.
import type { DiceDraw, GameEvent } from '../engine/index.ts';

export interface BattleModel {
  place: string;
  /** "land" or "naval", when the ruleset says. */
  kind: string;
  title: string;
  sides: string;
  rounds: string[];
  outcome: string;
  notes: string[];
}

export interface Names {
  nation(id: string): string;
  province(id: string): string;
}

interface SideRoll {
  nation: string;
  units: number;
  die: number;
  roll: number;
  losses: number;
}

function isDiceRound(round: unknown): round is { round: number; x: number; sides: SideRoll[] } {
  const r = round as { x?: unknown; sides?: unknown };
  return typeof r?.x === 'number' && Array.isArray(r.sides) && r.sides.every((s: SideRoll) => typeof s?.roll === 'number' && typeof s.die === 'number');
}

const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

export function battleModel(event: GameEvent, names: Names): BattleModel {
  const place = String(event.place ?? event.province ?? '');
  const kind = typeof event.kind === 'string' ? event.kind : '';
  const unitWords: [string, string] = kind === 'naval' ? ['fleet', 'fleets'] : kind === 'land' ? ['army', 'armies'] : ['unit', 'units'];
  const sides = Array.isArray(event.sides) ? (event.sides as Array<{ nation: string; role?: string; units?: number }>) : [];
  const rounds = Array.isArray(event.rounds) ? event.rounds : [];
  const roundLines = rounds.every(isDiceRound)
    ? rounds.map((r) => {
        const rolls = r.sides.map((s) => `${names.nation(s.nation)} (${plural(s.units, ...unitWords)}) rolled ${s.roll} on a d${s.die} and lost ${s.losses}`);
        return `Round ${r.round} (X = ${r.x}): ${rolls.join('; ')}.`;
      })
    : ((event.dice as DiceDraw[] | undefined) ?? []).map((d) => `d${d.sides} rolled ${d.value}: ${d.purpose}.`);
  const winner = typeof event.winner === 'string' ? event.winner : null;
  return {
    place,
    kind,
    title: `${kind === 'naval' ? 'Sea battle' : 'Battle'} in ${names.province(place)}`,
    sides: sides.map((s) => `${names.nation(s.nation)}${s.role ? ` (${s.role}${typeof s.units === 'number' ? `, ${plural(s.units, ...unitWords)}` : ''})` : ''}`).join(' against '),
    rounds: roundLines,
    outcome: winner ? `${names.nation(winner)} won.` : event.winner === null ? 'No one was left standing.' : String(event.message ?? ''),
    notes: Array.isArray(event.notes) ? event.notes.map(String) : [],
  };
}
