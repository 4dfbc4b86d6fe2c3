// Random industrial games for the property test and the bench: a generated map (land provinces
// in a grid with seas along one edge), nations with home provinces, units, and each turn a full
// set of orders of every kind, legal or not (the ruleset refuses what it must).
import { MapGraph, type Order, type OrdersByNation, type Province, type Border, type RulesetContext } from '../../../src/engine/index.ts';
import { industrial } from '../../../src/rulesets/industrial/index.ts';
import type { IndustrialOptions } from '../../../src/rulesets/industrial/options.ts';
import type { IndustrialState, UnitType } from '../../../src/rulesets/industrial/state.ts';

export class Random {
  private s: number;
  constructor(seed: number) {
    this.s = seed >>> 0 || 1;
  }
  next(): number {
    this.s ^= this.s << 13;
    this.s ^= this.s >>> 17;
    this.s ^= this.s << 5;
    return (this.s >>> 0) / 4294967296;
  }
  int(lo: number, hi: number): number {
    return lo + Math.floor(this.next() * (hi - lo + 1));
  }
  pick<T>(list: readonly T[]): T {
    return list[Math.floor(this.next() * list.length)];
  }
}

const TERRAIN = ['plain', 'plain', 'plain', 'hills', 'mountains', 'jungle'];

/** A width x height grid of land with a row of seas along the top; every third top province is coastal with a port. */
export function randomMap(rnd: Random, width: number, height: number): MapGraph {
  const provinces: Province[] = [];
  const borders: Border[] = [];
  const id = (x: number, y: number) => `p${x}_${y}`;
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const coastal = y === 0;
      provinces.push({
        id: id(x, y),
        name: `P${x}-${y}`,
        aliases: [],
        kind: coastal ? 'coastal' : 'land',
        terrain: rnd.pick(TERRAIN),
        features: [],
        coasts: [],
        attributes: { income: rnd.int(1, 3), winter: rnd.next() < 0.3, rebels: rnd.pick(['nationalist', 'reactionary', undefined]) },
      });
      if (x > 0) borders.push({ a: { province: id(x - 1, y) }, b: { province: id(x, y) }, units: ['army'] });
      if (y > 0) borders.push({ a: { province: id(x, y - 1) }, b: { province: id(x, y) }, units: ['army'] });
    }
  }
  for (let x = 0; x < width; x++) {
    provinces.push({ id: `s${x}`, name: `Sea ${x}`, aliases: [], kind: 'sea', features: [], coasts: [], attributes: {} });
    borders.push({ a: { province: `s${x}` }, b: { province: id(x, 0) }, units: ['fleet'] });
    if (x > 0) borders.push({ a: { province: `s${x - 1}` }, b: { province: `s${x}` }, units: ['fleet'] });
  }
  return new MapGraph(provinces, borders);
}

/** Nations own vertical strips of the grid, with railroads, ports and starting units already deployed. */
export function randomState(
  rnd: Random,
  ctx: RulesetContext<IndustrialOptions>,
  width: number,
  height: number,
  nations: number,
  unitsEach: number,
): IndustrialState {
  const ids = Array.from({ length: nations }, (_, i) => `n${i}`);
  const state = industrial.setup(
    ctx,
    ids.map((n) => ({ id: n, name: `Nation ${n}`, attributes: { gold: rnd.int(5, 40), tech: rnd.int(1, 5) } })),
  );
  const strip = Math.max(1, Math.floor(width / nations));
  for (let x = 0; x < width; x++) {
    const owner = ids[Math.min(nations - 1, Math.floor(x / strip))];
    for (let y = 0; y < height; y++) {
      const p = state.provinces[`p${x}_${y}`];
      if (rnd.next() < 0.85) p.owner = owner;
      p.railroad = rnd.next() < 0.6;
      if (y === 0 && rnd.next() < 0.5) p.port = 1;
      if (rnd.next() < 0.2) p.factory = true;
    }
  }
  for (const n of ids) {
    const owned = Object.keys(state.provinces)
      .filter((p) => state.provinces[p].owner === n)
      .sort();
    state.nations[n].capital = owned[0] ?? null;
    for (let i = 0; i < unitsEach; i++) {
      const type: UnitType = rnd.pick(['infantry', 'infantry', 'infantry', 'conscript', 'artillery', 'general', 'warship', 'submarine']);
      const ship = type === 'warship' || type === 'submarine';
      const province = ship ? `s${rnd.int(0, width - 1)}` : owned.length ? rnd.pick(owned) : 'p0_0';
      state.units.push({ id: `u${state.nextUnitId++}`, type, nation: n, province, tech: state.nations[n].tech, builtTurn: 0, supply: 0 });
    }
    if (rnd.next() < 0.5) state.nations[n].killOnSight = [rnd.pick(ids)].filter((x) => x !== n);
  }
  return state;
}

