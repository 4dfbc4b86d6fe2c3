// Positions for a map that has no geometry (an adjacency list only, like the DATC standard map):
// a force-directed layout (Fruchterman and Reingold), seeded so the same map always gives the same
// picture. A few seeded starts are tried and the one with the fewest crossing borders is kept.
import { uniformInt } from 'pure-rand/distribution/uniformInt';
import { xoroshiro128plus } from 'pure-rand/generator/xoroshiro128plus';
import { seedNumber } from '../engine/index.ts';
import { repulseApproximately } from './barnes-hut.ts';
import { coarseToFine, type Relax } from './coarse-layout.ts';

export type Point = [number, number];

export interface LayoutOptions {
  seed: string;
  width: number;
  height: number;
  /** Room each node needs; nodes are pushed apart until their boxes do not overlap. */
  nodeWidth: number;
  nodeHeight: number;
  /** Clear page kept around every node, so no box touches or leaves the picture's edge. */
  margin?: number;
  /**
   * Set for a big map: the page is a grid of cells this big (a node with its margin), and each node
   * takes the free cell nearest where the forces put it. That packs many provinces without overlaps
   * in time linear in practice, where pushing pairs apart is quadratic and leaves wide gaps.
   */
  cell?: { width: number; height: number };
  starts?: number;
}

export function layoutGraph(ids: readonly string[], edges: ReadonlyArray<readonly [string, string]>, options: LayoutOptions): Map<string, Point> {
  if (!ids.length) return new Map();
  // Provinces with no border (an impassable Switzerland) would drift to a corner: placed afterwards.
  const linked = new Set(edges.flat());
  const connected = ids.filter((id) => linked.has(id));
  const n = connected.length;
  const at = new Map(connected.map((id, i) => [id, i]));
  const links = edges.map(([a, b]) => [at.get(a)!, at.get(b)!] as const).filter(([a, b]) => a !== undefined && b !== undefined && a !== b);
  const rng = xoroshiro128plus(seedNumber(options.seed));
  const random = () => uniformInt(rng, 0, 1_000_000) / 1_000_000;
  let best: Point[] = [];
  let bestScore = Infinity;
  // A big map (laid out in cells) gets one start: its layout is approximate anyway, and counting
  // the crossings of thousands of borders to compare starts would cost more than the layout.
  const big = options.cell !== undefined;
  const starts = options.starts ?? (big ? 1 : 4);
  for (let start = 0; n && start < starts; start++) {
    const points = forceLayout(n, links, random, options.width / options.height, big);
    const score = starts > 1 ? crossings(points, links) : 0;
    if (score < bestScore) [best, bestScore] = [points, score];
  }
  const placed = n ? fit(best, options) : [];
  const order = [...connected, ...ids.filter((id) => !linked.has(id))];
  if (options.cell) {
    for (const id of ids) if (!linked.has(id)) placed.push([options.width / 2, options.height / 2]);
    snapToGrid(placed, options.cell, options);
  } else {
    separate(placed, options);
    for (const id of ids) if (!linked.has(id)) placed.push(emptySpot(placed, options));
  }
  return new Map(order.map((id, i) => [id, [Math.round(placed[i][0]), Math.round(placed[i][1])]]));
}

/** How far a node's centre must stay from the page's edges: half the node and the margin. */
const inset = (o: LayoutOptions) => ({ x: o.nodeWidth / 2 + (o.margin ?? 0), y: o.nodeHeight / 2 + (o.margin ?? 0) });

/** The free spot nearest the middle of the page: far enough from every node, else the emptiest. */
function emptySpot(points: Point[], o: LayoutOptions): Point {
  let best: Point = [o.width / 2, o.height / 2];
  let bestScore = -Infinity;
  const edge = inset(o);
  for (let y = edge.y; y <= o.height - edge.y; y += o.nodeHeight / 2) {
    for (let x = edge.x; x <= o.width - edge.x; x += o.nodeWidth / 2) {
      const room = Math.min(Infinity, ...points.map(([px, py]) => Math.max(Math.abs(px - x) / o.nodeWidth, Math.abs(py - y) / o.nodeHeight)));
      const score = Math.min(room, 1.6) - Math.hypot((x - o.width / 2) / o.width, (y - o.height / 2) / o.height);
      if (score > bestScore) [best, bestScore] = [[x, y], score];
    }
  }
  return best;
}

