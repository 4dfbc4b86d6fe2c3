// What an arrow means at a glance: a move (support, convoy, retreat) that succeeded is drawn solid,
// one that failed or bounced dashed with a bar across it where it stopped, and a unit dislodged or
// destroyed gets a badge of its own; the legend names each outcome the map shows, in the words a
// reader looks for, drawn with the map's own shapes (a warfare turn, a CNES turn, and each
// ruleset's turn marks fed the events that say so). The warfare turn is written to
// test-output/render/arrows-warfare.png to be looked at.
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { GameEvent, TurnMarks } from '../../src/engine/index.ts';
import { arrowShape, type Polygon } from '../../src/render/arrow-shapes.ts';
import { loadGame } from '../../src/game/load-game.ts';
import { buildLegend } from '../../src/render/legend.ts';
import { buildScene } from '../../src/render/map-scene.ts';
import { reportOf } from '../../src/render/report-common.ts';
import { eventSvg } from '../../src/render/map-symbols.ts';
import { drawMap } from '../../src/render/render-map.ts';
import { arrowShapes, shapeSvg } from '../../src/render/turn-drawing.ts';
import { TEST_OUTPUT, WARFARE_ORDERS, adjudicate, fixtureGame, playStarter } from './support.ts';

/** How far a polygon reaches across a left-to-right arrow, and where along it. */
const across = (p: Polygon) => Math.max(...p.map(([, y]) => y)) - Math.min(...p.map(([, y]) => y));
const alongAt = (p: Polygon) => p.reduce((sum, [x]) => sum + x, 0) / p.length;
/** The polygons an SVG draws, in order. */
const polygonsOf = (svg: string): Polygon[] =>
  [...svg.matchAll(/<polygon points="([^"]+)"/g)].map((m) => m[1].split(' ').map((xy) => xy.split(',').map(Number) as [number, number]));

