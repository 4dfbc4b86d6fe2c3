// A player's message in, orders out: `parseMessage` is what GM tickets, scenarios and `adjutant
// parse` call, and `parseMessageInSlices` the same parse as the mail loop runs it. Each line ends up
// as orders, an ambiguity for the GM, an error the player can act on, or an ignored line with the reason.
import type { AnyRuleset, GameState, MapGraph } from '../engine/index.ts';
import { bareOrder, checkOrderSteps } from './check-orders.ts';
import { readContinued } from './continued-lines.ts';
import { allowedInGame, rankByContext, type RankingContext } from './context-ranking.ts';
import { exampleFor, kindOfLine } from './expectations.ts';
import { cleanMessage, type MessageLine } from './clean-message.ts';
import { grammarOf, type OrderGrammar } from './order-grammar.ts';
import type { Token } from './lexer.ts';
import { looksLikeOrder, syntaxError } from './line-errors.ts';
import { nationNames, NameResolver, provinceNames } from './names.ts';
import { modifierRefusal, modifiersIn, wordsRead, type LineCalendar, type Modifier, type Span } from './order-modifiers.ts';
import { parseTokens, type LineParse } from './parse-line.ts';
import { placeUnmodified } from './place-readings.ts';
import { checkHeading, readLine, type Failure, type PlacedOrder, type ReadingContext } from './readings.ts';
import { ordersInSentences, withoutChatter, withoutRemark } from './sentences.ts';
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
  /** Other names of the nations, by nation (game.yaml's `aliases`). */
  nationAliases?: Readonly<Record<string, readonly string[]>>;
}

export function parseMessage(input: ParseInput): ParseResult {
  const steps = parseSteps(input);
  for (;;) {
    const step = steps.next();
    if (step.done) return step.value;
  }
}

/** Work between two turns of the event loop while a message is parsed in slices. */
export const SLICE_MS = 5;

/**
 * The same parse, giving the event loop a turn whenever `sliceMs` of work has gone by, so a long
 * email (a few hundred milliseconds on a busy machine) never holds up the mail lease's renewal
 * timer or other games' mail. A slice ends between lines or between checked orders.
 */
export async function parseMessageInSlices(input: ParseInput, sliceMs = SLICE_MS): Promise<ParseResult> {
  const steps = parseSteps(input);
  let started = performance.now();
  for (;;) {
    const step = steps.next();
    if (step.done) return step.value;
    if (performance.now() - started >= sliceMs) {
      await new Promise<void>((resolve) => setImmediate(resolve));
      started = performance.now();
    }
  }
}

/** The parse as steps, one per line read or order checked; the result is the generator's value. */
function* parseSteps(input: ParseInput): Generator<void, ParseResult> {
  const grammar = grammarOf(input.ruleset);
  const { lines, ignored } = cleanMessage(input.text);
  const names = input.state
    ? new NameResolver([provinceNames(input.map), nationNames(input.state.nations, input.nationAliases)], true)
    : new NameResolver([provinceNames(input.map)]);
  const example = (kind: string) => exampleFor(input.ruleset, kind);
  const game = input.state ? { allowed: allowedInGame({ ...input, state: input.state }), nation: input.nation, state: input.state } : undefined;
  const calendar = input.state && calendarOf(input.ruleset, input.state, input.options);
  const ctx: LineContext = {
    map: input.map,
    nation: input.nation,
    state: input.state,
    names,
    unitTypes: grammar.unitTypes,
    inPhase: grammar.inPhase,
    example,
    game,
    calendar,
  };
  const result: ParseResult = { orders: [], ambiguous: [], errors: [], ignored: [...ignored] };
  const read = (line: MessageLine): ParseResult => {
    const one: ParseResult = { orders: [], ambiguous: [], errors: [], ignored: [] };
    readMessageLine(line, grammar, ctx, input.ruleset, one);
    return one;
  };
  let previous: ParsedOrder | undefined;
  for (const line of lines) {
    // "Fall 1901:", "Orders for next turn:": the lines under a heading that names another time are not this turn's.
    if (/:\s*$/.test(line.text)) ctx.heading = headingTime(line.text, calendar, grammar);
    const one = readContinued(line, () => previous && bareOrder(previous), input.ruleset.language, read);
    result.orders.push(...one.orders);
    result.ambiguous.push(...one.ambiguous);
    result.errors.push(...one.errors);
    result.ignored.push(...one.ignored);
    previous = one.orders.at(-1);
    yield;
  }
  result.ignored.sort((a, b) => a.line - b.line);
  return input.state ? yield* checkOrderSteps(result, { ...input, state: input.state }) : result;
}

