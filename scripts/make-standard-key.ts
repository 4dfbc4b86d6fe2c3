// Draws examples/standard/key.png, the province-key image of the standard Diplomacy map: real
// coastlines (Natural Earth land at 1:50m, public domain, from the world-atlas package), each
// province the land or sea nearest to its points in standard-geography.ts, land off the board
// (Ireland, Corsica...) hatched into the sea around it. Run after make-standard-map.ts:
//   node --import tsx scripts/make-standard-key.ts [OUT_FILE]
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { geoPath } from 'd3-geo';
import sharp from 'sharp';
import { feature } from 'topojson-client';
import type { Topology } from 'topojson-specification';
import { parse } from 'yaml';
import { INLAND_WATER, KEY_HEIGHT, KEY_WIDTH, OFF_BOARD, SITES, standardProjection } from './standard-geography.ts';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const out = process.argv[2] ?? path.join(root, 'examples/standard/key.png');
const map = parse(readFileSync(path.join(root, 'examples/standard/map.yaml'), 'utf8')) as { provinces: Record<string, { kind: string; key: string }> };

const projection = standardProjection();
const topology = JSON.parse(readFileSync(path.join(root, 'node_modules/world-atlas/land-50m.json'), 'utf8')) as Topology;
const land = feature(topology, topology.objects.land);
// Clipped to the picture: land far outside it (Antarctica) would project to enormous numbers.
const outline = geoPath(
  standardProjection().clipExtent([
    [-10, -10],
    [KEY_WIDTH + 10, KEY_HEIGHT + 10],
  ]),
)(land);
const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${KEY_WIDTH}" height="${KEY_HEIGHT}"><rect width="100%" height="100%" fill="#000"/><path d="${outline}" fill="#fff" shape-rendering="crispEdges"/></svg>`;
const mask = (await sharp(Buffer.from(svg)).greyscale().raw().toBuffer()) as Buffer;

interface Site {
  x: number;
  y: number;
  colour: [number, number, number];
}
const sites = { land: [] as Site[], sea: [] as Site[] };
for (const [id, points] of Object.entries(SITES)) {
  const province = map.provinces[id];
  if (!province) throw new Error(`standard-geography.ts places "${id}", which examples/standard/map.yaml does not have.`);
  const n = Number.parseInt(province.key.slice(1), 16);
  for (const point of points) {
    const [x, y] = projection(point)!;
    (province.kind === 'sea' ? sites.sea : sites.land).push({ x, y, colour: [(n >> 16) & 255, (n >> 8) & 255, n & 255] });
  }
}
for (const id of Object.keys(map.provinces)) if (!SITES[id]) throw new Error(`standard-geography.ts has no points for "${id}".`);

const nearest = (list: Site[], x: number, y: number) => {
  let best = list[0];
  let distance = Infinity;
  for (const s of list) {
    const d = (s.x - x) ** 2 + (s.y - y) ** 2;
    if (d < distance) [best, distance] = [s, d];
  }
  return best;
};
const inside = (boxes: typeof OFF_BOARD, x: number, y: number) => {
  const [lon, lat] = projection.invert!([x, y])!;
  return boxes.some(([w, s, e, n]) => lon >= w && lon <= e && lat >= s && lat <= n);
};

const rgb = Buffer.alloc(KEY_WIDTH * KEY_HEIGHT * 3);
for (let y = 0; y < KEY_HEIGHT; y++) {
  for (let x = 0; x < KEY_WIDTH; x++) {
    const i = y * KEY_WIDTH + x;
    const isLand = mask[i] > 127 || inside(INLAND_WATER, x + 0.5, y + 0.5);
    const away = isLand && inside(OFF_BOARD, x + 0.5, y + 0.5);
    // Off-board land: thin hatching of "no province" pixels over the sea province it lies in.
    if (away && (x + y) % 4 === 0) continue;
    const site = nearest(isLand && !away ? sites.land : sites.sea, x + 0.5, y + 0.5);
    rgb.set(site.colour, i * 3);
  }
}
await sharp(rgb, { raw: { width: KEY_WIDTH, height: KEY_HEIGHT, channels: 3 } })
  .png({ compressionLevel: 9, palette: false })
  .toFile(out);
console.log(`Wrote ${out}.`);
