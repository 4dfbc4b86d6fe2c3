// Up to twenty-four nations must be told apart on the map, also by colour-blind readers: in full
// colour (units) and tinted (territory), from each other, from the sea and from unclaimed land.
// The colours a starter game gives its nations (game.yaml) are held to a CIEDE2000 floor too.
import { readdirSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { loadGame } from '../../src/game/load-game.ts';
import { TERRITORY_TINT } from '../../src/render/legend.ts';
import { ciede2000, deltaE2000, leastDifference } from '../../src/render/colour-vision.ts';
import { inkOn, MAP_COLOURS, NATION_PALETTE, nationColour, parseHex, tint } from '../../src/render/palette.ts';

/** CIE76 colour difference in Lab: about 2.3 is just noticeable, over 20 reads as another colour. */
function deltaE(a: string, b: string): number {
  const lab = (hex: string) => {
    const [x, y, z] = (() => {
      const [r, g, bl] = parseHex(hex).map((v) => {
        const c = v / 255;
        return c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
      });
      return [(0.4124 * r + 0.3576 * g + 0.1805 * bl) / 0.95047, 0.2126 * r + 0.7152 * g + 0.0722 * bl, (0.0193 * r + 0.1192 * g + 0.9505 * bl) / 1.08883];
    })();
    const f = (t: number) => (t > 216 / 24389 ? Math.cbrt(t) : (841 / 108) * t + 4 / 29);
    return [116 * f(y) - 16, 500 * (f(x) - f(y)), 200 * (f(y) - f(z))];
  };
  const [p, q] = [lab(a), lab(b)];
  return Math.hypot(p[0] - q[0], p[1] - q[1], p[2] - q[2]);
}

describe('palette', () => {
  const shades = [
    ['units', (c: string) => c],
    ['territory', (c: string) => tint(c, TERRITORY_TINT)],
  ] as const;

  it('has twenty-four different nation colours', () => {
    expect(new Set(NATION_PALETTE).size).toBe(24);
  });

  it.each(shades)('keeps every colour as %s clear of the sea, unclaimed land and border ink, for every kind of colour vision', (_, shade) => {
    for (const colour of NATION_PALETTE) {
      for (const map of [MAP_COLOURS.sea, MAP_COLOURS.unclaimedLand, MAP_COLOURS.border])
        expect(leastDifference(shade(colour), map), `${colour} / ${map}`).toBeGreaterThan(20);
    }
  });

  it.each([
    [12, 13],
    [24, 8],
  ])('keeps the first %i apart by more than %i, as units and as territory, for every kind of colour vision', (count, least) => {
    const colours = NATION_PALETTE.slice(0, count);
    for (const [, shade] of shades) {
      for (let i = 0; i < colours.length; i++) {
        for (let j = i + 1; j < colours.length; j++)
          expect(leastDifference(shade(colours[i]), shade(colours[j])), `${colours[i]} / ${colours[j]}`).toBeGreaterThan(least);
      }
    }
  });

  it('keeps the first twelve far apart for normal vision, as the nations most games have', () => {
    for (let i = 0; i < 12; i++)
      for (let j = i + 1; j < 12; j++) expect(deltaE(NATION_PALETTE[i], NATION_PALETTE[j]), `${NATION_PALETTE[i]} / ${NATION_PALETTE[j]}`).toBeGreaterThan(20);
  });

  it("uses a nation's own colour first, then the palette by position", () => {
    expect(nationColour('#123456', 3)).toBe('#123456');
    expect(nationColour(undefined, 25)).toBe(NATION_PALETTE[1]);
  });

  it('writes counts in black on light colours and white on dark ones', () => {
    expect(inkOn('#ffe119')).toBe('#000000');
    expect(inkOn('#000075')).toBe('#ffffff');
  });
});

describe('CIEDE2000', () => {
  // Pairs 1, 7, 17 and 25 of the test data of Sharma, Wu and Dalal (2005), to four decimals.
  it.each([
    [[50, 2.6772, -79.7751], [50, 0, -82.7485], 2.0425],
    [[50, 0, 0], [50, -1, 2], 2.3669],
    [[50, 2.5, 0], [73, 25, -18], 27.1492],
    [[60.2574, -34.0099, 36.2677], [60.4626, -34.1751, 39.4387], 1.2644],
  ])('gives %j against %j as %f', (a, b, expected) => {
    expect(deltaE2000(a, b)).toBeCloseTo(expected, 4);
    expect(deltaE2000(b, a)).toBeCloseTo(expected, 4);
  });
});

describe("a starter game's own nation colours", async () => {
  /** Readers tell two colours apart at a glance from about 15 (1 is just noticeable). */
  const FLOOR = 15;
  const starters = readdirSync('examples/starter');
  const games = await Promise.all(starters.map(async (name) => [name, await loadGame(`examples/starter/${name}`)] as const));

  it.each(games)('%s: every two nations at least 15 apart (CIEDE2000), as units and as territory, and clear of the sea and unclaimed land', (_, game) => {
    const colours = Object.values(game.config.nations).map((n, i) => nationColour(n.colour, i));
    for (const shade of [(c: string) => c, (c: string) => tint(c, TERRITORY_TINT)]) {
      for (let i = 0; i < colours.length; i++) {
        for (const map of [MAP_COLOURS.sea, MAP_COLOURS.unclaimedLand])
          expect(ciede2000(shade(colours[i]), map), `${colours[i]} / ${map}`).toBeGreaterThanOrEqual(FLOOR);
        for (let j = i + 1; j < colours.length; j++)
          expect(ciede2000(shade(colours[i]), shade(colours[j])), `${colours[i]} / ${colours[j]}`).toBeGreaterThanOrEqual(FLOOR);
      }
    }
  });

  it('gives the standard map the colours Diplomacy players expect', async () => {
    const nations = games.find(([name]) => name === 'warfare')![1].config.nations;
    // Hue and lightness in broad bands: red, dark blue, a lighter blue, near-black, green, a
    // grey-purple and yellow, whatever the exact shades.
    const hsl = (hex: string) => {
      const [r, g, b] = parseHex(hex).map((v) => v / 255);
      const [max, min] = [Math.max(r, g, b), Math.min(r, g, b)];
      const hue = max === min ? 0 : max === r ? (60 * (g - b)) / (max - min) : max === g ? 60 * (2 + (b - r) / (max - min)) : 60 * (4 + (r - g) / (max - min));
      return { hue: (hue + 360) % 360, light: (max + min) / 2, grey: max - min < 0.1 };
    };
    const of = (id: string) => hsl(nations[id].colour);
    expect(of('austria').hue < 15 || of('austria').hue > 345).toBe(true);
    expect(of('england').hue).toBeGreaterThan(200);
    expect(of('england').hue).toBeLessThan(250);
    expect(of('france').hue).toBeGreaterThan(195);
    expect(of('france').hue).toBeLessThan(230);
    expect(of('france').light).toBeGreaterThan(of('england').light + 0.15);
    expect(of('germany').grey && of('germany').light < 0.35).toBe(true);
    expect(of('italy').hue).toBeGreaterThan(90);
    expect(of('italy').hue).toBeLessThan(160);
    expect(of('russia').hue).toBeGreaterThan(240);
    expect(of('russia').hue).toBeLessThan(300);
    expect(of('turkey').hue).toBeGreaterThan(40);
    expect(of('turkey').hue).toBeLessThan(60);
  });
});
