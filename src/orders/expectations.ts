import type { AnyRuleset } from '../engine/index.ts';
import type { OrderGrammar } from './order-grammar.ts';
import type { Token } from './lexer.ts';

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

/** The order kind an order word announces, for the example a refusal ends with. */
const KIND_OF_RULE: Record<string, string> = {
  MOVE_VERB: 'move',
  HOLD_VERB: 'hold',
  SUPPORT_VERB: 'support',
  CONVOY_VERB: 'convoy',
  RETREAT_VERB: 'retreat',
  DISBAND_VERB: 'disband',
  BUILD_VERB: 'build',
  WAIVE_VERB: 'waive',
  BUY_VERB: 'buy-unit',
  STRUCTURE: 'buy-structure',
  LOAD_VERB: 'load',
  UNLOAD_VERB: 'unload',
  CLAIM_VERB: 'claim',
  CARAVAN: 'caravan',
  STEAL_VERB: 'steal',
  AIM_VERB: 'aim',
  NAVAL: 'naval-attack',
  PLAN_WORDS: 'battle-plan',
  arrow: 'move',
  dash: 'move',
};

/** The kind of order a line was meant as, from its first order word (or a move sign). */
export function kindOfLine(tokens: readonly Token[], grammar: OrderGrammar): string | undefined {
  for (const t of tokens) {
    if (t.type === 'arrow' || t.type === 'dash') return KIND_OF_RULE[t.type];
    if (t.type !== 'word' && t.type !== 'name') continue;
    for (const rule of grammar.vocabulary.rules(t.text)) if (KIND_OF_RULE[rule]) return KIND_OF_RULE[rule];
  }
  return undefined;
}

/** An order of this kind the player can copy: the ruleset's first documented example. */
export function exampleFor(ruleset: AnyRuleset, kind: string): string | undefined {
  return ruleset.orderKinds.find((k) => k.kind === kind)?.examples[0];
}
