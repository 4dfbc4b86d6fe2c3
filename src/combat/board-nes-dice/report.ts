// The board NES dice rounds in words: each side's die, its roll and what it lost, round by round,
// as the document computes them (X is the largest side's size; a side of n units rolls d(n*X)).
import { nation, say, type BattleRound, type CombatReport, type Sentence } from '../../engine/index.ts';
import type { SideRoll } from './index.ts';

const units = (n: number) => `${n} unit${n === 1 ? '' : 's'}`;

function isDiceRound(round: BattleRound): round is BattleRound & { round: number; x: number; sides: SideRoll[] } {
  return typeof round.x === 'number' && Array.isArray(round.sides);
}

export const boardNesDiceReport: CombatReport = {
  rounds(rounds) {
    return rounds.filter(isDiceRound).map((r): Sentence => {
      const rolls = r.sides.flatMap((s, i) => [...(i ? ['; '] : []), ...say`${nation(s.nation)} (${units(s.units)}) rolled ${s.roll} on a d${s.die} and lost ${s.losses}`]);
      return [`Round ${r.round} (X = ${r.x}): `, ...rolls, '.'];
    });
  },
};
