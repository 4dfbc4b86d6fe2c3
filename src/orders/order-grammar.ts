// A ruleset's order language made ready for reading: its compiled grammar with word classes
// folded, and the vocabulary its words form. Built once per ruleset and kept.
import nearley from 'nearley';
import type { AnyRuleset, OrderInPhase, OrderLanguage, ProvinceKind } from '../engine/index.ts';
import { Vocabulary } from './vocabulary.ts';
import { foldWordClasses } from './word-classes.ts';

export interface OrderGrammar {
  rulesetId: string;
  grammar: nearley.Grammar;
  vocabulary: Vocabulary;
  /** The unit types that may stand in each kind of province: a unit type left out is one of these. */
  unitTypes: Readonly<Record<ProvinceKind, readonly string[]>>;
  /** How an order reads in the game's current phase, when players write it another way then. */
  inPhase?: OrderInPhase;
}

/** A ruleset with no order language: its players' orders cannot be read from text. */
export class NoGrammarError extends Error {
  override name = 'NoGrammarError';
}

const ready = new WeakMap<OrderLanguage, OrderGrammar>();

export function grammarOf(ruleset: AnyRuleset): OrderGrammar {
  const language = ruleset.language;
  if (!language) {
    throw new NoGrammarError(
      `Orders for the ruleset "${ruleset.id}" cannot be read from text: it has no order language. Give parsed orders instead, or give the ruleset a grammar (grammar/${ruleset.id}.ne) and a \`language\` (docs/rulesets.md).`,
    );
  }
  let found = ready.get(language);
  if (!found) ready.set(language, (found = prepare(ruleset.id, language)));
  return found;
}

function prepare(rulesetId: string, language: OrderLanguage): OrderGrammar {
  const compiled = language.grammar;
  const folded = { ...compiled, ParserRules: foldWordClasses(compiled.ParserRules) };
  return {
    rulesetId,
    grammar: nearley.Grammar.fromCompiled(folded as unknown as nearley.CompiledRules),
    vocabulary: new Vocabulary(compiled.ParserRules, compiled.ParserStart, new Set(language.orderWords)),
    unitTypes: language.unitTypes,
    inPhase: language.inPhase,
  };
}