describe('arrows that tell outcomes', async () => {
  it.each(['move', 'support', 'convoy', 'retreat'] as const)('draws a %s that failed unlike one that succeeded', (kind) => {
    const [ok, failed] = [true, false].map((success) => arrowShape(kind, [0, 0], [300, 0], success, 18)!);
    // Solid: one shaft and its head (or ring, or diamond); dashed: the shaft in several pieces.
    expect(ok.body).toHaveLength(2);
    expect(failed.body.length).toBeGreaterThan(3);
    // The bar: across the shaft, wider than the head (or ring, or diamond), just behind it.
    const tip = ok.body[1];
    const bar = failed.body.at(-2)!;
    expect(across(bar)).toBeGreaterThan(across(tip));
    expect(alongAt(bar)).toBeLessThan(Math.min(...tip.map(([x]) => x)));
    expect(alongAt(bar)).toBeGreaterThan(
      Math.max(
        ...failed.body
          .slice(0, -2)
          .flat()
          .map(([x]) => x),
      ),
    );
    expect(ok.body.some((p) => across(p) > across(tip))).toBe(false);
  });

  const game = await fixtureGame('warfare');
  const record = adjudicate(game, WARFARE_ORDERS, []);
  const view = game.ruleset.publicView(game.ctx, record.stateAfter, record.events);
  const marks = reportOf(game).turnMarks(game.ctx, view);
  const legend = buildLegend(buildScene({ map: game.map, view, title: 'T', caption: 'C', marks }), 1).body;

  it('names in the legend each outcome a warfare turn draws: moves, bounces, support and the dislodgement', async () => {
    expect(marks.arrows.some((a) => a.kind === 'move' && a.ok)).toBe(true);
    expect(marks.arrows.some((a) => a.kind === 'move' && !a.ok)).toBe(true);
    for (const words of ['>Move<', '>Move that bounced or failed<', '>Support<', '>Unit dislodged<']) expect(legend).toContain(words);
    expect(legend).not.toContain('Retreat');
    const { png } = await drawMap({ map: game.map, view, title: 'A warfare turn', caption: 'Bounces and a dislodgement', marks });
    mkdirSync(TEST_OUTPUT, { recursive: true });
    writeFileSync(path.join(TEST_OUTPUT, 'arrows-warfare.png'), png);
  });

  it("draws each outcome in the legend with the map's own shapes", () => {
    const marked = (m: TurnMarks) => buildLegend(buildScene({ map: game.map, view, title: 'T', caption: 'C', marks: m }), 1).body;
    // The legend's sample of a bounce is the polygons a map draws for one, bar included, wherever it stands.
    const sample = polygonsOf(marked({ arrows: [{ kind: 'move', from: 'bre', to: 'eng', ok: false, nation: 'france' }], provinces: [] }));
    const drawnOnMap = polygonsOf(shapeSvg(arrowShape('move', [0, 0], [40, 0], false, 16, 0)!, '#555555', '#ffffff'));
    expect(sample).toHaveLength(drawnOnMap.length);
    const [dx, dy] = [sample[0][0][0] - drawnOnMap[0][0][0], sample[0][0][1] - drawnOnMap[0][0][1]];
    sample.forEach((polygon, i) =>
      polygon.forEach(([x, y], j) => expect(Math.hypot(x - dx - drawnOnMap[i][j][0], y - dy - drawnOnMap[i][j][1])).toBeLessThan(0.2)),
    );
    const destroyed = marked({ arrows: [], provinces: [{ province: 'bur', mark: 'destroyed' }] });
    expect(destroyed).toContain('>Unit destroyed<');
    // Each badge unlike the others.
    const kinds = ['battle', 'captured', 'dislodged', 'destroyed', 'built', 'disbanded', 'structure'] as const;
    expect(new Set(kinds.map((k) => eventSvg(k, 0, 0, 16))).size).toBe(kinds.length);
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
    for (const words of ['>Move<', '>Move that bounced or failed<']) expect(buildLegend(scene, 1).body).toContain(words);
  });

  // Each ruleset's turn marks, fed the public events that say a move failed or a unit was lost.
  it.each([
    [
      'board-nes',
      [
        { type: 'units.moved', nation: 'blue', from: 'edi', to: 'yor' },
        { type: 'units.fell-back', nation: 'blue', from: 'yor', to: 'edi' },
      ],
      { arrow: false },
    ],
    ['warfare', [{ type: 'unit.dislodged', nation: 'france', from: 'par', by: 'bur' }], { mark: 'dislodged' }],
    ['cnes', [{ type: 'unit.destroyed', nation: 'blue', province: 'bca', reason: 'NO_RETREAT' }], { mark: 'destroyed' }],
    ['cnes', [{ type: 'aircraft.lost', nation: 'red', province: 'rha', reason: 'NO_BASE' }], { mark: 'destroyed' }],
    [
      'cnes',
      [
        { type: 'unit.moved', nation: 'blue', from: 'bca', to: 'mid' },
        { type: 'move.turned-back', nation: 'blue', from: 'bca', to: 'mid' },
      ],
      { arrow: false },
    ],
    ['industrial', [{ type: 'recovery.destroyed', nation: 'fra', province: 'par' }], { mark: 'destroyed' }],
    ['industrial', [{ type: 'land.bounced', nation: 'fra', from: 'par', to: 'bur' }], { arrow: false }],
  ] as Array<[string, Array<{ type: string; [field: string]: unknown }>, { arrow?: boolean; mark?: string }]>)(
    '%s: turn marks %j feed the map',
    async (starter, events, expected) => {
      const starterGame = await loadGame(`examples/starter/${starter}`);
      const seen = {
        ...starterGame.ruleset.publicView(starterGame.ctx, starterGame.state, []),
        events: events.map((e): GameEvent => ({ ...e, audience: 'public' })),
      };
      const drawn = reportOf(starterGame).turnMarks(starterGame.ctx, seen);
      if (expected.mark) expect(drawn.provinces.map((p) => p.mark)).toContain(expected.mark);
      if (expected.arrow !== undefined) expect(drawn.arrows.map((a) => a.ok)).toEqual([expected.arrow]);
    },
  );
});