interface LineContext extends ReadingContext {
  /** With the game's state: what the rules allow and where the nation stands, to rank readings by. */
  game?: RankingContext;
  /** With the game's state: its turn, and its season and year where the ruleset counts them. */
  calendar?: LineCalendar;
  /** The words of the heading above the line when it names another time than this turn. */
  heading?: Modifier;
}

/** The heading's words when it names another time than this turn. */
function headingTime(heading: string, calendar: LineCalendar | undefined, grammar: OrderGrammar): Modifier | undefined {
  const time = modifiersIn(heading, [], calendar, (w) => grammar.vocabulary.has(w)).find((m) => m.kind === 'time');
  return time && { ...time, words: heading.replace(/\s*:\s*$/, '') };
}

function calendarOf(ruleset: AnyRuleset, state: GameState, options: Record<string, unknown> | undefined): LineCalendar {
  const calendar = ruleset.language?.calendar;
  return calendar ? { turn: state.turn, ...calendar(state, options ?? defaultOptions(ruleset)) } : { turn: state.turn };
}

const defaults = new WeakMap<AnyRuleset, Record<string, unknown>>();

/** The ruleset's options with nothing set, worked out once: a message read without the game's options. */
function defaultOptions(ruleset: AnyRuleset): Record<string, unknown> {
  let found = defaults.get(ruleset);
  if (!found) defaults.set(ruleset, (found = ruleset.options.parse({}) as Record<string, unknown>));
  return found;
}

function readMessageLine(line: MessageLine, grammar: OrderGrammar, ctx: LineContext, ruleset: AnyRuleset, result: ParseResult): void {
  const lexed = lineTokens(line.text, grammar.vocabulary, ctx.names);
  if ('tooLong' in lexed) {
    result.errors.push({ line: line.line, text: shorten(line.text), message: lexed.tooLong, suggestions: [] });
    return;
  }
  const heading = lexed.heading && checkHeading(lexed.heading, ctx);
  if (heading) return void result.errors.push({ line: line.line, text: line.text, ...heading });
  if (!lexed.tokens.length) return void result.ignored.push({ line: line.line, text: line.text, why: lexed.heading ? 'a heading' : 'no words to read' });
  if (!mayHoldOrder(lexed.tokens, grammar)) {
    // Nothing an order is made of: the parser would fail, and the line be set aside below anyway.
    // Prose is most of a long email, and the parser its most costly step.
    return void result.ignored.push({
      line: line.line,
      text: line.text,
      why: line.text.endsWith(':') ? 'a heading' : 'no order words: read as a greeting or remark',
    });
  }
  const reading = readingsOf(lexed.tokens, grammar, ctx);
  const { tokens, parse, alternatives, failure } = reading;
  if (alternatives.length) return placeUnmodified(reading, { line, tokens, ruleset, alternatives }, ctx, result);
  const orderLike = looksLikeOrder(tokens, grammar);
  const modifier = orderLike && modifiersIn(line.text, [], ctx.calendar, (w) => grammar.vocabulary.has(w)).find((m) => m.kind !== 'withdrawal');
  // A sentence that says "not", "hope" or "next turn", reads as no order and names no place is a
  // remark ("Let's hope England doesn't stab me"); a condition or a line naming places was meant as an order.
  if (modifier && modifier.kind !== 'condition' && !namesPlaces(tokens))
    return void result.ignored.push({ line: line.line, text: line.text, why: `a remark (it says "${modifier.words}"), not an order` });
  if (modifier)
    return void result.errors.push({
      line: line.line,
      text: line.text,
      message: withExample(modifierRefusal(modifier, []), tokens, grammar, ctx),
      suggestions: [],
    });
  if (!parse.ok) {
    // "Purchases:", "Moves:": a heading over the orders that follow.
    if (line.text.endsWith(':')) return void result.ignored.push({ line: line.line, text: line.text, why: 'a heading' });
    if (!orderLike) {
      result.ignored.push({ line: line.line, text: line.text, why: 'no order words: read as a greeting or remark' });
      return;
    }
    const error = syntaxError(line.text, tokens, parse, grammar, ctx, (o) => ruleset.formatOrder(o));
    result.errors.push({ line: line.line, text: line.text, ...error, message: withExample(error.message, tokens, grammar, ctx) });
    return;
  }
  if (!orderLike) {
    // "I hope the attack works" reads like a move between two places nobody has heard of.
    result.ignored.push({ line: line.line, text: line.text, why: 'no order words: read as a greeting or remark' });
    return;
  }
  const why = failure ?? { message: 'I could not read this as an order.', suggestions: [] };
  result.errors.push({ line: line.line, text: line.text, message: withExample(why.message, tokens, grammar, ctx), suggestions: why.suggestions });
}

