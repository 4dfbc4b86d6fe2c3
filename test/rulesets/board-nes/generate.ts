// Random maps, states and legal orders for the property test and the benchmark. Everything comes
// from one integer seed, so a failing case is replayed from the seed fast-check prints.
import { stringify } from 'yaml';
import { MapBuilder, type MapGraph, type Order, type OrdersByNation, type RulesetContext } from '../../../src/engine/index.ts';
import { boardNes } from '../../../src/rulesets/board-nes/index.ts';
import type { BoardNesOptions } from '../../../src/rulesets/board-nes/options.ts';
import { STRUCTURE_LEVELS, type BoardNesState, type BoardNesUnit } from '../../../src/rulesets/board-nes/state.ts';

export class Random {
  private s: number;
  constructor(seed: number) {
    this.s = seed >>> 0;
  }
  /** mulberry32: small, fast and good enough for test data. */
  next(): number {
    this.s = (this.s + 0x6d2b79f5) >>> 0;
    let t = this.s;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  }
  int(min: number, max: number): number {
    return min + Math.floor(this.next() * (max - min + 1));
  }
  pick<T>(list: readonly T[]): T {
    return list[Math.floor(this.next() * list.length)];
  }
  chance(p: number): boolean {
    return this.next() < p;
  }
}

/** A chain of land provinces with extra cross-links, and seas along the coast linked to each other. */
export function randomMap(rnd: Random, lands: number, seas: number): MapGraph {
  const landIds = Array.from({ length: lands }, (_, i) => `l${i}`);
  const seaIds = Array.from({ length: seas }, (_, i) => `s${i}`);
  const shores = new Map<string, string[]>(seaIds.map((s) => [s, []]));
  for (const land of landIds) if (rnd.chance(0.6)) shores.get(rnd.pick(seaIds))!.push(land);
  const coastal = new Set([...shores.values()].flat());
  const builder = new MapBuilder();
  for (const id of landIds) builder.province(id, coastal.has(id) ? 'coastal' : 'land');
  for (const id of seaIds) builder.sea(id);
  const linked = new Set<string>();
  const link = (a: string, b: string, units?: string[]) => {
    const key = [a, b].sort().join('-');
    if (a === b || linked.has(key)) return;
    linked.add(key);
    builder.border(a, b, units);
  };
  landIds.forEach((id, i) => {
    if (i > 0) link(landIds[i - 1], id, ['army']);
    if (rnd.chance(0.4)) link(id, rnd.pick(landIds), ['army']);
  });
  seaIds.forEach((id, i) => {
    if (i > 0) link(seaIds[i - 1], id);
    for (const shore of shores.get(id)!) link(id, shore);
  });
  return builder.build();
}

/** Nations owning a few provinces each, with structures, gold (debts too) and units. */
export function randomState(rnd: Random, map: MapGraph, nations: number, unitsPerNation: number): BoardNesState {
  const ids = Array.from({ length: nations }, (_, i) => `n${i}`);
  const state: BoardNesState = {
    turn: 2,
    phase: 'orders',
    nations: Object.fromEntries(ids.map((id) => [id, { id, name: id.toUpperCase(), gold: rnd.int(-3, 25), taxIncome: rnd.int(0, 8) }])),
    provinces: {},
    units: [],
    nextUnitId: 1,
    extra: {},
  };
  const lands = map.ids().filter((id) => map.province(id).kind !== 'sea');
  const seas = map.ids().filter((id) => map.province(id).kind === 'sea');
  for (const id of lands) {
    const owner = rnd.chance(0.7) ? rnd.pick(ids) : null;
    state.provinces[id] = { owner, structure: rnd.chance(0.5) ? rnd.pick(STRUCTURE_LEVELS) : null };
  }
  const unit = (type: 'army' | 'fleet', nation: string, province: string, extra: Partial<BoardNesUnit> = {}) => {
    const u: BoardNesUnit = { id: `${type[0]}${state.nextUnitId++}`, type, nation, province, builtTurn: rnd.int(0, 1), ...extra };
    state.units.push(u);
    return u;
  };
  for (const nation of ids) {
    const own = lands.filter((id) => state.provinces[id].owner === nation);
    for (let made = 0; made < unitsPerNation; made++) {
      if (seas.length && rnd.chance(0.25)) {
        const f = unit('fleet', nation, rnd.pick(seas));
        const cargo = Math.min(rnd.int(0, 3), unitsPerNation - made - 1);
        for (let c = 0; c < cargo; c++) unit('army', nation, f.province, { aboard: f.id });
        made += cargo;
      } else if (own.length) unit('army', nation, rnd.pick(own));
    }
  }
  return state;
}

function count(rnd: Random): number | 'all' {
  return rnd.chance(0.2) ? 'all' : rnd.int(1, 3);
}

