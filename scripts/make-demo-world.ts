// Writes the demo world: a continent of 40 provinces and 8 seas from a seeded Voronoi partition,
// as a province-key image (examples/demo-world/key.png) and its map.yaml, read back from the image
// by the same import as `adjutant map import`. Deterministic: the same seed gives the same files.
//   node --import tsx scripts/make-demo-world.ts [OUT_DIR]
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { uniformInt } from 'pure-rand/distribution/uniformInt';
import { xoroshiro128plus } from 'pure-rand/generator/xoroshiro128plus';
import sharp from 'sharp';
import { seedNumber } from '../src/engine/index.ts';
import { importKeyImage, type ImportedMap } from '../src/render/map-import.ts';
import { NATION_PALETTE } from '../src/render/palette.ts';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const out = process.argv[2] ?? path.join(root, 'examples/demo-world');
const [W, H] = [1400, 1000];
const LAND = 40;
const SEAS = 8;

const rng = xoroshiro128plus(seedNumber('adjutant demo world 1'));
const random = () => uniformInt(rng, 0, 1_000_000) / 1_000_000;

/** Smooth noise from a few random waves: enough to make coasts and borders look drawn by hand. */
function waves(count: number, scale: number): (x: number, y: number) => number {
  const terms = Array.from({ length: count }, (_, i) => ({
    f: (scale * (1 + i * 0.9)) / W,
    a: Math.cos(random() * Math.PI * 2),
    b: Math.sin(random() * Math.PI * 2),
    phase: random() * Math.PI * 2,
    weight: 1 / (1 + i),
  }));
  const total = terms.reduce((s, t) => s + t.weight, 0);
  return (x, y) => terms.reduce((s, t) => s + t.weight * Math.sin(t.f * (x * t.a + y * t.b) * 2 * Math.PI + t.phase), 0) / total;
}

const coastNoise = waves(9, 4);
const blobs = Array.from({ length: 7 }, () => ({
  x: W * (0.22 + random() * 0.56),
  y: H * (0.24 + random() * 0.52),
  rx: W * (0.13 + random() * 0.1),
  ry: H * (0.16 + random() * 0.12),
}));
const land = new Uint8Array(W * H);
for (let y = 0; y < H; y++) {
  for (let x = 0; x < W; x++) {
    const body = Math.max(...blobs.map((b) => 1 - ((x - b.x) / b.rx) ** 2 - ((y - b.y) / b.ry) ** 2));
    land[y * W + x] = body + 0.5 * coastNoise(x, y) > 0.1 ? 1 : 0;
  }
}
keepLargest(land, 1);
keepLargest(land, 0); // lakes inside the continent become land: seas touch the open water

/** Keeps the largest 4-connected region of `value`, turning the others into the opposite value. */
function keepLargest(grid: Uint8Array, value: number): void {
  const label = new Int32Array(grid.length).fill(-1);
  const sizes: number[] = [];
  for (let start = 0; start < grid.length; start++) {
    if (grid[start] !== value || label[start] >= 0) continue;
    const id = sizes.length;
    let size = 0;
    const stack = [start];
    label[start] = id;
    while (stack.length) {
      const p = stack.pop()!;
      size++;
      const x = p % W;
      for (const q of [x > 0 ? p - 1 : -1, x < W - 1 ? p + 1 : -1, p - W, p + W]) {
        if (q >= 0 && q < grid.length && grid[q] === value && label[q] < 0) {
          label[q] = id;
          stack.push(q);
        }
      }
    }
    sizes.push(size);
  }
  const largest = sizes.indexOf(Math.max(...sizes));
  for (let p = 0; p < grid.length; p++) if (grid[p] === value && label[p] !== largest) grid[p] = 1 - value;
}

/** Evenly spread points where `ok` holds: each new point the farthest of a few candidates. */
function spreadPoints(count: number, ok: (x: number, y: number) => boolean): Array<[number, number]> {
  const points: Array<[number, number]> = [];
  while (points.length < count) {
    let best: [number, number] | null = null;
    let bestDistance = -1;
    for (let tries = 0; tries < 30; tries++) {
      const x = Math.floor(random() * W);
      const y = Math.floor(random() * H);
      if (!ok(x, y)) continue;
      const d = Math.min(Infinity, ...points.map(([px, py]) => (px - x) ** 2 + (py - y) ** 2));
      if (d > bestDistance) [best, bestDistance] = [[x, y], d];
    }
    if (best) points.push(best);
  }
  return points;
}

