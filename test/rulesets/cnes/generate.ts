// Random CNES maps, states and orders for the property test and the benchmark, all from one seed.
// Orders are random but well formed: many are legal, some are refused, as players' orders are.
import { MapBuilder, type MapGraph, type Order, type OrdersByNation, type RulesetContext } from '../../../src/engine/index.ts';
import { flies } from '../../../src/combat/cnes-heat/index.ts';
import type { CnesOptions } from '../../../src/rulesets/cnes/options.ts';
import type { CnesState, CnesUnit } from '../../../src/rulesets/cnes/state.ts';
import { borderType, mayStand, withinRange } from '../../../src/rulesets/cnes/units.ts';
import { Random } from '../board-nes/generate.ts';

export { Random };

const TERRAINS = ['temperate', 'temperate', 'desert', 'tundra', 'jungle'];
const FEATURES = [[], [], [], ['hill'], ['forest'], ['mountain']];

/** A grid of land provinces `width` wide, with a sea below every fifth column's last row. */
export function randomMap(rnd: Random, width: number, height: number): MapGraph {
  const b = new MapBuilder();
  const id = (x: number, y: number) => `p${x}-${y}`;
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      b.province(id(x, y), y === height - 1 ? 'coastal' : 'land', { terrain: rnd.pick(TERRAINS), features: [...rnd.pick(FEATURES)] });
    }
  }
  for (let x = 0; x < width; x += 5) b.sea(`s${x}`);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const coastalPair = y === height - 1;
      if (x + 1 < width) b.border(id(x, y), id(x + 1, y), coastalPair ? ['army'] : undefined);
      if (y + 1 < height) b.border(id(x, y), id(x, y + 1), ['army']);
    }
  }
  for (let x = 0; x < width; x++) b.border(id(x, height - 1), `s${x - (x % 5)}`);
  for (let x = 5; x < width; x += 5) b.border(`s${x - 5}`, `s${x}`);
  return b.build();
}

/** Nations own blocks of provinces, with improvements, units, aircraft at airbases and ships at sea. */
export function randomState(rnd: Random, ctx: RulesetContext<CnesOptions>, nations: number, unitsPerNation: number): CnesState {
  const { map, options } = ctx;
  const state: CnesState = { turn: rnd.int(1, 5), phase: 'orders', nations: {}, provinces: {}, units: [], nextUnitId: 1, extra: { relations: {} } };
  const names = Array.from({ length: nations }, (_, i) => `n${i}`);
  for (const n of names)
    state.nations[n] = {
      id: n,
      name: `Nation ${n}`,
      gold: rnd.int(0, 60),
      ...(rnd.chance(0.5) && { blitz: true }),
      ...(rnd.chance(0.3) && { fortifyTech: rnd.int(1, 4) }),
    };
  const lands = map.ids().filter((p) => map.province(p).kind !== 'sea');
  for (const [i, p] of lands.entries()) {
    const owner = rnd.chance(0.9) ? names[Math.floor((i / lands.length) * nations)] : null;
    const urban = rnd.chance(0.3) && map.province(p).terrain !== 'jungle';
    state.provinces[p] = {
      owner,
      ...(urban && { urban: true }),
      ...(!urban && rnd.chance(0.2) && map.province(p).terrain !== 'jungle' && { industrial: true }),
    };
    if ((urban || state.provinces[p].industrial) && rnd.chance(0.5)) state.provinces[p].airbase = true;
    if (rnd.chance(0.05) && urban) state.provinces[p].razing = [{ what: 'urban', since: state.turn - 1 }];
  }
  const cards = Object.keys(options.cards);
  for (const n of names) {
    const owned = lands.filter((p) => state.provinces[p].owner === n);
    if (!owned.length) continue;
    for (let k = 0; k < unitsPerNation; k++) {
      const type = rnd.pick(cards);
      const card = options.cards[type];
      let province = rnd.pick(owned);
      if (flies(card)) province = owned.find((p) => state.provinces[p].airbase) ?? '';
      if (card.class === 'naval') province = map.ids().find((p) => map.province(p).kind === 'sea' && rnd.chance(0.3)) ?? '';
      if (!province) continue;
      state.units.push({
        id: `u${state.nextUnitId++}`,
        type,
        nation: n,
        province,
        builtTurn: 0,
        ...(card.flags.includes('officer') && { veterancy: rnd.int(0, 5) }),
      });
    }
  }
  for (let k = 0; k < nations; k++) {
    const [a, b] = [rnd.pick(names), rnd.pick(names)];
    if (a !== b) state.extra.relations![a < b ? `${a}|${b}` : `${b}|${a}`] = rnd.pick(['allied', 'war'] as const);
  }
  return state;
}

