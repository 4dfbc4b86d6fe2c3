import nearley from 'nearley';
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { readMapFile } from '../../src/game/map-file.ts';
import { grammarOf, NoGrammarError, type OrderGrammar } from '../../src/orders/order-grammar.ts';
import { NameResolver, provinceNames } from '../../src/orders/names.ts';
import { parseMessage } from '../../src/orders/parse-message.ts';
import { parseTokens } from '../../src/orders/parse-line.ts';
import { lineTokens } from '../../src/orders/tokens.ts';
import { orderRuleset } from './support/rulesets.ts';

const { map } = readMapFile('orders-standard.yaml', readFileSync(new URL('../maps/orders-standard.yaml', import.meta.url), 'utf8'));
const names = new NameResolver([provinceNames(map!)]);

function grammarFor(id: 'warfare' | 'board-nes'): OrderGrammar {
  return grammarOf(orderRuleset(id));
}

function tokens(grammar: OrderGrammar, line: string) {
  const lexed = lineTokens(line, grammar.vocabulary, names);
  if ('tooLong' in lexed) throw new Error(lexed.tooLong);
  return lexed.tokens;
}

describe('order grammars', () => {
  // A name in orderWords that holds no word of its own (a rule of rules) marks nothing, silently:
  // a line naming only its words would be taken for chatter and its orders picked out of it.
  it.each(['warfare', 'board-nes', 'industrial', 'cnes'] as const)('%s: every rule named as order words starts phrases with words of its own', (id) => {
    const ruleset = orderRuleset(id);
    const starts = new Set(
      ruleset.language!.grammar.ParserRules.flatMap((r) => (typeof (r.symbols[0] as { literal?: unknown })?.literal === 'string' ? [r.name] : [])),
    );
    expect(ruleset.language!.orderWords.filter((rule) => !starts.has(rule))).toEqual([]);
  });

  it('takes the first word of an order phrase as an order word, not the small words after it', () => {
    const vocabulary = grammarOf(orderRuleset('cnes')).vocabulary;
    expect(['declare', 'ally', 'fortify'].filter((w) => vocabulary.isOrderWord(w))).toEqual(['declare', 'ally', 'fortify']);
    expect(['to', 'on', 'with'].filter((w) => vocabulary.isOrderWord(w))).toEqual([]);
  });

  it('come with the ruleset, prepared once', () => {
    expect(grammarFor('warfare').rulesetId).toBe('warfare');
    expect(grammarFor('warfare')).toBe(grammarFor('warfare'));
  });

  it('say clearly when a ruleset has none', () => {
    const silent = { ...orderRuleset('warfare'), id: 'no-words', language: undefined };
    expect(() => grammarOf(silent)).toThrow(NoGrammarError);
    expect(() => grammarOf(silent)).toThrow(/"no-words" cannot be read from text: it has no order language/);
  });

  it('take their words from the grammar: the base fillers, and each ruleset its own', () => {
    const warfare = grammarFor('warfare').vocabulary;
    const boardNes = grammarFor('board-nes').vocabulary;
    expect(warfare.fillers.has('please') && boardNes.fillers.has('please')).toBe(true);
    expect(warfare.has('convoy')).toBe(true);
    expect(warfare.has('caravan')).toBe(false);
    expect(boardNes.has('caravan')).toBe(true);
    expect(warfare.isOrderWord('supports')).toBe(true);
    expect(warfare.isOrderWord('the')).toBe(false);
  });

  it('forgive a slip in a word of the grammar only when one word is nearest', () => {
    const { vocabulary } = grammarFor('warfare');
    expect(vocabulary.correct('suport')).toBe('support');
    expect(vocabulary.correct('covnoy')).toBe('convoy');
    expect(vocabulary.correct('xylophone')).toBeUndefined();
  });

  it('read the same with word classes folded as compiled, only faster', () => {
    const lines = [
      'A Par - Bur',
      'F Nth C A Lon - Nwy',
      'Build A Ber, A Mun and F Kie',
      'waive two builds',
      'A Mun S Par - Bur',
      'F Spa (sc) - Wes',
      'Lon - Wal; Bre H',
    ];
    for (const id of ['warfare', 'board-nes'] as const) {
      const grammar = grammarFor(id);
      const compiled = orderRuleset(id).language!.grammar;
      const unfolded: OrderGrammar = { ...grammar, grammar: nearley.Grammar.fromCompiled(compiled as unknown as nearley.CompiledRules) };
      expect(grammar.grammar.rules.length).toBeLessThan(unfolded.grammar.rules.length);
      for (const line of lines) {
        const t = tokens(grammar, line);
        expect(JSON.stringify(parseTokens(grammar, t))).toBe(JSON.stringify(parseTokens(unfolded, t)));
      }
    }
  });

  it('say what a line that does not read expected, in the order the grammar as compiled says it, with word classes folded', () => {
    const lines = ['A Par Bur', 'Move 2 armies from', 'Buy fleet in lon at', 'F Nth C', 'hold', 'A Lon - Wal and'];
    for (const id of ['warfare', 'board-nes'] as const) {
      const grammar = grammarFor(id);
      const compiled = nearley.Grammar.fromCompiled(orderRuleset(id).language!.grammar as unknown as nearley.CompiledRules);
      const unfolded: OrderGrammar = { ...grammar, grammar: compiled };
      for (const line of lines) {
        const [folded, plain] = [parseTokens(grammar, tokens(grammar, line)), parseTokens(unfolded, tokens(grammar, line))];
        expect(folded.ok, line).toBe(false);
        if (!folded.ok && !plain.ok) expect([folded.at, ...folded.expected], line).toEqual([plain.at, ...plain.expected]);
      }
    }
  });

  it('report where reading stopped and what would have done', () => {
    const grammar = grammarFor('warfare');
    const parse = parseTokens(grammar, tokens(grammar, 'A Par Bur'));
    expect(parse.ok).toBe(false);
    if (!parse.ok) {
      expect(parse.at).toBe(2);
      expect(parse.expected.has('HOLD_VERB') && parse.expected.has('SUPPORT_VERB')).toBe(true);
    }
  });

  it('take up a failed reading where it stopped, as if the whole line were read again', () => {
    const grammar = grammarFor('warfare');
    const t = tokens(grammar, 'A Par Bur Mar');
    const failed = parseTokens(grammar, t);
    if (failed.ok) throw new Error('"A Par Bur Mar" should not read');
    const dash = { ...t[1], type: 'dash', text: '-', value: '-', raw: '-' };
    const rest = [dash, ...t.slice(failed.at)];
    const again = parseTokens(grammar, [...t.slice(0, failed.at), ...rest]);
    const resumed = parseTokens(grammar, rest, failed.prefix);
    expect(JSON.stringify(resumed)).toBe(JSON.stringify(again));
    expect(again.ok).toBe(false); // "A Par - Bur Mar" stops at Mar, which the resumed reading must say too
    if (!again.ok && !resumed.ok) expect(resumed.at).toBe(again.at);
    const fixed = [dash, t[failed.at]];
    expect(JSON.stringify(parseTokens(grammar, fixed, failed.prefix))).toBe(JSON.stringify(parseTokens(grammar, [...t.slice(0, failed.at), ...fixed])));
    expect(parseTokens(grammar, fixed, failed.prefix).ok).toBe(true);
  });
});

