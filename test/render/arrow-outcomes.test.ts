// What an arrow means at a glance: a move (support, convoy, retreat) that succeeded is drawn solid,
// one that failed or bounced dashed, and a unit dislodged or destroyed gets its badge; the legend
// names each outcome the map shows, in the words a reader looks for (a warfare turn, a CNES turn).
import { describe, expect, it } from 'vitest';
import { arrowShape } from '../../src/render/arrow-shapes.ts';
import { loadGame } from '../../src/game/load-game.ts';
import { buildLegend } from '../../src/render/legend.ts';
import { buildScene } from '../../src/render/map-scene.ts';
import { reportOf } from '../../src/render/report-common.ts';
import { arrowShapes } from '../../src/render/turn-drawing.ts';
import { WARFARE_ORDERS, adjudicate, fixtureGame, playStarter } from './support.ts';

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

  it('draws a CNES attack that lost its battle as a move that failed, and names it in the legend', async () => {
    const cnes = await loadGame('examples/starter/cnes');
    // Blue's infantry enter Midmarch and lose the clash there to Red and Green.
    const turn = playStarter(
      cnes,
      { red: 'Move tank from Redwood to Midmarch\nally with green', blue: 'move 2 infantry bca - mid', green: 'ally with red\n2 militia gjn -> mid' },
      'starter turn',
    );
    const seen = cnes.ruleset.publicView(cnes.ctx, turn.stateAfter, turn.events);
    const drawn = reportOf(cnes).turnMarks(cnes.ctx, seen);
    expect(drawn.arrows).toEqual(
      expect.arrayContaining([
        { kind: 'move', from: 'bca', to: 'mid', ok: false, nation: 'blue' },
        { kind: 'move', from: 'rwd', to: 'mid', ok: true, nation: 'red' },
      ]),
    );
    const scene = buildScene({ map: cnes.map, view: seen, title: 'T', caption: 'C', marks: drawn });
    const centre = (id: string) => [cnes.map.ids().indexOf(id) * 200, 0] as const;
    const failed = arrowShapes(scene, centre, 18).find(({ arrow }) => arrow.nation === 'blue')!;
    expect(failed.shape.body.length).toBeGreaterThan(3);
    for (const words of ['>Move<', '>Move that failed<']) expect(buildLegend(scene, 1).body).toContain(words);
  });
});
