// Civilization advanced battles in words: each phase, each side's wave, its dice and total, the
// damage dealt and the units lost. The full arithmetic stays in the event for the GM.
import { counted, nation, say, type BattleRound, type CombatReport, type Sentence } from '../../engine/index.ts';
import type { PhaseRecord } from './types.ts';

function isPhase(round: BattleRound): round is BattleRound & PhaseRecord {
  return typeof round.phase === 'number' && Array.isArray(round.sides);
}

export const civAdvancedReport: CombatReport = {
  rounds(rounds) {
    return rounds.filter(isPhase).map((r): Sentence => {
      const sides = r.sides.flatMap((s, i) => [
        ...(i ? ['; '] : []),
        ...say`${nation(s.nation)} sent ${counted(s.wave.length, 'unit')}, rolled ${s.rolls.map((d) => d.face).join(', ') || 'no dice'} for a total of ${s.total} and lost ${s.lost.length}`,
      ]);
      return [`Phase ${r.phase}: `, ...sides, '.'];
    });
  },
};
