// A speed-up of a compiled grammar that keeps its meaning. A word class written in the grammar as
// `HOLD_VERB -> "h" | "hold" | "holds" ...` compiles to one rule per word, and the Earley parser
// carries one state per rule wherever the class may come next. Folding each such class into a
// single rule that tests the word against a set gives the same parses with a fraction of the work.

interface CompiledRule {
  name: string;
  symbols: unknown[];
  postprocess?: (d: unknown[], location?: number, reject?: object) => unknown;
}

interface WordToken {
  type: string;
  text: string;
}

/** Token types a grammar literal may match: words, and names spelt like a grammar word. */
const WORDISH = new Set(['word', 'name']);

export function foldWordClasses<R extends CompiledRule>(rules: readonly R[]): CompiledRule[] {
  const byName = new Map<string, R[]>();
  for (const rule of rules) byName.set(rule.name, [...(byName.get(rule.name) ?? []), rule]);
  const folded = new Map<string, CompiledRule>();
  for (const [name, alternatives] of byName) {
    const literals = alternatives.map((r) => (r.symbols.length === 1 ? (r.symbols[0] as { literal?: unknown })?.literal : undefined));
    if (alternatives.length < 2 || literals.some((l) => typeof l !== 'string')) continue;
    const postprocessors = new Map<string, CompiledRule['postprocess']>();
    alternatives.forEach((r, i) => postprocessors.set(literals[i] as string, r.postprocess));
    folded.set(name, {
      name,
      symbols: [{ test: (t: WordToken) => WORDISH.has(t.type) && postprocessors.has(t.text) }],
      // Each word keeps its own postprocessor ("one" -> 1, "nc" -> 'nc'); nearley's default returns the data.
      postprocess: (d, location, reject) => {
        const post = postprocessors.get((d[0] as WordToken).text);
        return post ? post(d, location, reject) : d;
      },
    });
  }
  const out: CompiledRule[] = [];
  for (const rule of rules) {
    const replacement = folded.get(rule.name);
    if (!replacement) out.push(rule);
    else if (!out.includes(replacement)) out.push(replacement);
  }
  return out;
}
