// Armies for civ-advanced tests: units listed kind by kind, ids that say what they are.
import type { BattleRound, BattleResult, Combatant } from '../../../src/engine/index.ts';
import type { EndRecord, PhaseRecord, PhaseSideRecord, TotalStep } from '../../../src/combat/civ-advanced/index.ts';

/** `army('bob', ['swordsmen', 3], ['chariots', 3])` -> bob-swordsmen-1 ... bob-chariots-3. */
export function army(nation: string, ...kinds: Array<[string, number]>): Combatant[] {
  return kinds.flatMap(([unitKind, n]) => Array.from({ length: n }, (_, i) => ({ id: `${nation}-${unitKind}-${i + 1}`, nation, type: 'army', unitKind })));
}

export function phases(result: BattleResult): PhaseRecord[] {
  return result.rounds.filter((r: BattleRound) => r.phase !== 'end') as PhaseRecord[];
}

export function end(result: BattleResult): EndRecord {
  return result.rounds.at(-1) as EndRecord;
}

export function side(record: PhaseRecord, nation: string): PhaseSideRecord {
  const found = record.sides.find((s) => s.nation === nation);
  if (!found) throw new Error(`phase ${record.phase} has no side ${nation}`);
  return found;
}

/** The running total after each step, keyed by step: the numbers a battle report prints. */
export function runningTotals(s: PhaseSideRecord): Partial<Record<TotalStep, number>> {
  return Object.fromEntries(s.lines.map((l) => [l.step, l.runningTotal]));
}

/** "3 swordsmen" style counts of unit ids by kind, for comparing casualties with the document. */
export function kindsOf(ids: readonly string[]): Record<string, number> {
  const counts: Record<string, number> = {};
  for (const id of ids) {
    const kind = id.split('-')[1];
    counts[kind] = (counts[kind] ?? 0) + 1;
  }
  return counts;
}