function namesPlaces(tokens: readonly Token[]): boolean {
  return tokens.some((t) => t.type === 'arrow' || t.type === 'dash' || (t.type === 'name' && t.names?.some((c) => c.kind === 'province')));
}

interface LineReading {
  /** The tokens read: the line's, or without its greeting and sign-off. */
  tokens: readonly Token[];
  /** Where the words the orders were read from stand in the line, when they are not the tokens read (orders inside sentences). */
  read?: Span[];
  parse: LineParse;
  alternatives: PlacedOrder[][];
  /** Why no reading stands, said without guesses: an unknown name and the names near it. */
  failure?: Failure;
}

/** The line as a whole; else without its greeting and sign-off; else the orders inside its sentences. */
function readingsOf(lineTokens: readonly Token[], grammar: OrderGrammar, ctx: LineContext): LineReading {
  let reading = readTokens(lineTokens, grammar, ctx);
  if (reading.alternatives.length) return reading;
  // "Hi GM, A Par - Bur. Thanks!"
  const trimmed = withoutChatter(lineTokens);
  if (trimmed !== lineTokens && trimmed.length) reading = readTokens(trimmed, grammar, ctx);
  if (reading.alternatives.length) return reading;
  // "A Par - Bur (to bounce Germany)"
  const remarked = withoutRemark(reading.tokens, grammar, ctx.names);
  const orders = remarked && readTokens(remarked, grammar, ctx);
  if (remarked && orders?.alternatives.length) return { ...orders, read: wordsRead(remarked) };
  // "Hi, attack Wales with everything I have in London. Also claim Midlands."
  const found = looksLikeOrder(reading.tokens, grammar) ? ordersInSentences(reading.tokens, grammar, ctx) : undefined;
  const kept = found && rankByContext(found.readings, ctx.game);
  return found && kept?.length ? { ...reading, alternatives: kept, read: found.read } : reading;
}

function readTokens(tokens: readonly Token[], grammar: OrderGrammar, ctx: LineContext): LineReading {
  const parse = parseTokens(grammar, tokens);
  if (!parse.ok) return { tokens, parse, alternatives: [] };
  const readings = readLine(parse.results, ctx);
  const alternatives = rankByContext(readings.alternatives, ctx.game);
  if (alternatives.length) return { tokens, parse, alternatives };
  // Readings that rested on guesses say nothing the player can act on: the line is read again without.
  const guessed = readings.alternatives.length > 0;
  return { tokens, parse, alternatives, failure: (guessed ? readLine(parse.results, { ...ctx, guess: false }) : readings).failures[0] };
}

/** A refusal ends with an order of the kind the line was meant as, for the player to copy. */
function withExample(message: string, tokens: readonly Token[], grammar: OrderGrammar, ctx: LineContext): string {
  const example = ctx.example?.(kindOfLine(tokens, grammar) ?? '');
  return example && !message.includes('For example') ? `${message} For example: "${example}".` : message;
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

function shorten(text: string): string {
  return text.length > 80 ? `${text.slice(0, 77)}...` : text;
}
