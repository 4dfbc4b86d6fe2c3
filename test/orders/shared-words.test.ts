// base.ne's shared order words: every ruleset with the order reads each of them in its own
// sentences, no ruleset lists one of them twice, and a ruleset without the order does not count its
// words as its own (they are not kept out of place names, nor taken as slips of a word it has).
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { readMapFile } from '../../src/game/map-file.ts';
import { NameResolver, provinceNames } from '../../src/orders/names.ts';
import { grammarOf } from '../../src/orders/order-grammar.ts';
import { parseTokens } from '../../src/orders/parse-line.ts';
import { lineTokens } from '../../src/orders/tokens.ts';
import { orderRuleset } from './support/rulesets.ts';

type RulesetId = 'warfare' | 'board-nes' | 'industrial' | 'cnes';
const RULESETS: readonly RulesetId[] = ['warfare', 'board-nes', 'industrial', 'cnes'];

const { map } = readMapFile('orders-standard.yaml', readFileSync(new URL('../maps/orders-standard.yaml', import.meta.url), 'utf8'));
const names = new NameResolver([provinceNames(map!)]);

/** The words base.ne gives a class, read from its source so the test follows the file. */
function baseWords(rule: string): string[] {
  const source = readFileSync(new URL('../../grammar/base.ne', import.meta.url), 'utf8');
  const found = new RegExp(`^${rule} -> ((?:.|\\n  )*)`, 'm').exec(source);
  if (!found) throw new Error(`base.ne has no ${rule}`);
  return [...found[1].matchAll(/"([^"]+)"/g)].map((m) => m[1]);
}

/** Each ruleset's sentence for each shared class it has an order for ("{}" is the word), and the order it gives. */
const SENTENCES: Record<RulesetId, Record<string, [string, string]>> = {
  warfare: {
    MOVE_VERB: ['A Par {} Bur', 'move'],
    HOLD_VERB: ['A Par {}', 'hold'],
    SUPPORT_VERB: ['A Mar {} A Par - Bur', 'support'],
    DISBAND_VERB: ['A Par {}', 'disband'],
  },
  'board-nes': {
    MOVE_VERB: ['2 armies in Lon {} Wal', 'move'],
    HOLD_VERB: ['army Lon {}', 'hold'],
    DISBAND_VERB: ['army Lon {}', 'disband'],
  },
  cnes: {
    MOVE_VERB: ['infantry in Par {} Bur', 'move'],
    HOLD_VERB: ['infantry in Par {}', 'hold'],
    SUPPORT_VERB: ['fighters in Par {} Bur', 'support'],
  },
  industrial: {
    MOVE_VERB: ['infantry in Par {} Bur', 'march'],
    SUPPORT_VERB: ['{} invasion of Bur from Par', 'support-attack'],
    DISBAND_VERB: ['infantry in Par {}', 'disband'],
  },
};

/** The kinds of order each reading of a line gives, or what stopped it. */
function kinds(id: RulesetId, line: string): string[] | string {
  const grammar = grammarOf(orderRuleset(id));
  const lexed = lineTokens(line, grammar.vocabulary, names);
  if ('tooLong' in lexed) throw new Error(lexed.tooLong);
  const parse = parseTokens(grammar, lexed.tokens);
  return parse.ok ? [...new Set(parse.results.flatMap((r) => r.map((d) => d.kind)))] : `stopped at token ${parse.at}`;
}

describe("base.ne's shared order words", () => {
  for (const id of RULESETS) {
    for (const [rule, [sentence, kind]] of Object.entries(SENTENCES[id])) {
      it(`${id} reads every word of ${rule} as a ${kind} order`, () => {
        const misread = baseWords(rule).flatMap((word) => {
          const line = sentence.replace('{}', word);
          const read = kinds(id, line);
          return JSON.stringify(read) === JSON.stringify([kind]) ? [] : [`${line}: ${JSON.stringify(read)}`];
        });
        expect(misread).toEqual([]);
      });
    }
  }

  it('count "both" as two and "all three" as three wherever units are counted', () => {
    const count = (id: RulesetId, line: string) => {
      const grammar = grammarOf(orderRuleset(id));
      const lexed = lineTokens(line, grammar.vocabulary, names);
      if ('tooLong' in lexed) throw new Error(lexed.tooLong);
      const parse = parseTokens(grammar, lexed.tokens);
      return parse.ok ? parse.results.map((r) => r[0].slots.count) : [];
    };
    expect(count('board-nes', 'both armies in Lon hold')).toEqual([2]);
    expect(count('cnes', 'both infantry in Par hold')).toEqual([2]);
    expect(count('cnes', 'all three tanks in Par hold')).toEqual([3]);
  });

  it.each(RULESETS)('%s lists no word twice in one class', (id) => {
    const seen = new Map<string, number>();
    for (const rule of orderRuleset(id).language!.grammar.ParserRules) {
      const literal = (rule.symbols[0] as { literal?: unknown } | undefined)?.literal;
      if (rule.symbols.length !== 1 || typeof literal !== 'string') continue;
      const key = `${rule.name} "${literal}"`;
      seen.set(key, (seen.get(key) ?? 0) + 1);
    }
    expect([...seen].filter(([, n]) => n > 1).map(([key]) => key)).toEqual([]);
  });

  it('are words only of the rulesets that have the order', () => {
    const has = (id: RulesetId, word: string) => grammarOf(orderRuleset(id)).vocabulary.has(word);
    // Industrial has no hold order, CNES no disband: their words are not those grammars' words.
    expect(['warfare', 'board-nes', 'cnes', 'industrial'].map((id) => has(id as RulesetId, 'holding'))).toEqual([true, true, true, false]);
    expect(['warfare', 'board-nes', 'cnes', 'industrial'].map((id) => has(id as RulesetId, 'disbanded'))).toEqual([true, true, false, true]);
    expect(grammarOf(orderRuleset('industrial')).vocabulary.correct('holdd')).toBeUndefined();
  });
});
