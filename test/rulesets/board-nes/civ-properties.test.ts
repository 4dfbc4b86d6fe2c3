// Random legal turns of games fought with civ-advanced: units of every era and class (aircraft
// too), standing battle plans, battles of several nations in pairs.
// The board stays sound: every order gets one result, no land province holds two nations'
// armies, armies stand only in their own or white provinces, and a seed always gives the same turn.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { Dice, type Order, type OrdersByNation } from '../../../src/engine/index.ts';
import { boardNes } from '../../../src/rulesets/board-nes/index.ts';
import type { BoardNesState } from '../../../src/rulesets/board-nes/state.ts';
import { Random, randomMap, randomOrders, randomState } from './generate.ts';
import { context } from './support.ts';

const ARMY_KINDS = ['swordsmen', 'chariots', 'catapults', 'knights', 'tanks', 'machinegunners', 'biplanes', 'monoplanes'];
const PLAN_ENTRIES = ['swordsmen', 'tanks', 'infantry', 'cavalry', 'artillery', 'knight'];

function game(seed: number) {
  const rnd = new Random(seed);
  const map = randomMap(rnd, rnd.int(4, 14), rnd.int(1, 4));
  const ctx = context(map, { combat: 'civ-advanced', era: rnd.int(1, 4) });
  const state = randomState(rnd, map, rnd.int(2, 4), rnd.int(1, 6));
  // Some units keep no kind (they fight as the default ones); the others get any army kind.
  for (const unit of state.units) if (unit.type === 'army' && rnd.chance(0.7)) unit.unitKind = rnd.pick(ARMY_KINDS);
  return { rnd, ctx, state };
}

function withPlans(rnd: Random, state: BoardNesState, orders: OrdersByNation): OrdersByNation {
  const list = () => Array.from({ length: rnd.int(1, 3) }, () => rnd.pick(PLAN_ENTRIES));
  const plans: OrdersByNation = {};
  for (const nation of Object.keys(state.nations)) {
    const plan: Order = {
      kind: 'battle-plan',
      ...(rnd.chance(0.5) && { wave: list() }),
      ...(rnd.chance(0.3) && { aircraftSupport: rnd.pick(['infantry', 'cavalry']) }),
      ...(rnd.chance(0.5) && { casualties: list() }),
    };
    plans[nation] = rnd.chance(0.4) ? [plan, ...(orders[nation] ?? [])] : (orders[nation] ?? []);
  }
  return plans;
}

function checkBoard(ctx: ReturnType<typeof context>, state: BoardNesState): void {
  const ids = new Set<string>();
  const armiesIn = new Map<string, Set<string>>();
  for (const unit of state.units) {
    expect(ids.has(unit.id)).toBe(false);
    ids.add(unit.id);
    if (unit.type === 'army' && ctx.map.province(unit.province).kind !== 'sea') {
      armiesIn.set(unit.province, (armiesIn.get(unit.province) ?? new Set()).add(unit.nation));
    }
  }
  for (const [province, nations] of armiesIn) {
    expect(nations.size, `armies of ${[...nations]} share ${province}`).toBe(1);
    const owner = state.provinces[province]?.owner;
    expect(owner === null || owner === undefined || nations.has(owner), `armies of ${[...nations]} stand in ${owner}'s ${province}`).toBe(true);
  }
}

describe('board NES with civ-advanced, properties', () => {
  it('keeps the board sound over chained random turns', () => {
    let battles = 0;
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 2 ** 31 - 1 }), (seed) => {
        const { rnd, ctx, state: start } = game(seed);
        let state = start;
        for (let t = 0; t < 5; t++) {
          const orders = withPlans(rnd, state, randomOrders(rnd, ctx, state, 12));
          const before = structuredClone(state);
          const { state: after, events } = boardNes.adjudicate(ctx, state, orders, Dice.seeded(`${seed}/${t}`));
          expect(state).toEqual(before);
          for (const [nation, list] of Object.entries(orders)) {
            const results = events.filter((e) => (e.type === 'order.succeeded' || e.type === 'order.failed') && e.nation === nation);
            expect(results.map((e) => e.order).sort((a, b) => Number(a) - Number(b))).toEqual(list.map((_, i) => i));
          }
          battles += events.filter((e) => e.type === 'battle.fought').length;
          checkBoard(ctx, after);
          state = after;
        }
      }),
      { numRuns: 200 },
    );
    // The random games must actually fight.
    expect(battles).toBeGreaterThan(100);
  });

  it('gives the same turn for the same seed', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 2 ** 31 - 1 }), fc.string(), (seed, diceSeed) => {
        const { rnd, ctx, state } = game(seed);
        const orders = withPlans(rnd, state, randomOrders(rnd, ctx, state, 12));
        const first = boardNes.adjudicate(ctx, state, orders, Dice.seeded(diceSeed));
        const second = boardNes.adjudicate(ctx, structuredClone(state), structuredClone(orders), Dice.seeded(diceSeed));
        expect(second).toEqual(first);
      }),
      { numRuns: 100 },
    );
  });
});
