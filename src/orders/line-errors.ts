// When a line cannot be read: is it an order gone wrong (tell the player what was not understood
// and the nearest readings that work) or a greeting (set it aside quietly)?
import type { Order } from '../engine/index.ts';
import { describeExpected, orList } from './expectations.ts';
import type { OrderGrammar } from './order-grammar.ts';
import type { Token } from './lexer.ts';
import { parseTokens, type LineParse } from './parse-line.ts';
import { readLine, type ReadingContext } from './readings.ts';

// Order words that everyday sentences use too ("see you in March", "I hope the attack works"):
// they mark a line as an order only beside a place or nation name.
const CHAT_WORDS = new Set([
  'go',
  'goes',
  'attack',
  'attacks',
  'attacking',
  'assist',
  'assists',
  'stay',
  'stays',
  'stand',
  'stands',
  'remain',
  'remains',
  'defend',
  'defends',
  'skip',
  'decline',
  'create',
  'creates',
  'raise',
  'raises',
  'ship',
  'ships',
  'boat',
  'boats',
  'troop',
  'troops',
  'navy',
  'sail',
  'sails',
  'march',
  'marches',
  'marching',
  'advance',
  'advances',
  'proceed',
  'proceeds',
  'remove',
  'removes',
  'delete',
  'destroy',
  'destroys',
  'scrap',
  'invade',
  'invades',
  'moving',
  'holding',
  'load',
  'aim',
  'buy',
  'take',
]);

/**
 * True when the line was meant as an order: it holds an order word of its own ("support", "army"),
 * or one that chat uses too ("attack", "A") beside a place name or a move sign.
 */
export function looksLikeOrder(tokens: readonly Token[], grammar: OrderGrammar): boolean {
  const named = tokens.some((t) => t.type === 'name');
  const signed = tokens.some((t) => t.type === 'arrow' || t.type === 'dash');
  return tokens.some((t) => {
    if (t.type === 'arrow' || t.type === 'dash') return named;
    if (t.type !== 'word' && t.type !== 'name') return false;
    if (!grammar.vocabulary.isOrderWord(t.text)) return false;
    if (named) return true;
    return t.text.length > 1 ? !CHAT_WORDS.has(t.text) : signed;
  });
}

type Failed = Extract<LineParse, { ok: false }>;

export interface LineError {
  message: string;
  suggestions: string[];
}

/** What went wrong where, and readings of the line with one small repair that do work. */
export function syntaxError(
  line: string,
  tokens: readonly Token[],
  parse: Failed,
  grammar: OrderGrammar,
  ctx: ReadingContext,
  format: (order: Order) => string,
): LineError {
  const expected = expectedWords(parse.expected);
  const wanted = expected ? `; I expected ${expected}` : '';
  const before = parse.at > 0 ? line.slice(0, tokens[parse.at - 1].end).trim() : '';
  let message: string;
  if (parse.at >= tokens.length) {
    // Nothing more expected at the end: every whole reading was turned down by the grammar's checks
    // ("infantry in Paris disembarks its infantry": only ships land troops), not cut short.
    message = wanted ? `This order stops too early: after "${before}" I expected ${expected}.` : `I could not read "${before}" as an order of this game.`;
  } else {
    const bad = tokens[parse.at];
    const what = bad.type === 'unknown' ? `I do not know the word "${bad.raw}"` : `I did not expect "${bad.raw}" here`;
    message = before ? `I could not read this order: ${what} after "${before}"${wanted}.` : `I could not read this as an order: ${what} at the start${wanted}.`;
  }
  return { message, suggestions: repairs(tokens, parse, grammar, ctx, format) };
}

const said = new WeakMap<ReadonlySet<string>, string>();

/** What the parser expected, in the player's words: once per set, which every line of a shape shares. */
function expectedWords(expected: ReadonlySet<string>): string {
  let words = said.get(expected);
  if (words === undefined) said.set(expected, (words = orList(describeExpected(expected))));
  return words;
}

const DASH: Token = { type: 'dash', text: '-', value: '-', raw: '-', offset: 0, end: 0 };

/** Readings of the line with a "-" put in, the offending word left out, or the line cut short there. */
function repairs(tokens: readonly Token[], failed: Failed, grammar: OrderGrammar, ctx: ReadingContext, format: (order: Order) => string): string[] {
  const { at } = failed;
  // Each repair keeps the tokens before `at`; most repaired lines have a shape read before (parse-shapes.ts).
  const before = tokens.slice(0, at);
  const tries: Token[][] = [];
  if (at < tokens.length) {
    tries.push([...before, DASH, ...tokens.slice(at)]);
    tries.push([...before, ...tokens.slice(at + 1)]);
  }
  if (at > 0) tries.push(before);
  const found = new Set<string>();
  for (const attempt of tries) {
    const parse = parseTokens(grammar, attempt);
    if (!parse.ok) continue;
    const readings = readLine(parse.results, ctx);
    if (readings.alternatives.length !== 1) continue;
    found.add(readings.alternatives[0].map((p) => format(p.order)).join('; '));
  }
  return [...found].slice(0, 3);
}
