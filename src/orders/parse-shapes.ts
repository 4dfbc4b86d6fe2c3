// Most order lines share a handful of shapes: "A Par - Bur" and "F Lon - Nth" differ only in their
// names, and the grammar reads both the same way. A line's shape is its tokens with each place or
// nation name left blank; the parser runs once per shape and grammar, and a later line of that shape
// gets the readings with its own tokens put in.
//
// A shape's readings stand for every line of the shape only when the grammar's postprocessors looked
// at nothing the shape leaves out. The shape is learnt from stand-in tokens that say when anything
// else is read: their `raw`, offsets and names are watched, and a blank name's text is a marker that
// shows up if it is copied into a reading. A shape that reads more is parsed line by line as before.
import type nearley from 'nearley';
import type { Token } from './lexer.ts';
import type { OrderGrammar } from './order-grammar.ts';
import type { LineParse, LineResult } from './parse-line.ts';
import type { Vocabulary } from './vocabulary.ts';

/**
 * Tokens of shapes kept per grammar, a few megabytes; past this they are forgotten and learnt again
 * (a long email of prose is mostly new shapes, orders mostly a few).
 */
const SHAPE_TOKENS_KEPT = 10_000;
/** Starts a blank name's text: no lexed token holds it. */
const MARK = '\u0000';

type Learnt =
  { ok: true; results: LineResult[]; standIns: Map<object, number> } | { ok: false; at: number; expected: ReadonlySet<string> } | { ok: 'line by line' };

/** Parses a line's tokens with the grammar, from the start of the line. */
type Parse = (grammar: nearley.Grammar, tokens: readonly Token[]) => LineParse;

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
}

interface Shapes {
  root: ShapeNode;
  size: number;
}

const learnt = new WeakMap<nearley.Grammar, Shapes>();

/** The line's parse, through what was learnt from lines of its shape or beginning as it does. */
export function parseByShape(tokens: readonly Token[], { grammar, vocabulary }: OrderGrammar, parse: Parse): LineParse {
  let shapes = learnt.get(grammar);
  if (!shapes || shapes.size > SHAPE_TOKENS_KEPT) learnt.set(grammar, (shapes = { root: {}, size: 0 }));
  const path: ShapeNode[] = [];
  let node = shapes.root;
  for (let j = 0; j < tokens.length; j++) {
    node = step(node, tokens[j], vocabulary, shapes);
    if (node.stop) return { ok: false, at: j, expected: new Set(node.stop) };
    path.push(node);
  }
  if (!node.line) {
    const shape = learn(tokens, vocabulary, (some) => parse(grammar, some));
    if (shape.ok === false && shape.at < tokens.length) path[shape.at].stop = shape.expected;
    else node.line = shape;
    return answer(shape, tokens, grammar, parse);
  }
  return answer(node.line, tokens, grammar, parse);
}

function answer(shape: Learnt, tokens: readonly Token[], grammar: nearley.Grammar, parse: Parse): LineParse {
  if (shape.ok === 'line by line') return parse(grammar, tokens);
  if (!shape.ok) return { ok: false, at: shape.at, expected: new Set(shape.expected) };
  return { ok: true, results: withTokens(shape.results, shape.standIns, tokens, new Map()) as LineResult[] };
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

function learn(tokens: readonly Token[], vocabulary: Vocabulary, parseAll: (tokens: readonly Token[]) => LineParse): Learnt {
  const watch = { read: false };
  const standIns = tokens.map((t, i) => new StandIn(t, i, blank(t, vocabulary), watch));
  const parse = parseAll(standIns);
  if (watch.read) return { ok: 'line by line' };
  if (!parse.ok) return { ok: false, at: parse.at, expected: parse.expected };
  const index = new Map<object, number>(standIns.map((t, i) => [t, i]));
  const seen = new Set<object>();
  return parse.results.every((r) => plainReading(r, index, seen)) ? { ok: true, results: parse.results, standIns: index } : { ok: 'line by line' };
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
  readonly #watch: { read: boolean };

  constructor(token: Token, i: number, isBlank: boolean, watch: { read: boolean }) {
    this.type = token.type;
    this.text = this.value = isBlank ? `${MARK}${i}` : token.text;
    if (token.number !== undefined) this.number = token.number;
    this.#token = token;
    this.#watch = watch;
  }

  #seen(): Token {
    this.#watch.read = true;
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

/** Plain data and stand-ins only, and no blank name's text copied in: the same for every line of the shape. */
function plainReading(value: unknown, standIns: ReadonlyMap<object, number>, seen: Set<object>): boolean {
  if (typeof value === 'string') return !value.includes(MARK);
  if (typeof value === 'function' || typeof value === 'symbol') return false;
  if (value === null || typeof value !== 'object' || standIns.has(value) || seen.has(value)) return true;
  seen.add(value);
  const proto: unknown = Object.getPrototypeOf(value);
  if (proto !== Object.prototype && proto !== Array.prototype) return false;
  if (Object.getOwnPropertySymbols(value).length) return false;
  return Object.values(value).every((v) => plainReading(v, standIns, seen));
}

/** A copy of the readings with the line's own tokens in place of the stand-ins; shared parts stay shared. */
function withTokens(value: unknown, standIns: ReadonlyMap<object, number>, tokens: readonly Token[], copies: Map<object, unknown>): unknown {
  if (value === null || typeof value !== 'object') return value;
  const at = standIns.get(value);
  if (at !== undefined) return tokens[at];
  let copy = copies.get(value);
  if (copy) return copy;
  if (Array.isArray(value)) {
    const list: unknown[] = [];
    copies.set(value, list);
    for (const v of value) list.push(withTokens(v, standIns, tokens, copies));
    return list;
  }
  copy = {};
  copies.set(value, copy);
  for (const k in value) (copy as Record<string, unknown>)[k] = withTokens((value as Record<string, unknown>)[k], standIns, tokens, copies);
  return copy;
}
