// The nation page's live reading (src/messages/order-preview.ts) with the project's own reader, on
// every ruleset's starter game: each line said as the confirmation would say it, a line the rules
// refuse refused with its reason, an unknown place with the nearest names, a remark set aside.
import { fileURLToPath } from 'node:url';
import pino from 'pino';
import { describe, expect, it } from 'vitest';
import { loadGame } from '../../src/game/load-game.ts';
import { previewLines } from '../../src/messages/order-preview.ts';

const STARTERS = fileURLToPath(new URL('../../examples/starter/', import.meta.url));
const tools = { logger: pino({ level: 'silent' }) };

const CASES: Array<[ruleset: string, text: string, expected: Array<[kind: string, says: RegExp]>]> = [
  [
    'warfare',
    'A Vie - Tyr\nA Bud - Lon\nF Tri - Atlantis\nthanks GM',
    [
      ['order', /^Your army in Vienna moves to Tyrolia\.$/],
      ['refused', /cannot reach London/],
      ['refused', /"Atlantis".*Did you mean: .*Mid-Atlantic Ocean/],
      ['aside', /^Set aside: no order words/],
    ],
  ],
  [
    'board-nes',
    'move army from London to Wales\nmove my army from London to Atlantis\nhello',
    [
      ['order', /^Your army in London moves to Wales\.$/],
      ['refused', /"Atlantis"/],
      ['aside', /^Set aside/],
    ],
  ],
  [
    'industrial',
    'deploy 2 infantry in Paris\nattack Bel from Par',
    [
      ['order', /^You deploy 2 infantry in Paris\.$/],
      ['refused', /no land forces in Paris/],
    ],
  ],
  [
    'cnes',
    'move 2 infantry from rha to rwd\nmove tank from rwd to Atlantis',
    [
      ['order', /2 of your infantry in Redhaven: move to Redwood/],
      ['refused', /"Atlantis"/],
    ],
  ],
];

describe('live reading of a nation page', () => {
  it.each(CASES)('reads each line of a %s order box as it would be confirmed', async (ruleset, text, expected) => {
    const game = await loadGame(`${STARTERS}${ruleset}`);
    const nation = Object.keys(game.config.nations)[0];
    const lines = await previewLines(tools, game, nation, text);
    expect(lines.map((l) => l.line)).toEqual(expected.map((_, i) => i + 1));
    lines.forEach((l, i) => {
      expect(l.kind, l.says).toBe(expected[i][0]);
      expect(l.says).toMatch(expected[i][1]);
    });
  });

  it('says commands are commands, and a later order about the same unit sets the earlier aside', async () => {
    const game = await loadGame(`${STARTERS}warfare`);
    expect(await previewLines(tools, game, 'austria', 'STATUS')).toEqual([{ line: 1, kind: 'command', says: expect.stringMatching(/^The command STATUS/) }]);
    const twice = await previewLines(tools, game, 'austria', 'A Vie - Gal\nA Vie - Tyr');
    expect(twice.map((l) => l.kind)).toEqual(['aside', 'order']);
    expect(twice[0].says).toMatch(/replaced by line 2/);
  });
});
