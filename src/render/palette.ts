// Colours for nations and the map. Twelve nation colours that stay apart from each other, from the
// sea and from unclaimed (white) land, picked from Sasha Trubetskoy's "20 simple distinct colours";
// the pale ones of that list are left out because they read as unclaimed land.
export const NATION_PALETTE = [
  '#e6194b', // red
  '#3cb44b', // green
  '#ffe119', // yellow
  '#4363d8', // blue
  '#f58231', // orange
  '#911eb4', // purple
  '#f032e6', // magenta
  '#bfef45', // lime
  '#469990', // teal
  '#9a6324', // brown
  '#800000', // maroon
  '#000075', // navy
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
