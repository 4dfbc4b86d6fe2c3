// The board NES dice rounds in words: each side's die, its roll and what it lost, round by round,
// as the document computes them (X is the largest side's size; a side of n units rolls d(n*X)).
import { counted, nation, say, type BattleRound, type CombatReport, type Sentence } from '../../engine/index.ts';
import type { SideRoll } from './index.ts';

function isDiceRound(round: BattleRound): round is BattleRound & { round: number; x: number; sides: SideRoll[] } {
  return typeof round.x === 'number' && Array.isArray(round.sides);
}

export const boardNesDiceReport: CombatReport = {
  rounds(rounds) {
    return rounds.filter(isDiceRound).map((r): Sentence => {
      // One unit against one (X = 1): every die has a single face, so the dice decide nothing.
      if (r.sides.every((s) => s.die === 1)) return [`Round ${r.round}: one unit against one, so no die could decide it: each side lost its single unit.`];
      const rolls = r.sides.flatMap((s, i) => [
        ...(i ? ['; '] : []),
        ...say`${nation(s.nation)} (${counted(s.units, 'unit')}) rolled ${s.roll} on a d${s.die} and lost ${s.losses ? counted(s.losses, 'unit') : 'none'}`,
      ]);
      return [`Round ${r.round} (X = ${r.x}): `, ...rolls, '.'];
    });
  },
};
