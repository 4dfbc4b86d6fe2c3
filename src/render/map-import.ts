// `adjutant map import`: a province-key image (each province one flat colour) becomes a map.yaml
// with every province (id, placeholder name, guessed kind, key colour, centre) and the borders
// found from touching pixels, so a GM turns an existing map into a game in minutes and then only
// names the provinces.
import { toYaml } from '../game/open-game.ts';
import { countColours, deepestPoints, indexImage, keyHex, NO_PROVINCE, pixelsOf, touchingProvinces, type KeyIndex, type RgbImage } from './key-image.ts';

export interface ImportOptions {
  /** Key colours that are seas; when absent, blue-ish colours are. */
  seaColours?: readonly string[];
  /** Colours that are no province (border lines, labels, background). */
  ignoreColours?: readonly string[];
  /** Colours covering fewer pixels are noise (anti-aliasing, specks), not provinces. */
  minPixels?: number;
  /** Provinces this many pixels apart across ignored pixels (a drawn border line) still touch. */
  reach?: number;
  /** Shorter shared borders (in pixel edges) are corners meeting, not borders. */
  minBorder?: number;
}

export interface ImportedProvince {
  name: string;
  kind: 'land' | 'coastal' | 'sea';
  key: string;
  centre: [number, number];
}

export interface ImportedMap {
  provinces: Record<string, ImportedProvince>;
  borders: Array<[string, string]>;
  /** Colours left out, with their pixel counts. */
  ignored: Array<{ colour: string; pixels: number }>;
}

/** Blue-ish: a hue between cyan and violet with some saturation, as map makers paint water. */
export function isWater(colour: number): boolean {
  const r = (colour >> 16) & 255;
  const g = (colour >> 8) & 255;
  const b = colour & 255;
  const max = Math.max(r, g, b);
  const min = Math.min(r, g, b);
  if (max !== b || max - min < 40) return false;
  const hue = 60 * (4 + (r - g) / (max - min));
  return hue >= 185 && hue <= 255;
}

const parseColour = (c: string) => Number.parseInt(c.trim().replace('#', ''), 16);

export function importKeyImage(image: RgbImage, options: ImportOptions = {}): ImportedMap {
  const minPixels = options.minPixels ?? Math.max(20, Math.round((image.width * image.height) / 200_000));
  const ignore = new Set((options.ignoreColours ?? []).map(parseColour));
  const sea = options.seaColours ? new Set(options.seaColours.map(parseColour)) : null;
  const ignored: ImportedMap['ignored'] = [];
  const colours: number[] = [];
  for (const [colour, pixels] of [...countColours(image)].sort((a, b) => b[1] - a[1])) {
    if (ignore.has(colour) || pixels < minPixels) ignored.push({ colour: keyHex(colour), pixels });
    else colours.push(colour);
  }
  const draft = indexImage(image, new Map(colours.map((c) => [keyHex(c), c])));
  const centres = deepestPoints(draft);
  const water = colours.map((c) => (sea ? sea.has(c) : isWater(c)));
  // Ids follow reading order (top to bottom in bands, then left to right), land and sea apart.
  const band = Math.max(1, Math.round(image.height / 12));
  const order = colours
    .map((_, n) => n)
    .sort((a, b) => {
      const [ax, ay] = centres[a]!;
      const [bx, by] = centres[b]!;
      return Math.floor(ay / band) - Math.floor(by / band) || ax - bx;
    });
  const ids = new Map<number, string>();
  let land = 0;
  let seas = 0;
  for (const n of order) ids.set(n, water[n] ? `s${String(++seas).padStart(2, '0')}` : `p${String(++land).padStart(2, '0')}`);
  const pairs = touching(draft, options.reach ?? 4, options.minBorder ?? 3);
  const touchesSea = new Set<number>();
  for (const [a, b] of pairs) {
    if (water[a] && !water[b]) touchesSea.add(b);
    if (water[b] && !water[a]) touchesSea.add(a);
  }
  const provinces: Record<string, ImportedProvince> = {};
  for (const n of order) {
    const id = ids.get(n)!;
    provinces[id] = {
      name: water[n] ? `Sea ${id.slice(1)}` : `Province ${id.slice(1)}`,
      kind: water[n] ? 'sea' : touchesSea.has(n) ? 'coastal' : 'land',
      key: keyHex(colours[n]),
      centre: centres[n]!,
    };
  }
  const borders = pairs
    .map(([a, b]) => [ids.get(a)!, ids.get(b)!].sort() as [string, string])
    .sort((x, y) => x[0].localeCompare(y[0]) || x[1].localeCompare(y[1]));
  return { provinces, borders, ignored };
}

/** Province pairs that share a border: touching pixels, or across a short run of no-province pixels. */
function touching(index: KeyIndex, reach: number, minBorder: number): Array<[number, number]> {
  const shared = new Map<number, number>();
  const add = (a: number, b: number, count = 1) => {
    if (a === b || a === NO_PROVINCE || b === NO_PROVINCE) return;
    const key = a < b ? a * 65536 + b : b * 65536 + a;
    shared.set(key, (shared.get(key) ?? 0) + count);
  };
  const number = new Map(index.provinces.map((id, n) => [id, n]));
  for (const [pair, count] of touchingProvinces(index)) {
    const [a, b] = pair.split('\n').map((id) => number.get(id)!);
    add(a, b, count);
  }
  const { width, height } = index;
  const pixels = pixelsOf(index);
  const scan = (length: number, at: (i: number) => number) => {
    let last = NO_PROVINCE;
    let gap = 0;
    for (let i = 0; i < length; i++) {
      const v = pixels[at(i)];
      if (v === NO_PROVINCE) gap++;
      else {
        if (gap > 0 && gap <= reach) add(last, v);
        last = v;
        gap = 0;
      }
    }
  };
  for (let y = 0; y < height; y++) scan(width, (x) => y * width + x);
  for (let x = 0; x < width; x++) scan(height, (y) => y * width + x);
  return [...shared].filter(([, count]) => count >= minBorder).map(([key]) => [Math.floor(key / 65536), key % 65536] as [number, number]);
}

/** The map.yaml text: provinces in flow style, one per line, and the borders. */
export function importedMapYaml(imported: ImportedMap, imageName: string): string {
  const lines = [
    `# Imported from ${imageName} by "adjutant map import": rename the provinces (ids and names), check`,
    '# the kinds (sea was guessed from blue-ish colours), then add what the ruleset reads (attributes).',
    toYaml({ image: imageName }).trimEnd(),
    'provinces:',
  ];
  for (const [id, p] of Object.entries(imported.provinces)) {
    lines.push(`  ${id}: { name: ${JSON.stringify(p.name)}, kind: ${p.kind}, key: "${p.key}", centre: [${p.centre.join(', ')}] }`);
  }
  lines.push('borders:', ...imported.borders.map(([a, b]) => `  - [${a}, ${b}]`));
  return `${lines.join('\n')}\n`;
}
