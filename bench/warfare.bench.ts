// Warfare adjudication speed (the DATC's figures are bench/datc.bench.ts): a 10,000-unit turn of
// random legal orders on a generated 20,000-province map, whose orders over its time give the orders
// per second; and the set-up of that map as a game. Run: npm run bench -- warfare
// Prints one JSON line per figure; each value is the median of warm runs (after warm-up), one core.
import { performance } from 'node:perf_hooks';
import { stringify } from 'yaml';
import { openGame } from '../src/game/open-game.ts';
import {
  Dice,
  MapGraph,
  Registry,
  defaultBorderUnits,
  type Border,
  type CombatSystem,
  type Order,
  type Province,
  type ProvinceKind,
  type RulesetContext,
  type Unit,
} from '../src/engine/index.ts';
import { makeBoard } from '../src/rulesets/warfare/board.ts';
import { warfare } from '../src/rulesets/warfare/index.ts';
import { warfareMap } from '../src/rulesets/warfare/map-index.ts';
import { checkMovement } from '../src/rulesets/warfare/movement-check.ts';
import { warfareOptions, type WarfareOptions } from '../src/rulesets/warfare/options.ts';
import { neighbourPlaces } from '../src/rulesets/warfare/reach.ts';
import type { WarfareState } from '../src/rulesets/warfare/state.ts';

/** A small seeded generator (mulberry32): the same map and orders on every run. */
function random(seed: number): () => number {
  return () => {
    seed = (seed + 0x6d2b79f5) | 0;
    let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

function median(samples: number[]): number {
  const sorted = [...samples].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)];
}

function time(runs: number, warmup: number, f: () => void): number {
  for (let i = 0; i < warmup; i++) f();
  const samples: number[] = [];
  for (let i = 0; i < runs; i++) {
    const t0 = performance.now();
    f();
    samples.push(performance.now() - t0);
  }
  return median(samples);
}

/** A grid of provinces, each bordering its four neighbours and one diagonal (planar), with seas in blobs. */
function gridMap(width: number, height: number, rand: () => number): MapGraph {
  const sea = new Uint8Array(width * height);
  for (let blob = 0; blob < (width * height) / 120; blob++) {
    const cx = Math.floor(rand() * width);
    const cy = Math.floor(rand() * height);
    const r = 1 + Math.floor(rand() * 4);
    for (let y = cy - r; y <= cy + r; y++) for (let x = cx - r; x <= cx + r; x++) if (x >= 0 && y >= 0 && x < width && y < height) sea[y * width + x] = 1;
  }
  const id = (x: number, y: number) => `p${y * width + x}`;
  const near = (x: number, y: number) =>
    [
      [x + 1, y],
      [x, y + 1],
      [x + 1, y + 1],
    ].filter(([a, b]) => a < width && b < height);
  const touchesSea = (x: number, y: number) =>
    [
      [x - 1, y],
      [x + 1, y],
      [x, y - 1],
      [x, y + 1],
    ].some(([a, b]) => a >= 0 && b >= 0 && a < width && b < height && sea[b * width + a]);
  const provinces: Province[] = [];
  const kinds: ProvinceKind[] = [];
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const kind = sea[y * width + x] ? 'sea' : touchesSea(x, y) ? 'coastal' : 'land';
      kinds.push(kind);
      const attributes = rand() < 0.1 && kind !== 'sea' ? { landmark: 'supply-center' } : {};
      provinces.push({ id: id(x, y), name: `Province ${y * width + x}`, kind, aliases: [], features: [], coasts: [], attributes });
    }
  }
  // MapGraph directly: MapBuilder looks each border's provinces up in a list, too slow for 60,000 borders.
  const borders: Border[] = [];
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      for (const [a, b] of near(x, y)) {
        borders.push({ a: { province: id(x, y) }, b: { province: id(a, b) }, units: defaultBorderUnits(kinds[y * width + x], kinds[b * width + a]) });
      }
    }
  }
  return new MapGraph(provinces, borders);
}

