// docs/orders.md shows players orders they can copy: every example there, and every example a
// ruleset documents in its orderKinds, must read as an order of its kind.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import type { MapGraph } from '../../src/engine/index.ts';
import { readMapFile } from '../../src/game/map-file.ts';
import { parseMessage } from '../../src/orders/parse-message.ts';
import { orderRuleset } from './support/rulesets.ts';

const doc = readFileSync(new URL('../../docs/orders.md', import.meta.url), 'utf8');

function map(file: string): MapGraph {
  const { map: graph } = readMapFile(file, readFileSync(new URL(`../maps/${file}`, import.meta.url), 'utf8'));
  if (!graph) throw new Error(`${file} does not load`);
  return graph;
}

/** Examples under "## <ruleset>" then "### <kind>", one per line of the code block. */
function examples(rulesetId: string): Map<string, string[]> {
  const section = doc.split(/^## /m).find((s) => s.startsWith(`${rulesetId}:`)) ?? '';
  const byKind = new Map<string, string[]>();
  for (const part of section.split(/^### /m).slice(1)) {
    const kind = part.split('\n')[0].trim();
    const block = /```\n([^]*?)```/.exec(part)?.[1] ?? '';
    byKind.set(
      kind,
      block.split('\n').filter((l) => l.trim()),
    );
  }
  return byKind;
}

const games = [
  { ruleset: orderRuleset('warfare'), map: map('orders-standard.yaml'), nation: 'france' },
  { ruleset: orderRuleset('board-nes'), map: map('board-nes-small.yaml'), nation: 'red' },
  { ruleset: orderRuleset('industrial'), map: map('industrial-small.yaml'), nation: 'fra' },
  { ruleset: orderRuleset('cnes'), map: map('cnes-small.yaml'), nation: 'red' },
];

describe('docs/orders.md', () => {
  for (const game of games) {
    const documented = examples(game.ruleset.id);

    it(`has a section for every ${game.ruleset.id} order kind, with the ruleset's own examples`, () => {
      for (const k of game.ruleset.orderKinds) {
        expect(documented.has(k.kind), k.kind).toBe(true);
        for (const example of k.examples) expect(documented.get(k.kind), example).toContain(example);
      }
    });

    it(`reads every ${game.ruleset.id} example as an order of its kind`, () => {
      const wrong: string[] = [];
      for (const [kind, lines] of documented) {
        for (const line of lines) {
          const result = parseMessage({ ...game, text: line });
          const ok = result.orders.length > 0 && result.orders.every((o) => o.kind === kind) && !result.ambiguous.length && !result.errors.length;
          if (!ok) wrong.push(`${kind}: "${line}" gave ${JSON.stringify(result)}`);
        }
      }
      expect(wrong).toEqual([]);
    });
  }
});
