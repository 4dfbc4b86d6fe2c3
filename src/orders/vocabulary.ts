// The words a grammar knows, read from the compiled grammar itself so the word lists live in one
// place (the .ne file). Used to keep those words out of place names, to forgive slips in them
// ("suport"), and to tell an order that went wrong from a line of chit-chat.
import { editDistance, typoAllowance } from './edit-distance.ts';

interface CompiledRule {
  name: string;
  symbols: unknown[];
}

/** The base grammar's rule listing words that carry no meaning; they are dropped before parsing. */
const FILLER_RULE = 'FILLER';

/** The rules of a word no rule has: one set for all, as most words of a long email are such. */
const NO_RULES: ReadonlySet<string> = new Set();

export class Vocabulary {
  readonly literals = new Set<string>();
  readonly fillers = new Set<string>();
  /** Token types dropped like filler words (the colon in "England: A Lon - Wal"). */
  readonly fillerTypes = new Set<string>();
  /** Literal -> the grammar rules it appears in (MOVE_VERB, ARMY...). */
  private readonly rulesOf = new Map<string, Set<string>>();
  /**
   * The words of order-word rules that mark an order: a word that is a whole phrase ("support",
   * "A"), and the first word of a longer one ("declare" of "declare war on"), unless that word is
   * a phrase of another rule too ("on" of "on interception" is a preposition everyday sentences use).
   */
  private readonly orderWords = new Set<string>();
  private readonly corrections = new Map<string, string | null>();
  private readonly correctable: string[];

  /**
   * @param start the rule a line is parsed as: only the words of rules it reaches are the grammar's
   *   (base.ne's shared order words a ruleset has no order for are not).
   * @param orderRules rules whose words mark a line as an attempted order (verbs, unit words),
   *   as opposed to fillers, prepositions and numbers that chit-chat uses too.
   */
  constructor(rules: readonly CompiledRule[], start: string, orderRules: ReadonlySet<string>) {
    const phraseStarts = new Set<string>();
    const plainWords = new Set<string>();
    for (const rule of reachable(rules, start)) {
      const first = (rule.symbols[0] as { literal?: unknown } | undefined)?.literal;
      if (typeof first === 'string') {
        const alone = rule.symbols.length === 1;
        if (orderRules.has(rule.name)) (alone ? this.orderWords : phraseStarts).add(first);
        else if (alone && rule.name !== FILLER_RULE) plainWords.add(first);
      }
      for (const symbol of rule.symbols) {
        if (rule.name === FILLER_RULE) {
          const { literal, type } = symbol as { literal?: unknown; type?: unknown };
          if (typeof literal === 'string') this.fillers.add(literal);
          if (typeof type === 'string') this.fillerTypes.add(type);
          continue;
        }
        const literal = (symbol as { literal?: unknown })?.literal;
        if (typeof literal !== 'string') continue;
        this.literals.add(literal);
        const set = this.rulesOf.get(literal) ?? new Set<string>();
        set.add(rule.name);
        this.rulesOf.set(literal, set);
      }
    }
    for (const word of phraseStarts) if (!plainWords.has(word)) this.orderWords.add(word);
    // Short words are left alone: a slip in "to" or "a" makes another word.
    this.correctable = [...this.literals, ...this.fillers].filter((w) => w.length >= 4 && /^\p{L}+$/u.test(w));
  }

  /** A word the grammar reads, or a filler it drops: either way not part of a place name. */
  has(word: string): boolean {
    return this.literals.has(word) || this.fillers.has(word);
  }

  isFiller(token: { type: string; text: string }): boolean {
    return this.fillerTypes.has(token.type) || (token.type === 'word' && this.fillers.has(token.text));
  }

  rules(literal: string): ReadonlySet<string> {
    return this.rulesOf.get(literal) ?? NO_RULES;
  }

  /** The grammar word this one is a slip of ("suport" -> "support"), when exactly one is near enough. */
  correct(word: string): string | undefined {
    const known = this.corrections.get(word);
    if (known !== undefined) return known ?? undefined;
    let best: string[] = [];
    let bestDistance = Infinity;
    for (const literal of this.correctable) {
      const allowance = Math.min(typoAllowance(literal.length), bestDistance);
      if (Math.abs(literal.length - word.length) > allowance) continue;
      const d = editDistance(word, literal, allowance);
      if (d > allowance) continue;
      if (d < bestDistance) [best, bestDistance] = [[], d];
      best.push(literal);
    }
    // Two words equally near ("hols": hold or holds) are fine when they mean the same thing.
    const meanings = new Set(best.map((w) => [...this.rules(w)].sort().join()));
    const answer = best.length && meanings.size === 1 ? best[0] : null;
    if (this.corrections.size > 10_000) this.corrections.clear();
    this.corrections.set(word, answer);
    return answer ?? undefined;
  }

  /** True for verbs and unit words: a line holding one was meant as an order. */
  isOrderWord(word: string): boolean {
    return this.orderWords.has(word);
  }
}

/** The rules a line parsed as `start` may use, and the fillers dropped before it is parsed. */
function reachable<R extends CompiledRule>(rules: readonly R[], start: string): R[] {
  const byName = new Map<string, R[]>();
  for (const rule of rules) byName.set(rule.name, [...(byName.get(rule.name) ?? []), rule]);
  const seen = new Set([start, FILLER_RULE]);
  const queue = [...seen];
  for (let name = queue.pop(); name !== undefined; name = queue.pop()) {
    for (const rule of byName.get(name) ?? []) {
      for (const symbol of rule.symbols) {
        if (typeof symbol !== 'string' || seen.has(symbol)) continue;
        seen.add(symbol);
        queue.push(symbol);
      }
    }
  }
  return rules.filter((rule) => seen.has(rule.name));
}
