// Properties over random turns on generated maps: every coin in a ledger has a source and a sink,
// no unit is in two places or where it cannot stand, the same seed always gives the same turn,
// and the public view holds no private fact (gold, ledgers, forces aboard ships, agreements).
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { combatSystems } from '../../../src/combat/index.ts';
import { Dice, type GameEvent, type OrdersByNation, type RulesetContext } from '../../../src/engine/index.ts';
import { industrial } from '../../../src/rulesets/industrial/index.ts';
import { industrialOptions, type IndustrialOptions } from '../../../src/rulesets/industrial/options.ts';
import { readOrder } from '../../../src/rulesets/industrial/orders.ts';
import type { Ledger } from '../../../src/rulesets/industrial/phases/economy.ts';
import { buildCost } from '../../../src/rulesets/industrial/prices.ts';
import { isShip, type IndustrialState } from '../../../src/rulesets/industrial/state.ts';
import { Random, randomMap, randomOrders, randomState } from './generate.ts';

const TURNS = 5;

function game(seed: number) {
  const rnd = new Random(seed);
  const width = rnd.int(4, 9);
  const height = rnd.int(2, 4);
  const map = randomMap(rnd, width, height);
  const options = industrialOptions.parse({
    incompleteOrders: rnd.pick(['refuse', 'fill']),
    casualties: rnd.pick(['examples', 'additional']),
    navalCombat: rnd.pick(['dice', 'none']),
    firstSeason: rnd.pick(['spring', 'summer', 'autumn', 'winter']),
  });
  const ctx: RulesetContext<IndustrialOptions> = { map, options, combat: combatSystems };
  return { rnd, ctx, state: randomState(rnd, ctx, width, height, rnd.int(2, 4), rnd.int(2, 8)) };
}

function checkLedgers(ctx: RulesetContext<IndustrialOptions>, after: IndustrialState, orders: OrdersByNation, events: GameEvent[]) {
  let paidIn = 0;
  let paidOut = 0;
  for (const e of events.filter((x) => x.type === 'economy.ledger')) {
    const l = e.ledger as Ledger;
    const nation = e.nation!;
    const spent = events
      .filter((x) => x.type === 'order.succeeded' && x.nation === nation && readOrder(orders[nation][x.order!])?.kind === 'build')
      .reduce((s, x) => s + buildCost(ctx.options, String(orders[nation][x.order!].what), Number(orders[nation][x.order!].count ?? 1)), 0);
    expect(l.spent).toBe(spent);
    expect(l.total).toBe(l.start + l.paymentsIn - l.paymentsOut + l.income - l.spent - l.upkeep);
    const rewards = events.filter((x) => x.type === 'missions.completed' && x.nation === nation).reduce((s, x) => s + Number(x.reward), 0);
    expect(after.nations[nation].gold).toBe(l.total + rewards);
    expect(l.total).toBeGreaterThanOrEqual(0);
    paidIn += l.paymentsIn;
    paidOut += l.paymentsOut;
  }
  expect(paidIn).toBe(paidOut);
}

function checkBoard(ctx: RulesetContext<IndustrialOptions>, state: IndustrialState) {
  const ids = new Set<string>();
  const byId = new Map(state.units.map((u) => [u.id, u]));
  for (const u of state.units) {
    expect(ids.has(u.id), `unit ${u.id} twice`).toBe(false);
    ids.add(u.id);
    const kind = ctx.map.province(u.province).kind;
    if (isShip(u.type)) expect(kind).not.toBe('land');
    else if (u.aboard) {
      const ship = byId.get(u.aboard);
      expect(ship, `${u.id} aboard a ship that is gone`).toBeDefined();
      expect(ship!.province).toBe(u.province);
    } else expect(kind, `${u.id} (${u.type}) ashore at sea`).not.toBe('sea');
  }
}

function checkSecrets(ctx: RulesetContext<IndustrialOptions>, state: IndustrialState, events: GameEvent[]) {
  const text = JSON.stringify(industrial.publicView(ctx, state, events));
  expect(text).not.toContain('"gold"');
  expect(text).not.toContain('economy.ledger');
  expect(text).not.toContain('secret pact');
  expect(text).not.toContain('"aboard"');
  for (const agreement of state.extra.agreements) {
    for (const nation of Object.keys(state.nations).filter((n) => !agreement.parties.includes(n))) {
      expect(JSON.stringify(industrial.privateView(ctx, state, events, nation))).not.toContain(agreement.text);
    }
  }
}

describe('industrial random turns', () => {
  it('conserve gold, keep every unit in one place, hide private facts, and replay from the seed', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 2 ** 31 - 1 }), (seed) => {
        const start = game(seed);
        const { rnd, ctx } = start;
        let { state } = start;
        for (let t = 0; t < TURNS; t++) {
          const orders = randomOrders(rnd, ctx, state, 6);
          const result = industrial.adjudicate(ctx, state, orders, Dice.seeded(`${seed}/${t}`));
          const again = industrial.adjudicate(ctx, state, orders, Dice.seeded(`${seed}/${t}`));
          expect(again).toEqual(result);
          checkLedgers(ctx, result.state, orders, result.events);
          checkBoard(ctx, result.state);
          checkSecrets(ctx, result.state, result.events);
          // every order has exactly one result
          for (const [nation, list] of Object.entries(orders)) {
            const results = result.events.filter((e) => (e.type === 'order.succeeded' || e.type === 'order.failed') && e.nation === nation);
            expect(results.map((e) => e.order).sort((a, b) => Number(a) - Number(b))).toEqual(list.map((_, i) => i));
          }
          state = result.state;
        }
      }),
      { numRuns: 40 },
    );
  });
});
