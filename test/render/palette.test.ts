// Twelve nations must be told apart on the map: in full colour (units) and tinted (territory),
// from each other, from the sea and from unclaimed land.
import { describe, expect, it } from 'vitest';
import { TERRITORY_TINT } from '../../src/render/legend.ts';
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
  it('has twelve different nation colours', () => {
    expect(new Set(NATION_PALETTE).size).toBe(12);
  });

  it.each([
    ['units', (c: string) => c, 20],
    ['territory', (c: string) => tint(c, TERRITORY_TINT), 15],
  ] as const)('keeps the twelve apart as %s, and apart from the sea and unclaimed land', (_, shade, least) => {
    const shown = NATION_PALETTE.map(shade);
    for (let i = 0; i < shown.length; i++) {
      for (let j = i + 1; j < shown.length; j++) expect(deltaE(shown[i], shown[j]), `${NATION_PALETTE[i]} / ${NATION_PALETTE[j]}`).toBeGreaterThan(least);
      expect(deltaE(shown[i], MAP_COLOURS.sea)).toBeGreaterThan(least);
      expect(deltaE(shown[i], MAP_COLOURS.unclaimedLand)).toBeGreaterThan(least);
    }
  });

  it("uses a nation's own colour first, then the palette by position", () => {
    expect(nationColour('#123456', 3)).toBe('#123456');
    expect(nationColour(undefined, 13)).toBe(NATION_PALETTE[1]);
  });

  it('writes counts in black on light colours and white on dark ones', () => {
    expect(inkOn('#ffe119')).toBe('#000000');
    expect(inkOn('#000075')).toBe('#ffffff');
  });
});