const landSeeds = spreadPoints(LAND, (x, y) => land[y * W + x] === 1);
const seaSeeds = spreadPoints(SEAS, (x, y) => land[y * W + x] === 0);
const warpX = waves(5, 6);
const warpY = waves(5, 6);
const owner = new Int16Array(W * H);
for (let y = 0; y < H; y++) {
  for (let x = 0; x < W; x++) {
    const p = y * W + x;
    const [wx, wy] = [x + 22 * warpX(x, y), y + 22 * warpY(y, x)];
    const seeds = land[p] ? landSeeds : seaSeeds;
    let best = 0;
    let bestDistance = Infinity;
    seeds.forEach(([sx, sy], i) => {
      const d = (sx - wx) ** 2 + (sy - wy) ** 2;
      if (d < bestDistance) [best, bestDistance] = [i, d];
    });
    owner[p] = land[p] ? best : LAND + best;
  }
}

// Land keys are warm and green, sea keys blue, so the import tells them apart by colour alone.
const keyOf = (n: number): [number, number, number] =>
  n < LAND ? [150 + (n % 8) * 13, 60 + Math.floor(n / 8) * 35, 40 + (n % 5) * 9] : [20 + (n - LAND) * 9, 70 + (n - LAND) * 14, 210];
const rgb = Buffer.alloc(W * H * 3);
for (let p = 0; p < owner.length; p++) rgb.set(keyOf(owner[p]), p * 3);

mkdirSync(out, { recursive: true });
await sharp(rgb, { raw: { width: W, height: H, channels: 3 } })
  .png({ compressionLevel: 9, palette: false })
  .toFile(path.join(out, 'key.png'));
const imported = importKeyImage({ width: W, height: H, rgb });

/** Invented names, and ids from their first letters (as GMs abbreviate: "Korvath" -> kor). */
function demoNames(map: ImportedMap): { ids: Map<string, string>; names: Map<string, string> } {
  const starts = [
    'Ar',
    'Bel',
    'Cor',
    'Dun',
    'El',
    'Fen',
    'Gal',
    'Har',
    'Ist',
    'Kel',
    'Lor',
    'Mar',
    'Nor',
    'Ost',
    'Pel',
    'Quen',
    'Ros',
    'Sar',
    'Tor',
    'Ul',
    'Val',
    'Wen',
    'Yr',
    'Zan',
  ];
  const ends = ['mark', 'vale', 'holt', 'wick', 'moor', 'ford', 'gard', 'heim', 'stead', 'dale', 'mere', 'wood', 'crag', 'reach', 'fell', 'haven'];
  const seas = ['Sea of {}', '{} Bay', 'The {} Deep', '{} Sound', 'Gulf of {}', '{} Strait', 'The {} Narrows', '{} Bight'];
  const ids = new Map<string, string>();
  const names = new Map<string, string>();
  const taken = new Set<string>();
  let seaNumber = 0;
  for (const [old, p] of Object.entries(map.provinces)) {
    let name: string;
    do {
      const stem = starts[Math.floor(random() * starts.length)] + ends[Math.floor(random() * ends.length)];
      name = p.kind === 'sea' ? seas[seaNumber % seas.length].replace('{}', stem) : stem;
    } while ([...names.values()].includes(name));
    if (p.kind === 'sea') seaNumber++;
    const letters = name
      .replace(/^(The|Sea of|Gulf of) /, '')
      .toLowerCase()
      .replace(/[^a-z]/g, '');
    const tries = [letters.slice(0, 3), ...[...letters.slice(3)].map((c) => letters.slice(0, 2) + c), letters.slice(0, 4)];
    let id = tries.find((t) => !taken.has(t)) ?? letters.slice(0, 3);
    for (let n = 2; taken.has(id); n++) id = `${letters.slice(0, 3)}${n}`;
    taken.add(id);
    ids.set(old, id);
    names.set(old, name);
  }
  return { ids, names };
}

