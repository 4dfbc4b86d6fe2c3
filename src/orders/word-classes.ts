// A speed-up of a compiled grammar that keeps its meaning. A word class written in the grammar as
// `HOLD_VERB -> "h" | "hold" | "holds" ...` compiles to one rule per word, and the Earley parser
// carries one state per rule wherever the class may come next. Folding each such class into a
// single rule that tests the token gives the same parses with a fraction of the work. Classes of
// token types fold the same way (`NAMED -> %name | %unknown`, `ARROW -> %dash | %arrow`): a place
// may come after most words of an order, so NAMED alone is predicted in nearly every column.
//
// The folded rule stands where the class's first rule stood, so the parser's chart keeps its order
// and a failed parse lists what it expected in the same order as before (the symbol's `expects`).

type Postprocess = (d: unknown[], location?: number, reject?: object) => unknown;

interface CompiledRule {
  name: string;
  symbols: unknown[];
  postprocess?: Postprocess;
}

interface WordToken {
  type: string;
  text: string;
}

/** A folded class as the parser sees it; `expects` is what parse-line.ts reports when it was wanted. */
export interface WordClassSymbol {
  test: (t: WordToken) => boolean;
  expects: readonly string[];
}

/** Token types a grammar literal may match: words, and names spelt like a grammar word. */
const WORDISH = new Set(['word', 'name']);

export function foldWordClasses<R extends CompiledRule>(rules: readonly R[]): CompiledRule[] {
  const byName = new Map<string, R[]>();
  for (const rule of rules) byName.set(rule.name, [...(byName.get(rule.name) ?? []), rule]);
  const folded = new Map<string, CompiledRule>();
  for (const [name, alternatives] of byName) {
    const rule = wordClass(name, alternatives);
    if (rule) folded.set(name, rule);
  }
  const out: CompiledRule[] = [];
  for (const rule of rules) {
    const replacement = folded.get(rule.name);
    if (!replacement) out.push(rule);
    else if (!out.includes(replacement)) out.push(replacement);
  }
  return out;
}

/** The one rule a class folds into when each alternative is one word or one token type; undefined otherwise. */
function wordClass(name: string, alternatives: readonly CompiledRule[]): CompiledRule | undefined {
  if (alternatives.length < 2) return undefined;
  const byWord = new Map<string, Postprocess | undefined>();
  const byType = new Map<string, Postprocess | undefined>();
  const expects: string[] = [];
  for (const r of alternatives) {
    if (r.symbols.length !== 1) return undefined;
    const { literal, type } = (r.symbols[0] ?? {}) as { literal?: unknown; type?: unknown };
    if (typeof literal === 'string') {
      byWord.set(literal, r.postprocess);
      expects.push(name);
    } else if (typeof type === 'string') {
      byType.set(type, r.postprocess);
      // A name token is described by the rule that wants it (parse-line.ts): a place, a nation.
      expects.push(type === 'name' || type === 'unknown' ? name : type);
    } else return undefined;
  }
  // A word token matching both one of the words and a token type would be two readings, not one.
  if (byWord.size && [...WORDISH].some((t) => byType.has(t))) return undefined;
  const symbol: WordClassSymbol = {
    test: (t) => byType.has(t.type) || (WORDISH.has(t.type) && byWord.has(t.text)),
    expects: [...new Set(expects)],
  };
  return {
    name,
    symbols: [symbol],
    // Each word or type keeps its own postprocessor ("one" -> 1, "nc" -> 'nc'); nearley's default returns the data.
    postprocess: (d, location, reject) => {
      const t = d[0] as WordToken;
      const post = byType.has(t.type) ? byType.get(t.type) : byWord.get(t.text);
      return post ? post(d, location, reject) : d;
    },
  };
}
