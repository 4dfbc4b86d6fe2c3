// No input crashes the parser: random text, random unicode, word soup made of order words and
// place names, huge lines and empty bodies all come back as a ParseResult whose every part is
// well formed. Time is bounded by construction (lines over the cap are refused before parsing),
// and by the tests' own timeouts rather than timing assertions.
import { readFileSync } from 'node:fs';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import type { GameState, MapGraph } from '../../src/engine/index.ts';
import { readMapFile } from '../../src/game/map-file.ts';
import { MAX_MESSAGE_LINES } from '../../src/orders/clean-message.ts';
import { parseMessage } from '../../src/orders/parse-message.ts';
import { MAX_LINE_CHARS } from '../../src/orders/tokens.ts';
import type { ParseResult } from '../../src/orders/types.ts';
import { orderRuleset } from './support/rulesets.ts';

function map(file: string): MapGraph {
  const { map: graph } = readMapFile(file, readFileSync(new URL(`../maps/${file}`, import.meta.url), 'utf8'));
  if (!graph) throw new Error(`${file} does not load`);
  return graph;
}

function state(file: string): GameState {
  return parse(readFileSync(new URL(file, import.meta.url), 'utf8')) as GameState;
}

// With a state too, so the rulesets' validation sees whatever the parser makes of the noise.
const games = [
  { ruleset: orderRuleset('warfare'), map: map('orders-standard.yaml'), nation: 'france' },
  { ruleset: orderRuleset('warfare'), map: map('orders-standard.yaml'), nation: 'france', state: state('./warfare/states/spring-1901.yaml') },
  { ruleset: orderRuleset('board-nes'), map: map('board-nes-small.yaml'), nation: 'red' },
  { ruleset: orderRuleset('board-nes'), map: map('board-nes-small.yaml'), nation: 'red', state: state('./board-nes/states/turn-3.yaml') },
];

/** Everything a result holds is well formed, whatever the input was. */
function checkResult(result: ParseResult, text: string, kinds: ReadonlySet<string>): void {
  const lines = text.replace(/\r\n?/g, '\n').split('\n').length;
  const inRange = (line: number) => Number.isInteger(line) && line >= 1 && line <= lines;
  for (const o of [...result.orders, ...result.ambiguous.flatMap((a) => a.candidates)]) {
    expect(kinds.has(o.kind)).toBe(true);
    expect(o.canonical.length).toBeGreaterThan(0);
    expect(inRange(o.line)).toBe(true);
  }
  for (const a of result.ambiguous) expect(a.candidates.length).toBeGreaterThan(1);
  for (const e of result.errors) {
    expect(inRange(e.line)).toBe(true);
    expect(e.message).toMatch(/\S/);
    expect(e.message).not.toMatch(/\bat .*\.ts:\d+/); // never a stack trace
  }
  for (const i of result.ignored) expect(inRange(i.line)).toBe(true);
}

const ORDER_WORDS = [
  'A',
  'F',
  'S',
  'C',
  'H',
  'R',
  'D',
  '-',
  '->',
  'to',
  'via',
  'convoy',
  'support',
  'supports',
  'hold',
  'move',
  'build',
  'buy',
  'waive',
  'army',
  'armies',
  'fleet',
  'the',
  'my',
  'and',
  'all',
  'but',
  'per',
  'two',
  '2',
  'claim',
  '(claim)',
  'steal',
  'caravan',
  'escort',
  'from',
  'in',
  'at',
  'onto',
  'load',
  'unload',
  'naval',
  'attack',
  'aim',
  ',',
  ';',
  '.',
  ':',
  '/',
  '(',
  ')',
  'nc',
  'north',
  'coast',
];
const NAMES = ['Par', 'Bur', 'London', 'Wales', 'North Sea', 'Spa', 'stp', 'Mid-Atlantic', 'blue', 'Bluevale', 'lon', 'nth', 'yor', 'xyzzy', 'Nales', 'Pqrs'];
const wordSoup = fc.array(fc.constantFrom(...ORDER_WORDS, ...NAMES), { maxLength: 90 }).map((w) => w.join(' '));
const messages = fc
  .array(fc.oneof(wordSoup, fc.string({ maxLength: 200 }), fc.string({ unit: 'grapheme', maxLength: 120 }), fc.string({ unit: 'binary', maxLength: 120 })), {
    maxLength: 12,
  })
  .map((lines) => lines.join('\n'));

describe('the parser never crashes', () => {
  for (const game of games) {
    const kinds = new Set(game.ruleset.orderKinds.map((k) => k.kind));
    const parse = (text: string) => parseMessage({ ...game, text });
    const name = `${game.ruleset.id}${game.state ? ' with a state' : ''}`;

    it(`reads any message for ${name}`, () => {
      fc.assert(
        fc.property(messages, (text) => checkResult(parse(text), text, kinds)),
        { numRuns: 400 },
      );
    }, 60_000);

    it(`reads word soup made of order words and names for ${name}`, () => {
      fc.assert(
        fc.property(wordSoup, (text) => checkResult(parse(text), text, kinds)),
        { numRuns: 600 },
      );
    }, 60_000);

    it(`refuses a 1 MB line for ${name} with a clear error instead of parsing it`, () => {
      for (const line of ['A Par - Bur '.repeat(95_000), 'x'.repeat(1_000_000), '-'.repeat(1_000_000)]) {
        const result = parse(line);
        expect(result.errors).toHaveLength(1);
        expect(result.errors[0].message).toContain('too long to be an order');
        expect(result.errors[0].text.length).toBeLessThan(100);
        expect(result.orders).toEqual([]);
      }
    }, 30_000);

    it(`reads a message of a million short lines only up to its line cap for ${name}`, () => {
      const result = parse('Hi\n'.repeat(1_000_000));
      expect(result.ignored).toHaveLength(MAX_MESSAGE_LINES + 1);
      expect(result.ignored[MAX_MESSAGE_LINES].why).toContain(`only the first ${MAX_MESSAGE_LINES} lines`);
    }, 30_000);

    it(`gives an empty result for an empty body for ${name}`, () => {
      for (const text of ['', '\n', '   \n\t\n', '\r\n\r\n']) expect(parse(text)).toEqual({ orders: [], ambiguous: [], errors: [], ignored: [] });
    });
  }

  it('refuses a line just over the cap but reads one at it', () => {
    const [game] = games;
    const order = 'A Par - Bur';
    const atCap = order + ' '.repeat(MAX_LINE_CHARS - order.length - 1) + '.';
    expect(parseMessage({ ...game, text: atCap }).orders).toHaveLength(1);
    expect(parseMessage({ ...game, text: `${atCap}.` }).errors[0].message).toContain('too long');
  });
});
