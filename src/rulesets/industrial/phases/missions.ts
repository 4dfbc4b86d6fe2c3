// Mission completion phase: missions completed are rewarded (a mission is to own a province).
import { extraOf } from '../state.ts';
import type { Turn } from '../turn.ts';

export function completeMissions(turn: Turn): void {
  const { state } = turn;
  for (const m of extraOf(state).missions) {
    if (m.done || state.provinces[m.control]?.owner !== m.nation || !state.nations[m.nation]) continue;
    m.done = true;
    state.nations[m.nation].gold += m.reward;
    turn.tell([m.nation], 'missions.completed', { nation: m.nation, mission: m.id, province: m.control, reward: m.reward });
  }
}
