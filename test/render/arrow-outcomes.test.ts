// What an arrow means at a glance: a move (support, convoy, retreat) that succeeded is drawn solid,
// one that failed or bounced dashed, and a unit dislodged or destroyed gets its badge; the legend
// names each outcome the map shows, in the words a reader looks for.
import { describe, expect, it } from 'vitest';
import { arrowShape } from '../../src/render/arrow-shapes.ts';
import { buildLegend } from '../../src/render/legend.ts';
import { buildScene } from '../../src/render/map-scene.ts';
import { reportOf } from '../../src/render/report-common.ts';
import { WARFARE_ORDERS, adjudicate, fixtureGame } from './support.ts';

describe('arrows that tell outcomes', async () => {
  it.each(['move', 'support', 'convoy', 'retreat'] as const)('draws a %s that failed unlike one that succeeded', (kind) => {
    const [ok, failed] = [true, false].map((success) => arrowShape(kind, [0, 0], [300, 0], success, 18)!);
    // Solid: one shaft and its head (or ring, or diamond); dashed: the shaft in several pieces.
    expect(ok.body).toHaveLength(2);
    expect(failed.body.length).toBeGreaterThan(3);
  });

  const game = await fixtureGame('warfare');
  const record = adjudicate(game, WARFARE_ORDERS, []);
  const view = game.ruleset.publicView(game.ctx, record.stateAfter, record.events);
  const marks = reportOf(game).turnMarks(game.ctx, view);
  const legend = buildLegend(buildScene({ map: game.map, view, title: 'T', caption: 'C', marks }), 1).body;

  it('names in the legend each outcome a warfare turn draws: moves, bounces, support and the dislodgement', () => {
    expect(marks.arrows.some((a) => a.kind === 'move' && a.ok)).toBe(true);
    expect(marks.arrows.some((a) => a.kind === 'move' && !a.ok)).toBe(true);
    for (const words of ['>Move<', '>Move that failed<', '>Support<', '>Unit dislodged<']) expect(legend).toContain(words);
    expect(legend).not.toContain('Retreat');
  });
});