/** A big map is laid out coarse to fine (coarse-layout.ts); a small one from scratch, with every pair's push exact. */
function forceLayout(n: number, links: ReadonlyArray<readonly [number, number]>, random: () => number, aspect: number, big: boolean): Point[] {
  const relaxHere: Relax = (xs, ys, l, rounds, temperature) => relax(xs, ys, l, { rounds, temperature, aspect, random });
  let xs: Float64Array = new Float64Array(n);
  let ys: Float64Array = new Float64Array(n);
  if (big) [xs, ys] = coarseToFine(n, links, random, aspect, relaxHere);
  else {
    for (let i = 0; i < n; i++) [xs[i], ys[i]] = [random() * aspect, random()];
    // Exact all-pairs repulsion is quadratic: fewer rounds for bigger graphs keep a layout quick.
    relaxHere(xs, ys, links, Math.max(60, Math.min(500, Math.floor(3e7 / (n * n)))), 0.1 * Math.max(aspect, 1));
  }
  return Array.from({ length: n }, (_, i): Point => [xs[i], ys[i]]);
}

/**
 * Rounds of Fruchterman and Reingold: borders pull, every pair pushes (by Barnes-Hut, barnes-hut.ts,
 * past a thousand nodes), each node moves at most the temperature, which cools each round.
 */
function relax(
  xs: Float64Array,
  ys: Float64Array,
  links: ReadonlyArray<readonly [number, number]>,
  o: { rounds: number; temperature: number; aspect: number; random: () => number },
): void {
  // Flat arrays of numbers, not a pair per node: a big map runs this loop millions of times.
  const n = xs.length;
  const mx = new Float64Array(n);
  const my = new Float64Array(n);
  const k = Math.sqrt(o.aspect / n);
  const k2 = k * k;
  let temperature = o.temperature;
  for (let round = 0; round < o.rounds; round++) {
    mx.fill(0);
    my.fill(0);
    if (n > 1000) repulseApproximately(xs, ys, mx, my, n, k2);
    else repulse(xs, ys, mx, my, n, k2, o.random);
    for (const [a, b] of links) {
      const dx = xs[a] - xs[b];
      const dy = ys[a] - ys[b];
      const d = Math.sqrt(dx * dx + dy * dy) || 1e-6;
      const force = d / k;
      mx[a] -= dx * force;
      my[a] -= dy * force;
      mx[b] += dx * force;
      my[b] += dy * force;
    }
    for (let i = 0; i < n; i++) {
      // A weak pull to the middle keeps islands and separate continents on the page.
      mx[i] += (o.aspect / 2 - xs[i]) * 0.05 * n * k;
      my[i] += (0.5 - ys[i]) * 0.05 * n * k;
      const length = Math.sqrt(mx[i] ** 2 + my[i] ** 2) || 1;
      const step = Math.min(length, temperature);
      xs[i] += (mx[i] / length) * step;
      ys[i] += (my[i] / length) * step;
    }
    temperature *= 0.985;
  }
}

/** The push every node gets from every other, pair by pair. */
function repulse(xs: Float64Array, ys: Float64Array, mx: Float64Array, my: Float64Array, n: number, k2: number, random: () => number): void {
  for (let i = 0; i < n; i++) {
    for (let j = i + 1; j < n; j++) {
      let dx = xs[i] - xs[j];
      let dy = ys[i] - ys[j];
      if (dx === 0 && dy === 0) [dx, dy] = [1e-3 * (random() - 0.5), 1e-3 * (random() - 0.5)];
      const force = k2 / (dx * dx + dy * dy);
      mx[i] += dx * force;
      my[i] += dy * force;
      mx[j] -= dx * force;
      my[j] -= dy * force;
    }
  }
}

function crossings(pos: Point[], links: ReadonlyArray<readonly [number, number]>): number {
  let count = 0;
  for (let i = 0; i < links.length; i++) {
    for (let j = i + 1; j < links.length; j++) {
      const [a, b] = links[i];
      const [c, d] = links[j];
      if (a === c || a === d || b === c || b === d) continue;
      if (segmentsCross(pos[a], pos[b], pos[c], pos[d])) count++;
    }
  }
  return count;
}

/** Which side of the line through a and b the point c lies on: -1, 0 or 1. */
function side(a: Point, b: Point, c: Point): number {
  return Math.sign((b[0] - a[0]) * (c[1] - a[1]) - (b[1] - a[1]) * (c[0] - a[0]));
}

