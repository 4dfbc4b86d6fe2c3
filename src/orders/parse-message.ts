// A player's message in, orders out: `parseMessage` is what the mail loop, GM tickets, scenarios
// and `adjutant parse` call. Each line ends up as orders, an ambiguity for the GM, an error the
// player can act on, or an ignored line with the reason.
import type { AnyRuleset, GameState, MapGraph } from '../engine/index.ts';
import { checkOrders } from './check-orders.ts';
import { cleanMessage, type MessageLine } from './clean-message.ts';
import { grammarFor, type OrderGrammar } from './grammars.ts';
import type { Token } from './lexer.ts';
import { looksLikeOrder, syntaxError } from './line-errors.ts';
import { nationNames, NameResolver, provinceNames } from './names.ts';
import { parseTokens } from './parse-line.ts';
import { checkHeading, orderKey, readLine, type PlacedOrder, type ReadingContext } from './readings.ts';
import { lineTokens } from './tokens.ts';
import type { ParsedOrder, ParseResult } from './types.ts';

export interface ParseInput {
  ruleset: AnyRuleset;
  map: MapGraph;
  /** The nation whose orders these are. */
  nation: string;
  text: string;
  /** With the state, unit types are taken from the units on the map and orders are validated. */
  state?: GameState;
  /** The game's ruleset options, for validation; the ruleset's defaults when absent. */
  options?: Record<string, unknown>;
}

export function parseMessage(input: ParseInput): ParseResult {
  const grammar = grammarFor(input.ruleset.id);
  const { lines, ignored } = cleanMessage(input.text);
  const names = input.state ? new NameResolver([provinceNames(input.map), nationNames(input.state.nations)], true) : new NameResolver([provinceNames(input.map)]);
  const ctx: ReadingContext = { map: input.map, nation: input.nation, state: input.state, names, unitTypes: grammar.unitTypes, inPhase: grammar.inPhase };
  const result: ParseResult = { orders: [], ambiguous: [], errors: [], ignored: [...ignored] };
  for (const line of lines) readMessageLine(line, grammar, ctx, input.ruleset, result);
  result.ignored.sort((a, b) => a.line - b.line);
  return input.state ? checkOrders(result, { ...input, state: input.state }) : result;
}

function readMessageLine(line: MessageLine, grammar: OrderGrammar, ctx: ReadingContext, ruleset: AnyRuleset, result: ParseResult): void {
  const lexed = lineTokens(line.text, grammar.vocabulary, ctx.names);
  if ('tooLong' in lexed) {
    result.errors.push({ line: line.line, text: shorten(line.text), message: lexed.tooLong, suggestions: [] });
    return;
  }
  const tokens = lexed.tokens;
  const heading = lexed.heading && checkHeading(lexed.heading, ctx);
  if (heading) return void result.errors.push({ line: line.line, text: line.text, ...heading });
  if (!tokens.length) return void result.ignored.push({ line: line.line, text: line.text, why: lexed.heading ? 'a heading' : 'no words to read' });
  if (!mayHoldOrder(tokens, grammar)) {
    // Nothing an order is made of: the parser would fail, and the line be set aside below anyway.
    // Prose is most of a long email, and the parser its most costly step.
    return void result.ignored.push({ line: line.line, text: line.text, why: line.text.endsWith(':') ? 'a heading' : 'no order words: read as a greeting or remark' });
  }
  const parse = parseTokens(grammar, tokens);
  if (!parse.ok) {
    // "Purchases:", "Moves:": a heading over the orders that follow.
    if (line.text.endsWith(':')) return void result.ignored.push({ line: line.line, text: line.text, why: 'a heading' });
    if (!looksLikeOrder(tokens, grammar)) {
      result.ignored.push({ line: line.line, text: line.text, why: 'no order words: read as a greeting or remark' });
      return;
    }
    const error = syntaxError(line.text, tokens, parse, grammar, ctx, (o) => ruleset.formatOrder(o));
    result.errors.push({ line: line.line, text: line.text, ...error });
    return;
  }
  const readings = readLine(parse.results, ctx);
  if (!readings.alternatives.length && !looksLikeOrder(tokens, grammar)) {
    // "I hope the attack works" reads like a move between two places nobody has heard of.
    result.ignored.push({ line: line.line, text: line.text, why: 'no order words: read as a greeting or remark' });
    return;
  }
  if (!readings.alternatives.length) {
    const failure = readings.failures[0] ?? { message: 'I could not read this as an order.', suggestions: [] };
    result.errors.push({ line: line.line, text: line.text, message: failure.message, suggestions: failure.suggestions });
    return;
  }
  const known = new Set(ruleset.orderKinds.map((k) => k.kind));
  const stray = readings.alternatives.flat().find((p) => !known.has(p.order.kind));
  if (stray) {
    result.errors.push({ line: line.line, text: line.text, message: `The ${ruleset.title} rules have no "${stray.order.kind}" order.`, suggestions: [] });
    return;
  }
  placeReadings(readings.alternatives, { line, tokens, ruleset, alternatives: readings.alternatives }, result);
}

