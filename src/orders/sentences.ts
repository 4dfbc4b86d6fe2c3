// Orders inside sentences: "Hi, attack Wales with everything I have in London. Also claim
// Midlands." When a line does not read as a whole, the runs of known words between the chatter
// (words no grammar knows) are read on their own, longest first. Only chatter may be skipped: a
// place or an order word left over means the line says more than was read, and it is refused as
// before. So is a remark in brackets after the orders: "A Par - Bur (to bounce Germany)".
import type { OrderGrammar } from './order-grammar.ts';
import type { Token } from './lexer.ts';
import { normalizeName, type NameResolver } from './names.ts';
import { parseTokens } from './parse-line.ts';
import { wordsRead, type Span } from './order-modifiers.ts';
import { readLine, type PlacedOrder, type ReadingContext } from './readings.ts';

/** Parses tried, and tokens fed to them, per line at most: a long line of chatter stays cheap. */
const MAX_ATTEMPTS = 24;
const MAX_TOKENS_FED = 120;
const SEPARATORS = new Set(['comma', 'semi', 'dot']);

/** Several readings of several sentences multiply; past this the line goes to the player. */
const MAX_READINGS = 16;

/**
 * "Hi GM, A Par - Bur. Thanks!": words no grammar knows before a first separator, or after a
 * last one, are a greeting and a sign-off around the orders.
 */
export function withoutChatter(tokens: readonly Token[]): readonly Token[] {
  let from = 0;
  while (from < tokens.length && tokens[from].type === 'unknown') from++;
  if (from === 0 || !SEPARATORS.has(tokens[from]?.type)) from = 0;
  else while (from < tokens.length && SEPARATORS.has(tokens[from].type)) from++;
  let to = tokens.length;
  while (to > from && tokens[to - 1].type === 'unknown') to--;
  if (to === tokens.length || !SEPARATORS.has(tokens[to - 1]?.type)) to = tokens.length;
  else while (to > from && SEPARATORS.has(tokens[to - 1].type)) to--;
  return from === 0 && to === tokens.length ? tokens : tokens.slice(from, to);
}

/**
 * The orders before a remark that ends the line: in brackets, or after "//" as in code comments
 * ("A Par - Bur // bounce"). A remark that could say where ("(to Bur)", a place one slip off) or
 * holds an order word is part of the order, not set aside.
 */
export function withoutRemark(tokens: readonly Token[], grammar: OrderGrammar, names: NameResolver): readonly Token[] | undefined {
  const span = remarkAtEnd(tokens);
  if (!span) return undefined;
  const place = new Set(['province'] as const);
  const says = (t: Token) =>
    t.type === 'arrow' ||
    t.type === 'dash' ||
    (t.type === 'name' && t.names?.some((c) => c.kind === 'province')) ||
    (t.type === 'word' && grammar.vocabulary.isOrderWord(t.text)) ||
    (t.type === 'unknown' && names.near(normalizeName(t.raw), place, 1).length > 0);
  return tokens.slice(span.from, span.to).some(says) ? undefined : tokens.slice(0, span.start);
}

/** Where a remark ending the line starts, and its words: a bracket's inside, or what follows "//". */
function remarkAtEnd(tokens: readonly Token[]): { start: number; from: number; to: number } | undefined {
  const comment = tokens.findIndex((t, i) => i > 0 && t.type === 'slash' && tokens[i + 1]?.type === 'slash' && tokens[i + 1].offset === t.end);
  if (comment > 0) return { start: comment, from: comment + 2, to: tokens.length };
  if (tokens.at(-1)?.type !== 'rparen') return undefined;
  let open = tokens.length - 1;
  while (open >= 0 && tokens[open].type !== 'lparen') open--;
  return open > 0 ? { start: open, from: open + 1, to: tokens.length - 1 } : undefined;
}

export interface SentenceOrders {
  readings: PlacedOrder[][];
  /** Where the words the orders were read from stand in the line; the rest is the sentence around them. */
  read: Span[];
}

/** The readings of the orders found in the line's sentences, or undefined when none is found for sure. */
export function ordersInSentences(tokens: readonly Token[], grammar: OrderGrammar, ctx: ReadingContext): SentenceOrders | undefined {
  // An unknown word inside an order ("A Pxrx - Bur") is a mistake in it, not chatter around it.
  for (let j = 1; j < tokens.length - 1; j++) if (tokens[j].type === 'unknown' && insideOrder(tokens[j - 1]) && insideOrder(tokens[j + 1])) return undefined;
  let found: PlacedOrder[][] = [[]];
  const skipped: Token[] = [];
  const read: Span[] = [];
  let attempts = 0;
  let fed = 0;
  let i = 0;
  while (i < tokens.length) {
    if (tokens[i].type === 'unknown' || SEPARATORS.has(tokens[i].type)) {
      skipped.push(tokens[i++]);
      continue;
    }
    let taken: { end: number; readings: PlacedOrder[][] } | undefined;
    // A span that fails at a token fails for every longer end too: only shorter ones are tried.
    let reach = tokens.length;
    for (const end of spanEnds(tokens, i)) {
      if (end > reach) continue;
      fed += end - i;
      if (++attempts > MAX_ATTEMPTS || fed > MAX_TOKENS_FED) return undefined;
      const parse = parseTokens(grammar, tokens.slice(i, end));
      if (!parse.ok) {
        reach = i + parse.at;
        continue;
      }
      const readings = readLine(
        parse.results.filter((drafts) => !drafts.some((d) => d.alone)),
        ctx,
      ).alternatives;
      if (!readings.length) continue;
      taken = { end, readings: readings.map((r) => r.map((p) => ({ ...p, at: p.at + i }))) };
      break;
    }
    if (taken) {
      const next = taken.readings;
      found = found.flatMap((a) => next.map((b) => [...a, ...b])).slice(0, MAX_READINGS);
      read.push(...wordsRead(tokens.slice(i, taken.end)));
      i = taken.end;
    } else skipped.push(tokens[i++]);
  }
  const meaningful = skipped.some((t) => t.type === 'name' || (t.type === 'word' && grammar.vocabulary.isOrderWord(t.text)));
  return found[0].length && !meaningful ? { readings: found, read } : undefined;
}

function insideOrder(t: Token): boolean {
  return t.type !== 'unknown' && !SEPARATORS.has(t.type);
}

/** Where a run from `start` may end, longest first: before chatter, before a separator, or at the end. */
function spanEnds(tokens: readonly Token[], start: number): number[] {
  let stop = start;
  while (stop < tokens.length && tokens[stop].type !== 'unknown') stop++;
  const ends = [stop];
  for (let j = stop - 1; j > start; j--) if (SEPARATORS.has(tokens[j].type)) ends.push(j);
  return ends;
}
