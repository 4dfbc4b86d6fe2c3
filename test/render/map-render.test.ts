// Map pictures compared with stored ones (test/render/golden/*.png, a small per-pixel tolerance;
// UPDATE_GOLDEN=1 rewrites them): the demo world drawn on its key image after a board NES turn, and
// the board NES test map, which has no geometry, drawn as a schematic.
import { readFileSync } from 'node:fs';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { loadGame } from '../../src/game/load-game.ts';
import { MAP_COLOURS, parseHex, tint } from '../../src/render/palette.ts';
import { renderMap } from '../../src/render/render-map.ts';
import { TERRITORY_TINT } from '../../src/render/legend.ts';
import { adjudicate, expectGoldenPng, fixtureGame } from './support.ts';

const colours = (nations: Record<string, { colour: string }>) => Object.fromEntries(Object.entries(nations).map(([id, n]) => [id, n.colour]));

async function pixel(png: Buffer, x: number, y: number): Promise<string> {
  const { data } = await sharp(png).extract({ left: x, top: y, width: 1, height: 1 }).removeAlpha().raw().toBuffer({ resolveWithObject: true });
  return `#${data.toString('hex')}`;
}

describe('key-image map', async () => {
  const game = await loadGame('examples/demo-world');
  const keyImage = readFileSync('examples/demo-world/key.png');
  // One turn: Redmark buys a town and an army, Bluevale marches out to claim, a fleet takes on armies.
  const red = Object.entries(game.state.provinces).find(([, p]) => p.owner === 'red')![0];
  const blue = Object.entries(game.state.provinces).find(([, p]) => p.owner === 'blue')![0];
  const white = [...game.map.touches(blue)].find((id) => game.map.province(id).kind !== 'sea' && !game.state.provinces[id]?.owner)!;
  const fleet = game.state.units.find((u) => u.type === 'fleet' && u.nation === 'red')!;
  const record = adjudicate(
    game,
    {
      red: [
        { kind: 'buy-unit', unitType: 'army', province: red },
        { kind: 'load', province: fleet.province, from: red, count: 2 },
      ],
      blue: [{ kind: 'move', unitType: 'army', province: blue, target: white, count: 2, claim: true }],
    },
    [],
  );
  const view = game.ruleset.publicView(game.ctx, record.stateAfter, record.events);
  const png = await renderMap({
    map: game.map,
    view,
    title: game.config.title,
    caption: 'After turn 1 · 4 December 2026',
    colours: colours(game.config.nations),
    keyImage,
  });

  it('matches the stored picture', async () => {
    await expectGoldenPng('demo-world-map.png', png);
  });

  it('puts the legend beside the map, not over it', async () => {
    const { width, height } = await sharp(png).metadata();
    expect(height).toBe(1000);
    expect(width).toBeGreaterThan(1400 + 200);
    expect(await pixel(png, 1400 + 2, 999)).toBe(MAP_COLOURS.background);
  });

  it("fills a claimed province with its owner's colour and the sea with the sea's", async () => {
    expect(record.stateAfter.provinces[white].owner).toBe('blue');
    expect(await pixel(png, 2, 2)).toBe(MAP_COLOURS.sea);
    const [x, y] = game.map.province(white).attributes.centre as [number, number];
    // Left of the label and units, still inside the province.
    const seen = await Promise.all([-40, -30, 30, 40].map((dx) => pixel(png, x + dx, y + 18)));
    expect(seen).toContain(tint(game.config.nations.blue.colour, TERRITORY_TINT));
  });
});

describe('schematic map', async () => {
  const game = await fixtureGame('board-nes');
  const record = adjudicate(game);
  const view = game.ruleset.publicView(game.ctx, record.stateAfter, record.events);
  const draw = () =>
    renderMap({ map: game.map, view, title: game.config.title, caption: 'After turn 3 · 4 December 2026', colours: colours(game.config.nations) });

  it('matches the stored picture', async () => {
    await expectGoldenPng('board-nes-schematic.png', await draw());
  });

  it('draws the same picture every time', async () => {
    expect((await draw()).equals(await draw())).toBe(true);
  });

  it('has ink in the nations colours for units and territory', async () => {
    const { data } = await sharp(await draw())
      .removeAlpha()
      .raw()
      .toBuffer({ resolveWithObject: true });
    const present = new Set<string>();
    for (let i = 0; i < data.length; i += 3) present.add(`${data[i]},${data[i + 1]},${data[i + 2]}`);
    for (const nation of Object.values(game.config.nations)) expect(present.has(parseHex(nation.colour).join(','))).toBe(true);
  });
});

describe('the standard map', async () => {
  const game = await loadGame('examples/starter/warfare');
  const keyImage = readFileSync('examples/starter/warfare/key.png');
  const view = game.ruleset.publicView(game.ctx, game.state, []);
  const png = await renderMap({
    map: game.map,
    view,
    title: game.config.title,
    caption: 'Spring 1901, before its orders',
    colours: colours(game.config.nations),
    keyImage,
  });

  it('draws Europe from its key image, England at the top left, matching the stored picture', async () => {
    await expectGoldenPng('standard-map.png', png);
    const [x, y] = game.map.province('lon').attributes.centre as [number, number];
    const [px, py] = game.map.province('par').attributes.centre as [number, number];
    expect(y).toBeLessThan(py);
    expect(x).toBeLessThan(px);
    // London is England's home: its territory in England's colour beside the label.
    const seen = await Promise.all([-30, -24, 24, 30].map((dx) => pixel(png, x + dx, y + 4)));
    expect(seen).toContain(tint(game.config.nations.england.colour, TERRITORY_TINT));
  });
});