/** Random orders, kept only when the ruleset accepts them: moves, supports of a neighbour's order, convoys, holds. */
function randomTurn(ctx: RulesetContext<WarfareOptions>, units: number, rand: () => number): { state: WarfareState; orders: Record<string, Order[]> } {
  const map = warfareMap(ctx.map);
  const nations = Array.from({ length: 20 }, (_, i) => `n${i}`);
  const taken = new Set<number>();
  const list: Unit[] = [];
  while (list.length < units) {
    const p = Math.floor(rand() * map.ids.length);
    if (taken.has(p)) continue;
    taken.add(p);
    const type = map.kind[p] === 2 ? 'fleet' : map.kind[p] === 0 ? 'army' : rand() < 0.5 ? 'fleet' : 'army';
    list.push({ id: `u${list.length}`, type, nation: nations[Math.floor(rand() * nations.length)], province: map.ids[p] });
  }
  const state: WarfareState = {
    turn: 1,
    phase: 'orders',
    nations: Object.fromEntries(nations.map((n) => [n, { id: n, name: n }])),
    provinces: Object.fromEntries(map.ids.map((id) => [id, { owner: null }])),
    units: list,
    nextUnitId: units,
    extra: { season: 'spring', year: 1901, dislodged: [] },
  };
  const unitAt = new Map(list.map((u) => [u.province, u]));
  const planned = new Map<Unit, Order>();
  const steps = (u: Unit) =>
    neighbourPlaces(map, u.type === 'fleet' ? 'fleet' : 'army', map.number(u.province)!, u.coast).map((p) => map.ids[map.placeProvince[p]]);
  for (const u of list) {
    const head = { unitType: u.type, province: u.province };
    const next = steps(u);
    const roll = rand();
    if (roll < 0.55 && next.length) planned.set(u, { kind: 'move', ...head, target: next[Math.floor(rand() * next.length)] });
    else if (roll < 0.9 && next.length) {
      const around = next.map((p) => unitAt.get(p)).filter((x): x is Unit => !!x);
      const friend = around[Math.floor(rand() * around.length)];
      const theirs = friend && planned.get(friend);
      if (theirs?.kind === 'move' && theirs.target !== u.province)
        planned.set(u, { kind: 'support', ...head, subject: friend.province, target: theirs.target });
      else if (friend) planned.set(u, { kind: 'support', ...head, subject: friend.province });
      else planned.set(u, { kind: 'hold', ...head });
    } else planned.set(u, { kind: 'hold', ...head });
  }
  // Some fleets at sea convoy a neighbouring army to another coast of their sea.
  for (const f of list) {
    const sea = map.number(f.province)!;
    if (map.kind[sea] !== 2 || rand() < 0.7) continue;
    const coasts = steps(f).filter((p) => map.kind[map.number(p)!] === 1);
    const army = coasts.map((p) => unitAt.get(p)).find((x) => x?.type === 'army');
    const to = coasts.filter((p) => p !== army?.province && !unitAt.has(p));
    if (!army || !to.length) continue;
    const target = to[Math.floor(rand() * to.length)];
    planned.set(army, { kind: 'move', unitType: 'army', province: army.province, target });
    planned.set(f, { kind: 'convoy', unitType: 'fleet', province: f.province, subject: army.province, target });
  }
  const orders: Record<string, Order[]> = {};
  const board = makeBoard(map, list, ctx.options);
  for (const [u, order] of planned) {
    const mine = (orders[u.nation] ??= []);
    if (!('ok' in checkMovement(board, u.nation, order))) mine.push(order);
  }
  return { state, orders };
}

/**
 * Setting the same map up as a GM would: its game.yaml and map.yaml read and checked, the map built
 * and indexed for adjudication, the starting state made. Run once, early, in a fresh process.
 */
function setUp(graph: MapGraph): number {
  const provinces = Object.fromEntries(
    graph.ids().map((id) => {
      const p = graph.province(id);
      return [id, { name: p.name, kind: p.kind, ...(Object.keys(p.attributes).length ? { attributes: p.attributes } : {}) }];
    }),
  );
  const borders = graph.borders.map((b) => [b.a.province, b.b.province, ...b.units]);
  const nations = Object.fromEntries(
    Array.from({ length: 20 }, (_, i) => [`n${i}`, { name: `Nation ${i}`, colour: '#336699', player: { name: `Player ${i}`, email: `n${i}@example.org` } }]),
  );
  const files = {
    'game.yaml': stringify({ title: 'Twenty thousand provinces', ruleset: 'warfare', map: 'map.yaml', gm: { name: 'GM', email: 'gm@example.org' }, nations }),
    'map.yaml': stringify({ provinces, borders }, { lineWidth: 0 }),
  };
  const started = performance.now();
  const { game, problems } = openGame('setup', files);
  const ms = performance.now() - started;
  if (!game) throw new Error(`the generated map does not open: ${problems[0]?.message}`);
  return ms;
}

function line(bench: string, value: number, unit: string, target: number): void {
  console.log(JSON.stringify({ bench, value: Math.round(value * 1000) / 1000, unit, target }));
}

const rand = random(20240223);
const graph = gridMap(200, 100, rand);
const setupMs = setUp(graph);
const ctx: RulesetContext<WarfareOptions> = { map: graph, options: warfareOptions.parse({}), combat: new Registry<CombatSystem>('combat system') };
const { state, orders } = randomTurn(ctx, 10_000, rand);
const orderCount = Object.values(orders).reduce((n, l) => n + l.length, 0);
const bigMs = time(25, 5, () => warfare.adjudicate(ctx, state, orders, Dice.forced([])));
line('warfare-orders-per-second', orderCount / (bigMs / 1000), 'orders/s', 300_000);
line('warfare-10k-units', bigMs, 'ms', 100);
line('warfare-setup-20k', setupMs, 'ms', 1000);