/**
 * An order needs a place or nation, a move sign, or an order word of its own ("skip", "waive"); a
 * line without any is not one. The shortest order words ("a", "f", "on", "up") are everyday words
 * too, and make an order only beside a place.
 */
function mayHoldOrder(tokens: readonly Token[], grammar: OrderGrammar): boolean {
  for (const t of tokens) {
    if (t.type === 'name' || t.type === 'arrow' || t.type === 'dash') return true;
    if (t.type === 'word' && t.text.length > 2 && grammar.vocabulary.isOrderWord(t.text)) return true;
  }
  return false;
}

interface LineInContext {
  line: MessageLine;
  tokens: readonly Token[];
  ruleset: AnyRuleset;
  alternatives: PlacedOrder[][];
}

function toParsed(p: PlacedOrder, where: LineInContext): ParsedOrder {
  return { ...p.order, line: where.line.line, text: segmentText(where.line.text, where.tokens, p.at, where.alternatives), canonical: where.ruleset.formatOrder(p.order) };
}

/**
 * One reading: its orders stand. Several readings of the same shape: orders they agree on stand,
 * each place where they differ is one ambiguity. Readings of different shapes: the line is one ambiguity.
 */
function placeReadings(alternatives: PlacedOrder[][], where: LineInContext, result: ParseResult): void {
  const [first] = alternatives;
  const { line } = where;
  if (alternatives.length === 1) {
    for (const placed of first) result.orders.push(toParsed(placed, where));
    return;
  }
  const sameShape = alternatives.every((a) => a.length === first.length && a.every((p, i) => p.at === first[i].at));
  if (!sameShape) {
    result.ambiguous.push({ line: line.line, text: line.text, candidates: distinct(alternatives.flat()).map((p) => toParsed(p, where)) });
    return;
  }
  first.forEach((placed, i) => {
    const options = distinct(alternatives.map((a) => a[i]));
    if (options.length === 1) result.orders.push(toParsed(placed, where));
    else result.ambiguous.push({ line: line.line, text: toParsed(placed, where).text, candidates: options.map((p) => toParsed(p, where)) });
  });
}

function distinct(list: PlacedOrder[]): PlacedOrder[] {
  const seen = new Set<string>();
  return list.filter((p) => {
    const key = orderKey(p.order);
    return seen.has(key) ? false : (seen.add(key), true);
  });
}

const SEPARATOR_WORDS = new Set(['and', 'then', 'plus']);

/** The words of one order in a line of several: from its first token to just before the next order's. */
function segmentText(line: string, tokens: readonly Token[], at: number, alternatives: PlacedOrder[][]): string {
  const starts = [...new Set(alternatives[0].map((p) => p.at))].sort((a, b) => a - b);
  if (starts.length <= 1) return line;
  const index = starts.indexOf(at);
  const from = index <= 0 ? 0 : at;
  let to = index < 0 || index === starts.length - 1 ? tokens.length - 1 : starts[index + 1] - 1;
  while (to > from && (['comma', 'semi', 'dot'].includes(tokens[to].type) || SEPARATOR_WORDS.has(tokens[to].text))) to--;
  return line.slice(tokens[from].offset, tokens[to].end).trim();
}

function shorten(text: string): string {
  return text.length > 80 ? `${text.slice(0, 77)}...` : text;
}
