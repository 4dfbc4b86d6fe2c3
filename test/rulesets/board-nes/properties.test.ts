// Properties over thousands of random legal turns on generated maps: every coin in the ledger has
// a source and a sink, no unit is in two places, no land province holds two nations' armies, and
// the same seed always gives the same turn.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { Dice, type GameEvent, type Order, type OrdersByNation } from '../../../src/engine/index.ts';
import { boardNes } from '../../../src/rulesets/board-nes/index.ts';
import { readOrder } from '../../../src/rulesets/board-nes/orders.ts';
import { costOf } from '../../../src/rulesets/board-nes/prices.ts';
import { taxIncomes } from '../../../src/rulesets/board-nes/phases/income.ts';
import type { BoardNesState } from '../../../src/rulesets/board-nes/state.ts';
import type { Ledger } from '../../../src/rulesets/board-nes/turn.ts';
import { Random, randomMap, randomOrder, randomOrders, randomState } from './generate.ts';
import { context } from './support.ts';

const TURNS_PER_GAME = 6;

function game(seed: number) {
  const rnd = new Random(seed);
  const map = randomMap(rnd, rnd.int(4, 14), rnd.int(1, 4));
  const ctx = context(map);
  const state = randomState(rnd, map, rnd.int(2, 4), rnd.int(1, 6));
  return { rnd, ctx, state };
}

function checkLedgers(ctx: ReturnType<typeof context>, before: BoardNesState, after: BoardNesState, orders: OrdersByNation, events: GameEvent[]) {
  const { options } = ctx;
  const ledgers = new Map(events.filter((e) => e.type === 'ledger').map((e) => [e.nation!, e.ledger as Ledger]));
  const taxes = taxIncomes(after, ctx.map, options);
  let stolenGold = 0;
  let lostCaravans = 0;
  for (const nation of Object.keys(before.nations)) {
    const l = ledgers.get(nation)!;
    const spent = events
      .filter((e) => e.type === 'order.succeeded' && e.nation === nation)
      .reduce((sum, e) => sum + costOf(readOrder(orders[nation][e.order!])!, options), 0);
    const returned = events.find((e) => e.type === 'caravans.returned' && e.nation === nation);
    expect(l.start).toBe(before.nations[nation].gold);
    expect(l.spent).toBe(spent);
    expect(l.tax).toBe(taxes.get(nation));
    expect(l.upkeep).toBe(after.units.filter((u) => u.nation === nation).length * options.upkeep);
    expect(l.caravans).toBe(Number(returned?.returned ?? 0) * options.caravanReturn);
    expect(l.debtCleared).toBeGreaterThanOrEqual(0);
    expect(l.debtCleared).toBeLessThanOrEqual(Math.max(0, -l.start));
    expect(l.total).toBe(l.start + l.debtCleared - l.spent + l.tax + l.caravans + l.theft - l.upkeep);
    expect(after.nations[nation].gold).toBe(l.total);
    // Nothing is bought on credit.
    expect(l.start + l.debtCleared - l.spent).toBeGreaterThanOrEqual(Math.min(0, l.start + l.debtCleared));
    stolenGold += l.theft;
    lostCaravans += returned ? Number(returned.sent) - Number(returned.returned) : 0;
  }
  // Every coin a thief gains is a caravan some sender lost.
  expect(stolenGold).toBe(lostCaravans * options.stolenCaravanValue);
}

function checkBoard(ctx: ReturnType<typeof context>, state: BoardNesState) {
  const ids = new Set<string>();
  const fleets = new Map(state.units.filter((u) => u.type === 'fleet').map((f) => [f.id, f]));
  const cargo = new Map<string, number>();
  const armiesIn = new Map<string, Set<string>>();
  for (const u of state.units) {
    expect(ids.has(u.id)).toBe(false);
    ids.add(u.id);
    const kind = ctx.map.province(u.province).kind;
    if (u.type === 'fleet') expect(kind).toBe('sea');
    else if (kind === 'sea') {
      const fleet = fleets.get(u.aboard!);
      expect(fleet).toMatchObject({ nation: u.nation, province: u.province });
      cargo.set(u.aboard!, (cargo.get(u.aboard!) ?? 0) + 1);
    } else {
      expect(u.aboard).toBeUndefined();
      armiesIn.set(u.province, (armiesIn.get(u.province) ?? new Set()).add(u.nation));
    }
  }
  for (const n of cargo.values()) expect(n).toBeLessThanOrEqual(ctx.options.fleetCapacity);
  for (const [province, nations] of armiesIn) {
    expect(nations.size, `armies of ${[...nations]} share ${province}`).toBe(1);
    const owner = state.provinces[province]?.owner;
    expect(owner === null || owner === undefined || nations.has(owner), `armies of ${[...nations]} stand in ${owner}'s ${province}`).toBe(true);
  }
}

describe('board NES properties', () => {
  it('conserves gold, keeps units in one place and one nation per land province, over chained random turns', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 2 ** 31 - 1 }), (seed) => {
        const { rnd, ctx, state: start } = game(seed);
        let state = start;
        for (let t = 0; t < TURNS_PER_GAME; t++) {
          const orders = randomOrders(rnd, ctx, state, 12);
          const before = structuredClone(state);
          const { state: after, events } = boardNes.adjudicate(ctx, state, orders, Dice.seeded(`${seed}/${t}`));
          expect(state).toEqual(before);
          checkLedgers(ctx, before, after, orders, events);
          checkBoard(ctx, after);
          state = after;
        }
      }),
      { numRuns: 400 },
    );
  });

  it('checks an order the same whether the orders ahead of it are a list grown in place or a new one', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 2 ** 31 - 1 }), (seed) => {
        const { rnd, ctx, state } = game(seed);
        for (const nation of Object.keys(state.nations)) {
          const mine = state.units.filter((u) => u.nation === nation);
          const grown: Order[] = [];
          for (let i = 0; i < 30; i++) {
            const order = randomOrder(rnd, ctx.map, state, nation, mine);
            const verdict = boardNes.validate(ctx, state, nation, order, grown);
            expect(verdict).toEqual(boardNes.validate(ctx, state, nation, order, [...grown]));
            if (verdict.ok) grown.push(order);
          }
        }
      }),
      { numRuns: 300 },
    );
  });

  it('gives the same turn for the same seed', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 2 ** 31 - 1 }), fc.string(), (seed, diceSeed) => {
        const { rnd, ctx, state } = game(seed);
        const orders = randomOrders(rnd, ctx, state, 12);
        const first = boardNes.adjudicate(ctx, state, orders, Dice.seeded(diceSeed));
        const second = boardNes.adjudicate(ctx, structuredClone(state), structuredClone(orders), Dice.seeded(diceSeed));
        expect(second).toEqual(first);
      }),
      { numRuns: 300 },
    );
  });
});