function segmentsCross(p: Point, q: Point, r: Point, s: Point): boolean {
  return side(p, q, r) * side(p, q, s) < 0 && side(r, s, p) * side(r, s, q) < 0;
}

/** Scales the layout into the page, every node whole inside it with the margin around. */
function fit(points: Point[], o: LayoutOptions): Point[] {
  const xs = points.map((p) => p[0]);
  const ys = points.map((p) => p[1]);
  const [x0, x1, y0, y1] = [Math.min(...xs), Math.max(...xs), Math.min(...ys), Math.max(...ys)];
  const edge = inset(o);
  const sx = (o.width - 2 * edge.x) / (x1 - x0 || 1);
  const sy = (o.height - 2 * edge.y) / (y1 - y0 || 1);
  return points.map(([x, y]) => [edge.x + (x - x0) * sx, edge.y + (y - y0) * sy]);
}

/** Pushes overlapping nodes apart along the axis where they overlap least, inside the page. */
function separate(points: Point[], o: LayoutOptions): void {
  const gapX = o.nodeWidth * 1.08;
  const gapY = o.nodeHeight * 1.15;
  for (let round = 0; round < 200; round++) {
    let moved = false;
    for (let i = 0; i < points.length; i++) {
      for (let j = i + 1; j < points.length; j++) {
        const dx = points[j][0] - points[i][0];
        const dy = points[j][1] - points[i][1];
        const ox = gapX - Math.abs(dx);
        const oy = gapY - Math.abs(dy);
        if (ox <= 0 || oy <= 0) continue;
        moved = true;
        if (ox / gapX < oy / gapY) {
          const push = (ox / 2) * (dx < 0 ? -1 : 1);
          points[i][0] -= push;
          points[j][0] += push;
        } else {
          const push = (oy / 2) * (dy < 0 ? -1 : 1);
          points[i][1] -= push;
          points[j][1] += push;
        }
      }
    }
    const edge = inset(o);
    for (const p of points) {
      p[0] = Math.min(o.width - edge.x, Math.max(edge.x, p[0]));
      p[1] = Math.min(o.height - edge.y, Math.max(edge.y, p[1]));
    }
    if (!moved) break;
  }
}

/**
 * Moves each point to the centre of the free grid cell nearest it, nearest the middle first (the
 * middle is the most crowded), searching outward ring by ring.
 */
function snapToGrid(points: Point[], cell: { width: number; height: number }, o: LayoutOptions): void {
  const columns = Math.floor(o.width / cell.width);
  const rows = Math.floor(o.height / cell.height);
  if (columns * rows < points.length) throw new RangeError(`a grid of ${columns}x${rows} cells cannot hold ${points.length} nodes`);
  const taken = new Uint8Array(columns * rows);
  const wanted = points.map(
    ([x, y]) => [Math.min(columns - 1, Math.max(0, Math.floor(x / cell.width))), Math.min(rows - 1, Math.max(0, Math.floor(y / cell.height)))] as const,
  );
  const order = points
    .map((_, i) => i)
    .sort(
      (a, b) =>
        Math.hypot(points[a][0] - o.width / 2, points[a][1] - o.height / 2) - Math.hypot(points[b][0] - o.width / 2, points[b][1] - o.height / 2) || a - b,
    );
  for (const i of order) {
    const [cx, cy] = wanted[i];
    let best = -1;
    let bestDistance = Infinity;
    // A cell of ring r is at least r - 1 cells from the point: stop once no ring can be nearer.
    for (let ring = 0; best < 0 || (ring - 1) * Math.min(cell.width, cell.height) < bestDistance; ring++) {
      for (let y = cy - ring; y <= cy + ring; y++) {
        if (y < 0 || y >= rows) continue;
        const step = y === cy - ring || y === cy + ring ? 1 : 2 * ring;
        for (let x = cx - ring; x <= cx + ring; x += step) {
          if (x < 0 || x >= columns || taken[y * columns + x]) continue;
          const distance = Math.hypot((x + 0.5) * cell.width - points[i][0], (y + 0.5) * cell.height - points[i][1]);
          if (distance < bestDistance) [best, bestDistance] = [y * columns + x, distance];
        }
      }
    }
    taken[best] = 1;
    points[i][0] = ((best % columns) + 0.5) * cell.width;
    points[i][1] = (Math.floor(best / columns) + 0.5) * cell.height;
  }
}