export function randomOrders(rnd: Random, ctx: RulesetContext<CnesOptions>, state: CnesState, share = 0.7): OrdersByNation {
  const orders: OrdersByNation = {};
  const names = Object.keys(state.nations);
  for (const n of names) {
    const list: Order[] = [];
    const mine = state.units.filter((u) => u.nation === n);
    const byPlaceAndType = new Map<string, CnesUnit[]>();
    for (const u of mine) byPlaceAndType.set(`${u.province}|${u.type}`, [...(byPlaceAndType.get(`${u.province}|${u.type}`) ?? []), u]);
    for (const group of byPlaceAndType.values()) {
      if (!rnd.chance(share)) continue;
      list.push(unitOrder(rnd, ctx, state, group));
    }
    const owned = Object.keys(state.provinces).filter((p) => state.provinces[p].owner === n);
    for (let k = 0; k < 3 && owned.length; k++) {
      const p = rnd.pick(owned);
      const roll = rnd.int(1, 5);
      if (roll === 1) list.push({ kind: 'buy', province: p, unitKind: rnd.pick(Object.keys(ctx.options.cards)), count: rnd.int(1, 2) });
      if (roll === 2) list.push({ kind: 'improve', province: p, improvement: rnd.pick(['urban', 'industrial', 'port', 'airbase', 'lab']) });
      if (roll === 3) list.push({ kind: 'raze', province: p, what: rnd.pick(['urban', 'industrial', 'forest', 'port', 'airbase']) });
      if (roll === 4) list.push({ kind: 'stop-razing', province: p });
      if (roll === 5) list.push({ kind: rnd.pick(['ally', 'peace', 'war']), nation: rnd.pick(names) });
    }
    orders[n] = list;
  }
  return orders;
}

function unitOrder(rnd: Random, ctx: RulesetContext<CnesOptions>, state: CnesState, group: CnesUnit[]): Order {
  const { map, options } = ctx;
  const [first] = group;
  const card = options.cards[first.type];
  const who = { province: first.province, unitKind: first.type, ...(group.length > 1 && rnd.chance(0.5) && { count: rnd.int(1, group.length) }) };
  if (flies(card)) {
    const reach = [...withinRange(map, first.province, card.move).keys()];
    const roll = rnd.int(1, 3);
    if (roll === 1) return { kind: 'support', ...who, target: rnd.pick(reach) };
    if (roll === 2) return { kind: 'intercept', ...who };
    return { kind: 'rebase', ...who, target: rnd.pick(reach) };
  }
  if (rnd.chance(0.2)) return { kind: rnd.pick(['fortify', 'hold']), ...who };
  const path: string[] = [];
  let at = first.province;
  for (let k = 0; k < Math.max(1, card.move); k++) {
    const next = map
      .neighbours(at, borderType(card))
      .map((p) => p.province)
      .filter((p) => mayStand(map, card, p));
    if (!next.length) break;
    at = rnd.pick(next);
    path.push(at);
    if (map.province(at).features.includes('mountain') || rnd.chance(0.3)) break;
  }
  if (!path.length) return { kind: 'hold', ...who };
  const slots: Record<string, string> = { target: path[path.length - 1] };
  path.slice(0, -1).forEach((p, i) => (slots[`via${i + 1}`] = p));
  return { kind: rnd.chance(0.2) ? 'blitz' : 'move', ...who, ...slots };
}
