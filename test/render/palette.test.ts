// Up to twenty-four nations must be told apart on the map, also by colour-blind readers: in full
// colour (units) and tinted (territory), from each other, from the sea and from unclaimed land.
import { describe, expect, it } from 'vitest';
import { TERRITORY_TINT } from '../../src/render/legend.ts';
import { leastDifference } from '../../src/render/colour-vision.ts';
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
