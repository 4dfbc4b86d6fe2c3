// Never carry out what was not ordered (docs/orders.md, "Only what you order"): a line that holds an
// order plus a negation, a question, a hedge, a condition, another time or a heading naming another
// season yields no order and no GM question, whatever the order and wherever the words stand. The
// orders come from every ruleset's corpus (lines read as orders on their own, checked first), the
// sentences around them are generated.
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { corpusFiles, messagesOf, parseCase, type CorpusFile } from './support/corpus.ts';

const here = path.dirname(fileURLToPath(import.meta.url));

/** Ways of wrapping an order that do not give it; `{o}` is the order. */
const ANY_TIME = [
  'Do NOT {o}',
  'do not {o}',
  "I won't do {o}",
  "Don't {o}",
  'Never {o}',
  'not {o}',
  '{o} - not yet',
  "I can't {o}",
  'Should I do {o}?',
  '{o}?',
  'Shall we {o}',
  'What about {o}',
  'Can you {o} for me?',
  'Maybe {o}',
  '{o}, maybe',
  'Probably {o}',
  'Perhaps {o}',
  'I think {o}',
  'I might {o}',
  'Possibly {o}',
  '{o} or hold',
  'I plan to {o}',
  '{o} next turn',
  'Next turn {o}',
  '{o} later',
  'Eventually {o}',
  'I already did {o}',
  'Last turn I did {o}',
  '{o} if you want',
  'If they attack, {o}',
  'if possible {o}',
  'Unless they move, {o}',
  '{o} unless they attack',
  '{o} provided they agree',
  'In case they attack, {o}',
  '{o} as long as they agree',
  'When they leave, {o}',
  'Cancel {o}',
  'Ignore {o}',
  'Next turn:\n{o}',
  'Orders for later:\n{o}',
];
/** Times the game is not at: only a reader that knows the game's turn can tell. */
const OTHER_TIMES = ['Turn 99: {o}', 'In round 77 {o}', 'Turn 42:\n{o}'];
const OTHER_SEASONS = {
  warfare: ['Fall 1901: {o}', 'In the fall I will {o}', 'Winter 1905: {o}', 'Spring 1999: {o}', 'Autumn:\n{o}'],
  industrial: ['Winter: {o}', 'In the autumn {o}', 'Summer 1899:\n{o}'],
} as const;
const CHATTER = ['', 'Hi GM,', 'Ok so', 'Well,', 'hmm', 'Thanks!', 'cheers', ';)', 'as discussed'];

/** Lines of the corpus read as exactly one or more orders on their own, with nothing refused. */
function orderLines(corpus: CorpusFile): string[] {
  return corpus.cases
    .filter((c) => c.orders.length && !c.errors.length && !c.ambiguous.length && c.lines)
    .flatMap((c) => messagesOf(c))
    .filter((line) => !line.includes('\n') && line.length < 120)
    .filter((line) => {
      const r = parseCase(corpus, line);
      return r.orders.length > 0 && !r.errors.length && !r.ambiguous.length;
    });
}

const rulesets = ['warfare', 'board-nes', 'cnes', 'industrial'] as const;

describe('a sentence holding an order with words that do not give it yields no order', () => {
  for (const ruleset of rulesets) {
    const files = corpusFiles(path.join(here, ruleset))
      .filter((f) => !f.measured)
      .map((corpus) => ({ corpus, lines: orderLines(corpus) }))
      .filter((f) => f.lines.length >= 3);

    it(`${ruleset}: the corpus gives at least 30 orders read alone to wrap`, () => {
      // The generator below is only as good as its orders: a corpus whose lines stopped reading would test nothing.
      expect(files.reduce((n, f) => n + f.lines.length, 0)).toBeGreaterThanOrEqual(30);
    });

    for (const { corpus, lines } of files) {
      const known = corpus.state ? [...ANY_TIME, ...OTHER_TIMES, ...(OTHER_SEASONS[ruleset as keyof typeof OTHER_SEASONS] ?? [])] : ANY_TIME;
      it(`${ruleset} ${path.basename(corpus.file)}${corpus.state ? ' with its state' : ''}: never carried out, never put to the GM`, () => {
        const sentence = fc.tuple(fc.constantFrom(...lines), fc.constantFrom(...known), fc.constantFrom(...CHATTER), fc.constantFrom(...CHATTER));
        fc.assert(
          fc.property(sentence, ([order, wrap, before, after]) => {
            const text = `${before} ${wrap.replace('{o}', order)} ${after}`.trim();
            const result = parseCase(corpus, text);
            expect(result.orders, text).toEqual([]);
            expect(result.ambiguous, text).toEqual([]);
          }),
          { numRuns: 300 },
        );
      }, 60_000);
    }
  }
});

describe('the words of an order are not mistaken for words around it', () => {
  for (const ruleset of rulesets) {
    for (const corpus of corpusFiles(path.join(here, ruleset)).filter((f) => !f.measured)) {
      const lines = orderLines(corpus);
      if (!lines.length) continue;
      it(`${ruleset} ${path.basename(corpus.file)}: with thanks after it, still read`, () => {
        for (const line of lines) expect(parseCase(corpus, `${line}. Thanks!`).orders.length, line).toBeGreaterThan(0);
      });
    }
  }
});
