// Map rendering time on a big key-image map: 2,000 provinces on a 4096x3072 key, 12 nations, 5,000
// units. "render-map-2000" is the first render in a fresh process (decoding and indexing the key
// included); "render-map-2000-warm" is the next turn's render of the same map (key index cached).
// Both draw the turn too: 2,500 arrows (moves, supports, convoys, retreats, half of them failed)
// and 600 badges (battles, captures, builds...).
// "schematic-layout-12000" lays out a map of 12,000 provinces without geometry (a grid of borders)
// for its schematic, which the exact layout, quadratic, took minutes to do.
// RENDER_BENCH_PNG=file.png also writes the picture, to look at it.
import { writeFileSync } from 'node:fs';
import { performance } from 'node:perf_hooks';
import { uniformInt } from 'pure-rand/distribution/uniformInt';
import { xoroshiro128plus } from 'pure-rand/generator/xoroshiro128plus';
import sharp from 'sharp';
import { MapBuilder, type PublicView, type TurnMarks, type Unit } from '../src/engine/index.ts';
import { NATION_PALETTE } from '../src/render/palette.ts';
import { renderMap } from '../src/render/render-map.ts';
import { schematicPositions } from '../src/render/render-schematic-map.ts';

const [W, H, COLS, ROWS] = [4096, 3072, 50, 40];
const rng = xoroshiro128plus(2000);
const random = () => uniformInt(rng, 0, 1_000_000) / 1_000_000;

// A jittered grid of seeds, one per cell; each pixel goes to the nearest seed of the 3x3 cells around it.
const cw = W / COLS;
const ch = H / ROWS;
const seeds = Array.from({ length: COLS * ROWS }, (_, i) => [((i % COLS) + 0.15 + random() * 0.7) * cw, (Math.floor(i / COLS) + 0.15 + random() * 0.7) * ch]);
const sea = (i: number) => i % COLS < 3 || i % COLS >= COLS - 3 || Math.floor(i / COLS) < 2;
const keyOf = (i: number) => (sea(i) ? [10 + (i % 40), 60 + Math.floor(i / 40), 200] : [130 + (i % 120), 10 + Math.floor(i / 120) * 12, 60]);
const rgb = Buffer.alloc(W * H * 3);
for (let y = 0; y < H; y++) {
  const row = Math.floor(y / ch);
  for (let x = 0; x < W; x++) {
    const col = Math.floor(x / cw);
    let best = 0;
    let bestDistance = Infinity;
    for (let r = Math.max(0, row - 1); r <= Math.min(ROWS - 1, row + 1); r++) {
      for (let c = Math.max(0, col - 1); c <= Math.min(COLS - 1, col + 1); c++) {
        const i = r * COLS + c;
        const d = (seeds[i][0] - x) ** 2 + (seeds[i][1] - y) ** 2;
        if (d < bestDistance) [best, bestDistance] = [i, d];
      }
    }
    rgb.set(keyOf(best), (y * W + x) * 3);
  }
}
const keyImage = await sharp(rgb, { raw: { width: W, height: H, channels: 3 } })
  .png()
  .toBuffer();

const id = (i: number) => `p${i}`;
const builder = new MapBuilder();
seeds.forEach(([x, y], i) => {
  const key = `#${keyOf(i)
    .map((v) => v.toString(16).padStart(2, '0'))
    .join('')}`;
  builder.province(id(i), sea(i) ? 'sea' : 'coastal', { name: `Province ${i}`, attributes: { key, centre: [Math.round(x), Math.round(y)] } });
});
for (let i = 0; i < seeds.length; i++) {
  if (i % COLS < COLS - 1) builder.border(id(i), id(i + 1));
  if (i + COLS < seeds.length) builder.border(id(i), id(i + COLS));
}
const map = builder.build();
const nations = NATION_PALETTE.map((_, n) => ({ id: `n${n}`, name: `Nation ${n + 1}`, provinces: 0, units: 0 }));
const provinces: PublicView['provinces'] = {};
seeds.forEach((_, i) => {
  provinces[id(i)] = { owner: sea(i) || random() < 0.3 ? null : `n${Math.floor(random() * 12)}`, structure: ['town', 'military-base', 'city', null][i % 4] };
});
const units: Unit[] = Array.from({ length: 5000 }, (_, u) => {
  const at = Math.floor(random() * seeds.length);
  return { id: `u${u}`, type: sea(at) ? 'fleet' : 'army', nation: `n${Math.floor(random() * 12)}`, province: id(at) };
});
const view: PublicView = { turn: 12, phase: 'orders', nations, provinces, units, events: [] };
const kinds = ['move', 'move', 'support', 'convoy', 'retreat'] as const;
const badges = ['battle', 'captured', 'dislodged', 'built', 'disbanded', 'structure'] as const;
const marks: TurnMarks = {
  arrows: Array.from({ length: 2500 }, (_, a) => {
    const from = Math.floor(random() * (seeds.length - COLS - 1));
    return { kind: kinds[a % kinds.length], from: id(from), to: id(a % 2 ? from + 1 : from + COLS), ok: a % 4 < 2, nation: `n${a % 12}` };
  }),
  provinces: Array.from({ length: 600 }, (_, b) => ({ province: id(Math.floor(random() * seeds.length)), mark: badges[b % badges.length] })),
};
const input = { map, view, title: 'A very large world', caption: 'After turn 12', keyImage, marks };

const cold = performance.now();
await renderMap(input);
const coldMs = performance.now() - cold;
const warm = performance.now();
const png = await renderMap(input);
const warmMs = performance.now() - warm;
if (process.env.RENDER_BENCH_PNG) writeFileSync(process.env.RENDER_BENCH_PNG, png);
console.log(JSON.stringify({ bench: 'render-map-2000', value: Math.round(coldMs), unit: 'ms', target: 1000 }));
console.log(JSON.stringify({ bench: 'render-map-2000-warm', value: Math.round(warmMs), unit: 'ms', target: 1000 }));

const BIG = 12_000;
const grid = new MapBuilder();
for (let i = 0; i < BIG; i++) grid.province(id(i), 'land', { name: `Province ${i}` });
for (let i = 0; i < BIG; i++) {
  if ((i + 1) % 120 && i + 1 < BIG) grid.border(id(i), id(i + 1));
  if (i + 120 < BIG) grid.border(id(i), id(i + 120));
}
const bigMap = grid.build();
const laying = performance.now();
schematicPositions(bigMap);
console.log(JSON.stringify({ bench: 'schematic-layout-12000', value: Math.round(performance.now() - laying), unit: 'ms', target: 10000 }));