describe('parseMessage', () => {
  const warfare = orderRuleset('warfare');
  const parse = (text: string) => parseMessage({ ruleset: warfare, map: map!, nation: 'france', text });

  it('gives each order of a line its own text, line and canonical form', () => {
    const { orders } = parse('\nA Par - Bur; F Bre - Mao, and A Mar H');
    expect(orders.map((o) => [o.line, o.text, o.canonical])).toEqual([
      [2, 'A Par - Bur', 'A par - bur'],
      [2, 'F Bre - Mao', 'F bre - mao'],
      [2, 'A Mar H', 'A mar H'],
    ]);
  });

  it('keeps the whole item text of a list of builds', () => {
    expect(parse('Build A Ber, F Kie').orders.map((o) => o.text)).toEqual(['Build A Ber', 'F Kie']);
  });

  it('restates a forgiven slip in the canonical form', () => {
    const [order] = parse('A Pairs - Burgandy').orders;
    expect(order.text).toBe('A Pairs - Burgandy');
    expect(order.canonical).toBe('A par - bur');
  });

  it('puts only the differing order of a line to the GM', () => {
    const result = parse('A Par - Bur; Bre H');
    expect(result.orders.map((o) => o.canonical)).toEqual(['A par - bur']);
    expect(result.ambiguous).toHaveLength(1);
    expect(result.ambiguous[0].text).toBe('Bre H');
    expect(result.ambiguous[0].candidates.map((c) => c.canonical).sort()).toEqual(['A bre H', 'F bre H']);
  });
});