/** A random order for a nation, aimed near its units and provinces so that many are legal. */
export function randomOrder(rnd: Random, map: MapGraph, state: BoardNesState, nation: string, mine: readonly BoardNesUnit[]): Order {
  const others = Object.keys(state.nations).filter((n) => n !== nation);
  const own = Object.keys(state.provinces).filter((id) => state.provinces[id].owner === nation);
  const near = (id: string) => [...map.touches(id)];
  const unit = mine.length ? rnd.pick(mine) : undefined;
  const where = unit?.province ?? rnd.pick(map.ids());
  const kind = rnd.pick([
    'buy-unit',
    'buy-structure',
    'move',
    'move',
    'move',
    'load',
    'unload',
    'naval-attack',
    'hold',
    'disband',
    'claim',
    'caravan',
    'steal',
    'aim',
  ]);
  const province = own.length ? rnd.pick(own) : rnd.pick(map.ids());
  const neighbour = near(where).length ? rnd.pick(near(where)) : where;
  const other = others.length ? rnd.pick(others) : nation;
  switch (kind) {
    case 'buy-unit':
      return { kind, unitType: rnd.pick(['army', 'fleet']), province, count: rnd.int(1, 2) };
    case 'buy-structure':
      return { kind, structure: rnd.pick(['town', 'military-base', 'city', 'engineered-city']), province };
    case 'move':
      return { kind, unitType: unit?.type ?? 'army', province: where, target: neighbour, count: count(rnd), claim: rnd.chance(0.5) };
    case 'load':
      return { kind, province: neighbour, from: where, count: count(rnd) };
    case 'unload':
      return { kind, province: where, target: neighbour, count: count(rnd), claim: rnd.chance(0.5) };
    case 'naval-attack':
      return { kind, province: where, nation: rnd.chance(0.5) ? other : undefined };
    case 'hold':
    case 'disband':
      return { kind, unitType: unit?.type ?? 'army', province: where, count: count(rnd) };
    case 'claim':
      return { kind, province: where };
    case 'caravan':
      return { kind, nation: other, count: rnd.int(1, 4), escorts: rnd.int(0, 2) };
    case 'steal':
      return { kind, nation: other, mode: rnd.pick(['all', 'count', 'all-but', 'per']), count: rnd.int(0, 3), per: rnd.int(1, 4) };
    default:
      return { kind: 'aim', nation: other, province: rnd.chance(0.5) ? where : undefined };
  }
}

/** Orders every nation might send, keeping only those its own validation accepts. */
export function randomOrders(rnd: Random, ctx: RulesetContext<BoardNesOptions>, state: BoardNesState, perNation: number): OrdersByNation {
  const byNation = new Map<string, BoardNesUnit[]>();
  for (const u of state.units) {
    const list = byNation.get(u.nation);
    if (list) list.push(u);
    else byNation.set(u.nation, [u]);
  }
  const orders: OrdersByNation = {};
  for (const nation of Object.keys(state.nations)) {
    const accepted: Order[] = [];
    for (let i = 0; i < perNation; i++) {
      const order = randomOrder(rnd, ctx.map, state, nation, byNation.get(nation) ?? []);
      if (boardNes.validate(ctx, state, nation, order, accepted).ok) accepted.push(order);
    }
    orders[nation] = accepted;
  }
  return orders;
}

/**
 * A whole board NES game folder (game.yaml and map.yaml) on a random map of `lands` + `seas`
 * provinces: every nation starts with a few owned, built-up provinces and an army in each.
 */
export function randomGameFiles(rnd: Random, lands: number, seas: number, nations: number): Record<string, string> {
  const map = randomMap(rnd, lands, seas);
  const ids = Array.from({ length: nations }, (_, i) => `n${i}`);
  const start = new Map<string, string[]>(ids.map((n) => [n, []]));
  const provinces: Record<string, unknown> = {};
  for (const id of map.ids()) {
    const p = map.province(id);
    const owner = p.kind !== 'sea' && rnd.chance(0.3) ? rnd.pick(ids) : undefined;
    if (owner) start.get(owner)!.push(id);
    provinces[id] = {
      name: `Province ${id}`,
      kind: p.kind,
      ...(owner ? { attributes: { owner, structure: rnd.pick(['town', 'city', 'military-base']) } } : {}),
    };
  }
  const borders = map.borders.map((b) => [b.a.province, b.b.province, ...b.units]);
  const game = {
    title: 'A very large world',
    ruleset: 'board-nes',
    options: { combat: 'board-nes-dice' },
    map: 'map.yaml',
    gm: { name: 'GM', email: 'gm@example.org' },
    nations: Object.fromEntries(
      ids.map((n) => [
        n,
        {
          name: `Nation ${n}`,
          colour: '#336699',
          player: { name: `Player ${n}`, email: `${n}@example.org` },
          attributes: {
            gold: 10,
            units: start
              .get(n)!
              .slice(0, 20)
              .map((province) => ({ type: 'army', province })),
          },
        },
      ]),
    ),
  };
  return { 'game.yaml': stringify(game), 'map.yaml': stringify({ provinces, borders }, { lineWidth: 0 }) };
}
