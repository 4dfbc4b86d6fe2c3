// What the grammar wanted where a line went wrong, said in a player's words: "I expected a place
// or "-" after "A Par"" rather than a list of grammar symbols.

const MOVE = 'a move ("-" or "to")';

/** Grammar rule names and token types a player can act on; anything else (fillers, lists) goes unsaid. */
const LABELS: Record<string, string> = {
  NAMED: 'a place',
  NATION: 'a nation',
  number: 'a number',
  NUMBER_WORD: 'a number',
  ARROW: MOVE,
  dash: MOVE,
  arrow: MOVE,
  TO: '"to"',
  MOVE_VERB: MOVE,
  GO: MOVE,
  HOLD_VERB: '"holds"',
  SUPPORT_VERB: '"supports"',
  CONVOY_VERB: '"convoys"',
  RETREAT_VERB: '"retreats"',
  DISBAND_VERB: '"disband"',
  BUILD_VERB: '"build"',
  BUY_VERB: '"buy"',
  WAIVE_VERB: '"waive"',
  BUILD_NOUN: '"build"',
  ARMY: 'a unit type (army or fleet)',
  FLEET: 'a unit type (army or fleet)',
  STRUCTURE: 'a structure (town, military base, city, engineered city)',
  LOAD_VERB: '"load"',
  UNLOAD_VERB: '"unload"',
  CLAIM_VERB: '"claim"',
  CARAVAN: '"caravans"',
  STEAL_VERB: '"steal"',
  AIM_VERB: '"aim"',
  NAVAL: '"naval attack"',
  ALL: '"all"',
};

/** The labels of what was expected, without repeats, at most `limit` of them. */
export function describeExpected(expected: ReadonlySet<string>, limit = 6): string[] {
  const labels = new Set<string>();
  for (const key of expected) {
    const label = LABELS[key];
    if (label) labels.add(label);
  }
  if (labels.has(MOVE)) labels.delete(LABELS.TO);
  return [...labels].slice(0, limit);
}

/** "a place, "-" (move) or "holds"". */
export function orList(items: readonly string[]): string {
  if (items.length <= 1) return items[0] ?? '';
  return `${items.slice(0, -1).join(', ')} or ${items[items.length - 1]}`;
}
