// Colours for nations and the map. Twenty-four nation colours, picked one by one (each the colour
// farthest from those already picked) from a grid of colours, measuring the distance in CIE Lab as
// people with normal vision, deuteranopia, protanopia and tritanopia see it (Machado et al. 2009),
// for the full colour (units) and the tinted one (territory), and keeping clear of the sea, unclaimed
// land and the border ink. The first twelve are at least 13 apart in every one of those views; all
// twenty-four at least 8 (test/render/palette.test.ts checks it with colour-vision.ts).
export const NATION_PALETTE = [
  '#ff6600', // orange
  '#9933ff', // violet
  '#008855', // sea green
  '#11ee77', // spring green
  '#6666bb', // slate blue
  '#aa0000', // dark red
  '#ffcc00', // gold
  '#1100ff', // blue
  '#660099', // purple
  '#cc55ff', // orchid
  '#ee1100', // red
  '#ee8844', // apricot
  '#33bb77', // jade
  '#5500bb', // indigo
  '#ee2244', // crimson
  '#ffaa33', // amber
  '#9922cc', // grape
  '#cc1199', // magenta
  '#664422', // brown
  '#886677', // mauve
  '#bb6622', // rust
  '#8800ff', // electric violet
  '#cc77ff', // lilac
  '#bb8855', // tan
] as const;

export const MAP_COLOURS = {
  /** "Colored territories belong to that nation": unclaimed land stays white. */
  unclaimedLand: '#fbfaf4',
  sea: '#b9d6ee',
  border: '#3a3a3a',
  coast: '#1f3f5f',
  label: '#111111',
  halo: '#ffffff',
  boardedArmy: '#000000',
  background: '#ffffff',
} as const;

/** A nation's colour: its own from game.yaml, else the palette's by position. */
export function nationColour(colour: string | undefined, index: number): string {
  return colour ?? NATION_PALETTE[index % NATION_PALETTE.length];
}

export function parseHex(colour: string): [number, number, number] {
  const n = Number.parseInt(colour.replace('#', ''), 16);
  return [(n >> 16) & 255, (n >> 8) & 255, n & 255];
}

export function toHex([r, g, b]: readonly number[]): string {
  return `#${[r, g, b].map((v) => Math.round(v).toString(16).padStart(2, '0')).join('')}`;
}

/** The colour moved toward white by `amount` (0 to 1): territory is tinted so units on it stand out. */
export function tint(colour: string, amount: number): string {
  return toHex(parseHex(colour).map((v) => v + (255 - v) * amount));
}

/** Black or white, whichever reads better on this colour (WCAG relative luminance). */
export function inkOn(colour: string): '#000000' | '#ffffff' {
  const [r, g, b] = parseHex(colour).map((v) => {
    const c = v / 255;
    return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  });
  return 0.2126 * r + 0.7152 * g + 0.0722 * b > 0.179 ? '#000000' : '#ffffff';
}
