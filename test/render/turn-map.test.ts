// A turn drawn on the map: move arrows (solid when they succeeded, dashed when they failed),
// supports, convoys, retreats, and badges for battles, captures, dislodgements, builds, disbands and
// structures, with a legend for all of it. The pictures are compared with golden files and written
// to test-output/render/ to be looked at.
import { readFileSync } from 'node:fs';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import type { TurnMarks } from '../../src/engine/index.ts';
import { loadGame } from '../../src/game/load-game.ts';
import { parseHex } from '../../src/render/palette.ts';
import { renderMap } from '../../src/render/render-map.ts';
import { reportOf } from '../../src/render/report-common.ts';
import { WARFARE_ORDERS, adjudicate, expectGoldenPng, fixtureGame } from './support.ts';

const colours = (nations: Record<string, { colour: string }>) => Object.fromEntries(Object.entries(nations).map(([id, n]) => [id, n.colour]));

async function pixels(png: Buffer) {
  const { data, info } = await sharp(png).removeAlpha().raw().toBuffer({ resolveWithObject: true });
  return {
    at: (x: number, y: number) => [...data.subarray((y * info.width + x) * 3, (y * info.width + x) * 3 + 3)].join(','),
    width: info.width,
    height: info.height,
  };
}

/** Every kind of arrow and badge, on the demo world's key-image map. */
const EVERY_KIND: TurnMarks = {
  arrows: [
    { kind: 'move', from: 'gal', to: 'tod', ok: true, nation: 'red' },
    { kind: 'move', from: 'que', to: 'tod', ok: false, nation: 'blue' },
    { kind: 'support', from: 'kel', to: 'gal', via: 'tod', ok: true, nation: 'red' },
    { kind: 'support', from: 'wen', to: 'que', via: 'tod', ok: false, nation: 'blue' },
    { kind: 'convoy', from: 'arm', to: 'pel', via: 'wen', ok: true, nation: 'green' },
    { kind: 'move', from: 'pel', to: 'wen', ok: true, nation: 'green' },
    { kind: 'retreat', from: 'lor', to: 'cor', ok: true, nation: 'blue' },
  ],
  provinces: [
    { province: 'tod', mark: 'battle' },
    { province: 'tod', mark: 'captured' },
    { province: 'lor', mark: 'dislodged' },
    { province: 'fen', mark: 'built' },
    { province: 'kel', mark: 'disbanded' },
    { province: 'gal', mark: 'structure' },
  ],
};

describe('a turn on a key-image map', async () => {
  const game = await loadGame('examples/demo-world');
  const keyImage = readFileSync('examples/demo-world/key.png');
  const view = game.ruleset.publicView(game.ctx, game.state, []);
  const input = { map: game.map, view, title: game.config.title, caption: 'After turn 1 · 4 December 2026', colours: colours(game.config.nations), keyImage };
  const [plain, drawn] = await Promise.all([renderMap(input), renderMap({ ...input, marks: EVERY_KIND })]);

  it('matches the stored picture', async () => {
    await expectGoldenPng('demo-world-turn.png', drawn);
  });

  it("draws a successful move's shaft solid in the nation's colour, halfway between the centres", async () => {
    const image = await pixels(drawn);
    const [a, b] = [game.map.province('gal').attributes.centre, game.map.province('tod').attributes.centre] as Array<[number, number]>;
    const around = [-1, 0, 1].flatMap((dx) => [-1, 0, 1].map((dy) => image.at(Math.round((a[0] + b[0]) / 2) + dx, Math.round((a[1] + b[1]) / 2) + dy)));
    expect(around).toContain(parseHex(game.config.nations.red.colour).join(','));
  });

  it('explains the arrows and badges in the legend, which grows to hold them', async () => {
    const [without, withMarks] = await Promise.all([sharp(plain).metadata(), sharp(drawn).metadata()]);
    expect(withMarks.height! >= without.height!).toBe(true);
    expect(drawn.equals(plain)).toBe(false);
  });
});

describe('a warfare turn on its schematic', async () => {
  const game = await fixtureGame('warfare');
  const record = adjudicate(game, WARFARE_ORDERS, []);
  const view = game.ruleset.publicView(game.ctx, record.stateAfter, record.events);
  const marks = reportOf(game).turnMarks(game.ctx, view);

  it('draws every revealed order: the moves, the bounces dashed, the support and the dislodgement', async () => {
    expect(marks.arrows).toContainEqual({ kind: 'move', from: 'lon', to: 'eng', ok: false, nation: 'england' });
    expect(marks.arrows).toContainEqual({ kind: 'support', from: 'ruh', to: 'mun', via: 'bur', ok: true, nation: 'germany' });
    expect(marks.provinces).toContainEqual({ province: 'bur', mark: 'dislodged' });
    const png = await renderMap({ map: game.map, view, title: game.config.title, caption: 'After Spring 1901', colours: colours(game.config.nations), marks });
    await expectGoldenPng('warfare-turn-schematic.png', png);
  });
});