/** Home provinces of the twelve palette nations, spread out: each the land farthest from those chosen. */
function homeProvinces(map: ImportedMap): Map<string, string> {
  const nations = ['red', 'green', 'yellow', 'blue', 'orange', 'purple', 'magenta', 'lime', 'teal', 'brown', 'maroon', 'navy'];
  const candidates = Object.entries(map.provinces).filter(([, p]) => p.kind !== 'sea');
  const chosen: Array<[string, [number, number]]> = [[candidates[0][0], candidates[0][1].centre]];
  while (chosen.length < nations.length) {
    const far = candidates
      .filter(([id]) => !chosen.some(([c]) => c === id))
      .map(([id, p]) => [id, p.centre, Math.min(...chosen.map(([, c]) => (c[0] - p.centre[0]) ** 2 + (c[1] - p.centre[1]) ** 2))] as const)
      .sort((a, b) => b[2] - a[2])[0];
    chosen.push([far[0], far[1]]);
  }
  return new Map(chosen.map(([id], i) => [id, nations[i]]));
}

const { ids, names } = demoNames(imported);
const homes = homeProvinces(imported);

const lines = [
  '# The demo world, written by scripts/make-demo-world.ts (seeded: running it again gives the same files).',
  '# key.png paints each province one flat colour; centres are where labels and units go. Home provinces',
  '# of the twelve palette nations start with a city (board NES `home` and `structure` attributes).',
  'image: key.png',
  'provinces:',
];
for (const [old, p] of Object.entries(imported.provinces)) {
  const attributes: string[] = [];
  const home = homes.get(old);
  if (home) attributes.push(`home: ${home}`, 'structure: city');
  else if (p.kind !== 'sea' && random() < 0.3) attributes.push('structure: town');
  const extra = attributes.length ? `, attributes: { ${attributes.join(', ')} }` : '';
  lines.push(`  ${ids.get(old)}: { name: ${JSON.stringify(names.get(old))}, kind: ${p.kind}, key: "${p.key}", centre: [${p.centre.join(', ')}]${extra} }`);
}
lines.push('borders:', ...imported.borders.map(([a, b]) => `  - [${ids.get(a)}, ${ids.get(b)}]`));
writeFileSync(path.join(out, 'map.yaml'), `${lines.join('\n')}\n`);
writeFileSync(path.join(out, 'game.yaml'), demoGame());

/** A board NES game for the twelve nations: two armies at home, and a fleet beside a coastal home. */
function demoGame(): string {
  const names = ['Redmark', 'Verdance', 'Aurelia', 'Bluevale', 'Ambermoor', 'Purpuria', 'Magentis', 'Limewood', 'Tealbay', 'Umberland', 'Maroonia', 'Navarre'];
  // Each nation takes the palette colour its name suggests (palette.ts lists the twelve in its order).
  const colours = [10, 2, 6, 7, 0, 8, 9, 3, 4, 11, 5, 1].map((i) => NATION_PALETTE[i]);
  const lines = [
    '# The demo world as a board NES game for twelve players (written by scripts/make-demo-world.ts).',
    'title: The Demo World',
    'ruleset: board-nes',
    'map: map.yaml',
    'timezone: UTC',
    'gm: { name: The GM, email: gm@adjutant.test }',
    'schedule: { weekly: "fri 20:00" }',
    'nations:',
  ];
  [...homes].forEach(([old, nation], i) => {
    const sea = imported.borders.map(([a, b]) => (a === old ? b : b === old ? a : null)).find((n) => n && imported.provinces[n].kind === 'sea');
    const units = [`{ type: army, province: ${ids.get(old)}, count: 2 }`, ...(sea ? [`{ type: fleet, province: ${ids.get(sea)} }`] : [])];
    lines.push(
      `  ${nation}:`,
      `    name: ${names[i]}`,
      `    colour: "${colours[i]}"`,
      `    player: { name: Player ${i + 1}, email: player${i + 1}@adjutant.test }`,
      `    attributes: { units: [${units.join(', ')}] }`,
    );
  });
  return `${lines.join('\n')}\n`;
}

const kinds = Object.values(imported.provinces).map((p) => p.kind);
console.log(
  `Wrote ${out}/key.png and map.yaml: ${kinds.filter((k) => k !== 'sea').length} land provinces, ${kinds.filter((k) => k === 'sea').length} seas, ${imported.borders.length} borders.`,
);
