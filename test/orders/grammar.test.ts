import nearley from 'nearley';
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { readMapFile } from '../../src/game/map-file.ts';
import { grammarOf, NoGrammarError, type OrderGrammar } from '../../src/orders/order-grammar.ts';
import { NameResolver, provinceNames } from '../../src/orders/names.ts';
import { parseMessage } from '../../src/orders/parse-message.ts';
import { parseTokens } from '../../src/orders/parse-line.ts';
import { lineTokens } from '../../src/orders/tokens.ts';
import { foldWordClasses } from '../../src/orders/word-classes.ts';
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

  /** The grammar again, as grammarOf prepares it but with nothing learnt yet (parse-shapes.ts keeps shapes per grammar). */
  function afresh(grammar: OrderGrammar): OrderGrammar {
    const compiled = orderRuleset('warfare').language!.grammar;
    const folded = { ...compiled, ParserRules: foldWordClasses(compiled.ParserRules) };
    return { ...grammar, grammar: nearley.Grammar.fromCompiled(folded as unknown as nearley.CompiledRules) };
  }

  it('read a line of a shape read before as it reads afresh, with its own tokens', () => {
    const grammar = grammarFor('warfare');
    parseTokens(grammar, tokens(grammar, 'A Par - Bur'));
    const t = tokens(grammar, 'A Lon - Wal');
    const parse = parseTokens(grammar, t);
    expect(JSON.stringify(parse)).toBe(JSON.stringify(parseTokens(afresh(grammar), t)));
    if (!parse.ok) throw new Error('"A Lon - Wal" should read');
    expect(parse.results[0][0].slots.province).toMatchObject({ token: t[1] });
    expect(parse.results[0][0].slots.target).toMatchObject({ token: t[3] });
  });

  it('stop a line where a line beginning the same way stopped, expecting the same', () => {
    const grammar = grammarFor('warfare');
    parseTokens(grammar, tokens(grammar, 'A Par Bur Mar'));
    const t = tokens(grammar, 'A Lon Wal H');
    const [learnt, fresh] = [parseTokens(grammar, t), parseTokens(afresh(grammar), t)];
    expect(learnt.ok || fresh.ok).toBe(false);
    if (!learnt.ok && !fresh.ok) expect([learnt.at, ...learnt.expected]).toEqual([fresh.at, ...fresh.expected]);
  });

  it('read line by line a shape whose readings hold what the player wrote', () => {
    // A leader's name is taken as written: the grammar reads the words themselves, not only their shape.
    const grammar = grammarOf(orderRuleset('industrial'));
    const leader = (line: string) => {
      const parse = parseTokens(grammar, tokens(grammar, line));
      return parse.ok ? parse.results[0][0].slots.name : undefined;
    };
    expect(leader('new leader Paris')).toBe('Paris');
    expect(leader('new leader LONDON')).toBe('LONDON');
    expect(leader('new leader PARIS')).toBe('PARIS');
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
