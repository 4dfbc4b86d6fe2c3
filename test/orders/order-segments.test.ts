// A line of several orders is confirmed order by order, each echoed with its own words: the
// confirmation quotes them, and a refusal must point at the order it refuses.
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { parseMessage } from '../../src/orders/parse-message.ts';
import { corpusFiles } from './support/corpus.ts';

const here = path.dirname(fileURLToPath(import.meta.url));
const withState = (ruleset: string) => corpusFiles(path.join(here, ruleset)).find((f) => f.state)!;

function echoes(ruleset: string, text: string): string[] {
  const { ruleset: r, map, nation, state } = withState(ruleset);
  const result = parseMessage({ ruleset: r, map, nation, state, text });
  return [...result.orders, ...result.errors].sort((a, b) => text.indexOf(a.text) - text.indexOf(b.text)).map((o) => o.text);
}

describe('each order of a line is echoed with its own words', () => {
  it('cuts at commas, semicolons, full stops and "and"', () => {
    expect(echoes('warfare', 'A Par - Bur; A Mar - Spa, and F Bre - Mao')).toEqual(['A Par - Bur', 'A Mar - Spa', 'F Bre - Mao']);
    expect(echoes('warfare', 'army paris to burgundy, army marseilles to spain')).toEqual(['army paris to burgundy', 'army marseilles to spain']);
  });

  it('keeps an order whose reading starts after its first word whole (a purchase starts at the unit bought)', () => {
    expect(echoes('board-nes', 'Move 2 army lon -> wal, buy army in yor')).toEqual(['Move 2 army lon -> wal', 'buy army in yor']);
    expect(echoes('board-nes', 'buy army in yor, buy fleet in lon')).toEqual(['buy army in yor', 'buy fleet in lon']);
  });
});
