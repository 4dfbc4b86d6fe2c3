// Most order lines share a handful of shapes: "A Par - Bur" and "F Lon - Nth" differ only in their
// names, and the grammar reads both the same way. A line's shape is its tokens with each place or
// nation name left blank; the parser runs once per shape and grammar, and a later line of that shape
// gets the readings with its own tokens put in.
//
// A shape's readings stand for every line of the shape only when the grammar's postprocessors looked
// at nothing the shape leaves out. The shape is learnt from stand-in tokens that say when anything
// else is read: their `raw`, offsets and names are watched, and a blank name's text is a marker that
// shows up if it is copied into a reading. A shape that reads more is parsed line by line as before.
//
// A new shape is parsed on from the longest beginning it shares with one learnt before: each token
// of the shapes keeps the parse chart's column after it, and the stand-in that column's readings hold.
import type nearley from 'nearley';
import type { Token } from './lexer.ts';
import type { OrderGrammar } from './order-grammar.ts';
import type { ChartPoint, LineParse, LineResult } from './parse-line.ts';
import type { Vocabulary } from './vocabulary.ts';

/**
 * Tokens of shapes kept per grammar, a few megabytes; past this they are forgotten and learnt again
 * (a long email of prose is mostly new shapes, orders mostly a few).
 */
const SHAPE_TOKENS_KEPT = 10_000;
/** Parser states in the chart columns kept with the shapes: a bound on their memory as well. */
const CHART_STATES_KEPT = 200_000;
/** Starts a blank name's text: no lexed token holds it. */
const MARK = '\u0000';

/** A shape's readings, with the stand-ins in them, and the parts of them reached more than once. */
interface Reading {
  ok: true;
  results: LineResult[];
  standIns: Map<object, number>;
  shared: ReadonlySet<object>;
}

type Learnt = Reading | { ok: false; at: number; expected: ReadonlySet<string> } | { ok: 'line by line' };

/**
 * Parses a line's tokens with the grammar, from the start of the line or `from`; with `columns`,
 * leaves there the chart's columns by index.
 */
type Parse = (grammar: nearley.Grammar, tokens: readonly Token[], from?: ChartPoint, columns?: Column[]) => LineParse;
type LearnParse = (tokens: readonly Token[], from: ChartPoint | undefined, columns: Column[]) => LineParse;
/** What a shape keeps of a chart column (nearley's Column): it is handed back to nearley as it is. */
interface Column {
  states: unknown[];
}

/** Shapes token by token: by each token's type, then its text (none for a blank name). */
interface ShapeNode {
  next?: Map<string, Map<string, ShapeNode>>;
  /**
   * Lines beginning so stop at this token, where the parser expected these: it reads left to right,
   * so what follows does not matter.
   */
  stop?: ReadonlySet<string>;
  /** What a whole line of this shape reads as. */
  line?: Learnt;
  /**
   * The parse chart's column after this token, and the stand-in its readings hold for the token:
   * a line that begins so is parsed on from here (nearley never changes a column it has moved past).
   */
  column?: Column;
  standIn?: StandIn;
}

interface Shapes {
  root: ShapeNode;
  size: number;
  /** Parser states in the columns kept. */
  states: number;
}

const learnt = new WeakMap<nearley.Grammar, Shapes>();

/** The line's parse, through what was learnt from lines of its shape or beginning as it does. */
export function parseByShape(tokens: readonly Token[], { grammar, vocabulary }: OrderGrammar, parse: Parse): LineParse {
  let shapes = learnt.get(grammar);
  if (!shapes || shapes.size > SHAPE_TOKENS_KEPT || shapes.states > CHART_STATES_KEPT) learnt.set(grammar, (shapes = { root: {}, size: 0, states: 0 }));
  const path: ShapeNode[] = [];
  let node = shapes.root;
  for (let j = 0; j < tokens.length; j++) {
    node = step(node, tokens[j], vocabulary, shapes);
    if (node.stop) return { ok: false, at: j, expected: node.stop };
    path.push(node);
  }
  if (!node.line) {
    const shape = learn(tokens, path, shapes, vocabulary, (some, from, columns) => parse(grammar, some, from, columns));
    if (shape.ok === false && shape.at < tokens.length) path[shape.at].stop = shape.expected;
    else node.line = shape;
    return answer(shape, tokens, grammar, parse);
  }
  return answer(node.line, tokens, grammar, parse);
}

function answer(shape: Learnt, tokens: readonly Token[], grammar: nearley.Grammar, parse: Parse): LineParse {
  if (shape.ok === 'line by line') return parse(grammar, tokens);
  if (!shape.ok) return { ok: false, at: shape.at, expected: shape.expected };
  return { ok: true, results: withTokens(shape.results, shape, tokens, new Map()) as LineResult[] };
}