/** Orders for every nation: moves, invasions, supports, rail, naval moves and duties, builds, diplomacy. */
export function randomOrders(rnd: Random, ctx: RulesetContext<IndustrialOptions>, state: IndustrialState, perNation: number): OrdersByNation {
  const out: OrdersByNation = {};
  const ids = Object.keys(state.nations);
  for (const n of ids) {
    const mine = state.units.filter((u) => u.nation === n);
    const owned = Object.keys(state.provinces).filter((p) => state.provinces[p].owner === n);
    const orders: Order[] = [];
    for (let i = 0; i < perNation && mine.length; i++) {
      const u = rnd.pick(mine);
      const land = ctx.map.neighbours(u.province, 'army').map((p) => p.province);
      const sea = ctx.map.neighbours(u.province, 'fleet').map((p) => p.province);
      const ship = u.type === 'warship' || u.type === 'submarine';
      const r = rnd.next();
      if (ship) {
        if (r < 0.6 && sea.length) orders.push({ kind: 'sail', province: u.province, target: rnd.pick(sea) });
        else if (r < 0.7 && sea.length) orders.push({ kind: 'support-coast', province: u.province, target: rnd.pick(sea) });
        else if (r < 0.8 && sea.length) orders.push({ kind: 'blockade', province: u.province, target: rnd.pick(sea) });
        else orders.push({ kind: 'attack', nation: rnd.pick(ids) });
      } else if (land.length) {
        const target = rnd.pick(land);
        if (r < 0.3) orders.push({ kind: 'invade', province: u.province, target });
        else if (r < 0.5) orders.push({ kind: 'march', province: u.province, target });
        else if (r < 0.6) orders.push({ kind: 'support-attack', province: u.province, target });
        else if (r < 0.7) orders.push({ kind: 'support-defence', province: u.province, target });
        else if (r < 0.75) orders.push({ kind: 'cut-support', province: u.province, target });
        else if (r < 0.85) orders.push({ kind: 'entrench', province: u.province });
        else if (owned.length) orders.push({ kind: 'rail', province: u.province, target: rnd.pick(owned) });
      }
    }
    if (owned.length) {
      orders.push({
        kind: 'build',
        what: rnd.pick(['infantry', 'artillery', 'warship', 'factory', 'railroad', 'tech', 'fort', 'port']),
        province: rnd.pick(owned),
      });
      if (rnd.next() < 0.2) orders.push({ kind: 'disband', province: rnd.pick(mine.length ? mine.map((u) => u.province) : owned) });
    }
    const other = rnd.pick(ids);
    if (other !== n && rnd.next() < 0.3)
      orders.push({ kind: 'draft-treaty', nation: other, peace: true, ...(rnd.next() < 0.5 && { amount: rnd.int(1, 5), payer: n, payee: other }) });
    for (const t of state.extra.treaties ?? [])
      if (t.parties.includes(n) && !t.ratifiedBy.includes(n) && rnd.next() < 0.7) orders.push({ kind: 'ratify-treaty', treaty: t.id });
    for (const p of state.extra.payments ?? [])
      if (p.from === n) orders.push({ kind: rnd.next() < 0.7 ? 'authorize-payment' : 'cancel-payment', payment: p.id });
    if (rnd.next() < 0.2 && other !== n) orders.push({ kind: 'record-agreement', nation: other, terms: `secret pact ${n} ${other}` });
    out[n] = orders;
  }
  return out;
}
