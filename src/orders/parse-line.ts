// Runs a compiled grammar over the tokens of one line. nearley returns every reading of the line;
// several readings are kept (readings.ts decides whether they differ), none is reported with the
// place where reading stopped and what the grammar would have accepted there.
import nearley from 'nearley';
import type { Draft } from './drafts.ts';
import type { OrderGrammar } from './order-grammar.ts';
import { parseByShape } from './parse-shapes.ts';
import type { Token } from './lexer.ts';
import { TokenStream } from './token-stream.ts';

/** What a grammar's top rule returns: the orders of the line, still as the player named things. */
export type LineResult = Draft[];

export type LineParse =
  | { ok: true; results: LineResult[] }
  | {
      ok: false;
      /** Index of the token where reading failed; tokens.length when the line stopped too early. */
      at: number;
      /**
       * What would have been accepted there: grammar rule names (MOVE_VERB) and token types (name).
       * Shared by every line of the shape (parse-shapes.ts): read it, never change it.
       */
      expected: ReadonlySet<string>;
    };

/** Past this many readings the grammar is lost in fillers; the first ones are as good as any. */
const MAX_RESULTS = 64;

interface ParserInternals {
  feed(chunk: string): void;
  results: unknown[];
  lexer: TokenStream;
  table: Array<{ scannable: Array<{ rule: { name: string; symbols: unknown[] }; dot: number }> } | undefined>;
  current: number;
  reportError(token: unknown): string;
  reportLexerError(error: unknown): string;
}

// The first column of the parse chart (every rule a line may start with) is the same for every line
// and is most of the work for a short one: it is built once per grammar and shared, which is safe
// because nearley never changes a column once it has moved past it.
const startColumns = new WeakMap<nearley.Grammar, unknown>();

// nearley's own message lists every expected symbol with its derivation: slow, and not for players.
const noReading = () => 'no reading';

/** A parse taken up after the line's first `at` tokens, from the chart column a parse of them left. */
export interface ChartPoint {
  at: number;
  column: unknown;
}

function newParser(grammar: nearley.Grammar, tokens: readonly Token[], from: ChartPoint | undefined, keep: boolean): ParserInternals {
  let start = startColumns.get(grammar);
  if (!start) {
    start = (new nearley.Parser(grammar) as unknown as ParserInternals).table[0];
    startColumns.set(grammar, start);
  }
  const { at, column } = from ?? { at: 0, column: start };
  // Column n of the chart stays at table[n]: nearley numbers columns from `current`, never from the table.
  const table: unknown[] = [];
  table[at] = column;
  const parser = Object.create(nearley.Parser.prototype) as ParserInternals;
  Object.assign(parser, { grammar, options: { keepHistory: keep, lexer: grammar.lexer }, lexerState: undefined, table, current: at, results: [] });
  parser.lexer = new TokenStream(tokens.slice(at));
  parser.reportError = noReading;
  parser.reportLexerError = noReading;
  return parser;
}

/** Reads a line's tokens (parse-shapes.ts: once for all lines of the same shape). */
export function parseTokens(grammar: OrderGrammar, tokens: readonly Token[]): LineParse {
  return parseByShape(tokens, grammar, parseAll);
}

/**
 * The line's readings, from its start or from `from`; with `columns`, the chart's columns are left
 * there by index, for parses of lines beginning the same way to take up.
 */
function parseAll(grammar: nearley.Grammar, tokens: readonly Token[], from?: ChartPoint, columns?: unknown[]): LineParse {
  const parser = newParser(grammar, tokens, from, columns !== undefined);
  const parse = parseWith(parser);
  if (columns) parser.table.forEach((column, n) => (columns[n] = column));
  return parse;
}

function parseWith(parser: ParserInternals): LineParse {
  // nearley says "no reading" by throwing; most lines a player's greeting makes do, and a stack trace
  // costs more than the parse.
  const traceLimit = Error.stackTraceLimit;
  Error.stackTraceLimit = 0;
  try {
    parser.feed('');
  } catch (e) {
    const at = typeof (e as { offset?: unknown }).offset === 'number' ? (e as { offset: number }).offset : 0;
    return failure(parser, at);
  } finally {
    Error.stackTraceLimit = traceLimit;
  }
  const results = parser.results as LineResult[];
  if (!results.length) return failure(parser, parser.current);
  return { ok: true, results: results.slice(0, MAX_RESULTS) };
}

function failure(parser: ParserInternals, at: number): LineParse {
  return { ok: false, at, expected: expectedAt(parser, at) };
}

function expectedAt(parser: ParserInternals, column: number): ReadonlySet<string> {
  const expected = new Set<string>();
  for (const state of parser.table[column]?.scannable ?? []) {
    const symbol = state.rule.symbols[state.dot] as { type?: string; literal?: string; expects?: readonly string[] };
    // A folded word class (word-classes.ts) says what it stands for.
    if (symbol.expects) {
      for (const e of symbol.expects) expected.add(e);
      continue;
    }
    // A name token is described by the rule that wants it: a place (NAMED) or a nation (NATION).
    expected.add(symbol.type && symbol.type !== 'name' && symbol.type !== 'unknown' ? symbol.type : state.rule.name);
  }
  return expected;
}