/** The node after this token, made when no line went this way before. */
function step(node: ShapeNode, t: Token, vocabulary: Vocabulary, shapes: Shapes): ShapeNode {
  node.next ??= new Map();
  let byText = node.next.get(t.type);
  if (!byText) node.next.set(t.type, (byText = new Map()));
  const text = blank(t, vocabulary) ? '' : t.text;
  let next = byText.get(text);
  if (!next) {
    byText.set(text, (next = {}));
    shapes.size++;
  }
  return next;
}

function blank(t: Token, vocabulary: Vocabulary): boolean {
  return t.type === 'name' && !vocabulary.literals.has(t.text);
}

/** Set when a stand-in is asked for more than its shape: the readings being learnt are the line's own. */
const watch = { read: false };

function learn(tokens: readonly Token[], path: ShapeNode[], shapes: Shapes, vocabulary: Vocabulary, parseFrom: LearnParse): Learnt {
  // Parsed on from the column after the longest beginning parsed before, with the stand-ins read then.
  let at = path.length;
  while (at > 0 && !path[at - 1].column) at--;
  watch.read = false;
  const standIns = tokens.map((t, i) => (i < at ? path[i].standIn! : new StandIn(t, i, blank(t, vocabulary))));
  const columns: Column[] = [];
  const parse = parseFrom(standIns, at > 0 ? { at, column: path[at - 1].column } : undefined, columns);
  if (watch.read) return { ok: 'line by line' };
  // Columns built without reading more than the shape are the same for every line beginning so.
  for (let j = at; j < (parse.ok ? tokens.length : parse.at); j++) {
    path[j].column = columns[j + 1];
    path[j].standIn = standIns[j];
    shapes.states += columns[j + 1].states.length;
  }
  if (!parse.ok) return { ok: false, at: parse.at, expected: parse.expected };
  const index = new Map<object, number>(standIns.map((t, i) => [t, i]));
  const seen = new Set<object>();
  const shared = new Set<object>();
  return parse.results.every((r) => plainReading(r, index, seen, shared))
    ? { ok: true, results: parse.results, standIns: index, shared }
    : { ok: 'line by line' };
}

/**
 * A token with only what a shape keeps: its type, its text (a marker for a blank name) and number.
 * Reading anything else marks the shape as one to parse line by line.
 */
class StandIn implements Token {
  readonly type: string;
  readonly text: string;
  readonly value: string;
  readonly number?: number;
  readonly #token: Token;

  constructor(token: Token, i: number, isBlank: boolean) {
    this.type = token.type;
    this.text = this.value = isBlank ? `${MARK}${i}` : token.text;
    if (token.number !== undefined) this.number = token.number;
    this.#token = token;
  }

  #seen(): Token {
    watch.read = true;
    return this.#token;
  }

  get raw(): string {
    return this.#seen().raw;
  }

  get offset(): number {
    return this.#seen().offset;
  }

  get end(): number {
    return this.#seen().end;
  }

  get names(): Token['names'] {
    return this.#seen().names;
  }

  get key(): string | undefined {
    return this.#seen().key;
  }
}

/**
 * Plain data and stand-ins only, and no blank name's text copied in: the same for every line of the
 * shape. Objects met twice go into `shared`: only those need looking up when the readings are copied.
 */
function plainReading(value: unknown, standIns: ReadonlyMap<object, number>, seen: Set<object>, shared: Set<object>): boolean {
  if (typeof value === 'string') return !value.includes(MARK);
  if (typeof value === 'function' || typeof value === 'symbol') return false;
  if (value === null || typeof value !== 'object' || standIns.has(value)) return true;
  if (seen.has(value)) return (shared.add(value), true);
  seen.add(value);
  const proto: unknown = Object.getPrototypeOf(value);
  if (proto !== Object.prototype && proto !== Array.prototype) return false;
  if (Object.getOwnPropertySymbols(value).length) return false;
  return Object.values(value).every((v) => plainReading(v, standIns, seen, shared));
}

/** A copy of the readings with the line's own tokens in place of the stand-ins; shared parts stay shared. */
function withTokens(value: unknown, shape: Reading, tokens: readonly Token[], copies: Map<object, unknown>): unknown {
  if (value === null || typeof value !== 'object') return value;
  if (value instanceof StandIn) return tokens[shape.standIns.get(value)!];
  const shared = shape.shared.has(value);
  if (shared && copies.has(value)) return copies.get(value);
  if (Array.isArray(value)) {
    const list: unknown[] = [];
    if (shared) copies.set(value, list);
    for (const v of value) list.push(withTokens(v, shape, tokens, copies));
    return list;
  }
  const copy: Record<string, unknown> = {};
  if (shared) copies.set(value, copy);
  for (const k in value) copy[k] = withTokens((value as Record<string, unknown>)[k], shape, tokens, copies);
  return copy;
}
