// Properties over random CNES turns on generated maps: every $ has a source and a sink, no unit is
// in two places or where it cannot stand, no two unallied armies share a province once the turn is
// done, the same seed gives the same turn, and the public update holds no private fact.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { Dice, type GameEvent, type OrdersByNation } from '../../../src/engine/index.ts';
import { flies } from '../../../src/combat/cnes-heat/index.ts';
import { cnes } from '../../../src/rulesets/cnes/index.ts';
import { cnesReport } from '../../../src/rulesets/cnes/report.ts';
import { incomes, priceOf } from '../../../src/rulesets/cnes/economy.ts';
import { readOrder } from '../../../src/rulesets/cnes/orders.ts';
import { friendly, type CnesState } from '../../../src/rulesets/cnes/state.ts';
import type { Ledger } from '../../../src/rulesets/cnes/turn.ts';
import { mayStand } from '../../../src/rulesets/cnes/units.ts';
import { Random, randomMap, randomOrders, randomState } from './generate.ts';
import { context } from './support.ts';

function game(seed: number) {
  const rnd = new Random(seed);
  const ctx = context(randomMap(rnd, rnd.int(3, 7), rnd.int(2, 4)));
  const state = randomState(rnd, ctx, rnd.int(2, 4), rnd.int(2, 8));
  return { rnd, ctx, state };
}

type Ctx = ReturnType<typeof context>;

/** $ an accepted order costs, from the rules' prices, not from the ruleset's own bookkeeping. */
function costOf(ctx: Ctx, orders: OrdersByNation, e: GameEvent): number {
  const o = readOrder(orders[e.nation!][e.order!])!;
  if (o.kind === 'buy') return ctx.options.cards[o.unitKind!]!.cost * Number(o.count ?? 1);
  if (o.kind === 'improve') return priceOf(o.improvement!, ctx.options);
  if (o.kind === 'stop-razing') return ctx.options.prices.stopRazing;
  return 0;
}

function checkTurn(ctx: Ctx, before: CnesState, orders: OrdersByNation, after: CnesState, events: GameEvent[]) {
  const earned = incomes(ctx.map, { ...after, turn: before.turn }, ctx.options);
  for (const nation of Object.keys(before.nations)) {
    const ledger = events.find((e) => e.type === 'ledger' && e.nation === nation)!.ledger as Ledger;
    const spent = events.filter((e) => e.type === 'order.succeeded' && e.nation === nation).reduce((sum, e) => sum + costOf(ctx, orders, e), 0);
    expect(ledger.start).toBe(before.nations[nation].gold);
    expect(ledger.spent).toBe(spent);
    expect(ledger.income).toBe(earned.get(nation));
    expect(after.nations[nation].gold).toBe(ledger.start - ledger.spent + ledger.income);
    // Nothing is bought on credit.
    expect(ledger.spent).toBeLessThanOrEqual(ledger.start);
  }
  const ids = new Set<string>();
  for (const u of after.units) {
    expect(ids.has(u.id), `unit ${u.id} twice`).toBe(false);
    ids.add(u.id);
    const card = ctx.options.cards[u.type];
    if (!flies(card)) expect(mayStand(ctx.map, card, u.province), `${u.id} (${u.type}) in ${u.province}`).toBe(true);
  }
  for (const province of new Set(after.units.map((u) => u.province))) {
    const nations = [...new Set(after.units.filter((u) => u.province === province && !flies(ctx.options.cards[u.type])).map((u) => u.nation))];
    for (const a of nations) for (const b of nations) expect(friendly(after, a, b), `${a} and ${b} in ${province}`).toBe(true);
  }
}

function checkSecrets(ctx: Ctx, after: CnesState, events: GameEvent[]) {
  const pub = cnes.publicView(ctx, after, events);
  const text = JSON.stringify(pub);
  expect(text).not.toContain('"gold"');
  expect(
    pub.events.filter((e) =>
      ['ledger', 'battle.heats', 'order.succeeded', 'order.failed', 'unit.bought', 'razing.started', 'razing.stopped', 'move.halted'].includes(e.type),
    ),
  ).toEqual([]);
  for (const p of Object.values(pub.provinces)) expect(p.razing).toBeUndefined();
  // The update's words: battles without their dice, and no $ anywhere.
  const battles = cnesReport.battles(ctx, pub.events);
  expect(battles.flatMap((b) => b.dice)).toEqual([]);
  const words = JSON.stringify([battles, cnesReport.publicNews(ctx, pub), cnesReport.updateTable(ctx, pub), cnesReport.turnMarks(ctx, pub)]);
  expect(words).not.toContain('$');
}

describe('cnes properties', () => {
  it('conserves $, keeps units in one place, settles every battle, and replays from its seed', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 2 ** 31 - 1 }), (seed) => {
        const { rnd, ctx, state } = game(seed);
        let current = state;
        for (let t = 0; t < 4; t++) {
          const orders = randomOrders(rnd, ctx, current);
          const result = cnes.adjudicate(ctx, current, orders, Dice.seeded(`p${seed}-${t}`));
          checkTurn(ctx, current, orders, result.state, result.events);
          checkSecrets(ctx, result.state, result.events);
          const again = cnes.adjudicate(ctx, current, orders, Dice.seeded(`p${seed}-${t}`));
          expect(again).toEqual(result);
          current = result.state;
        }
      }),
      { numRuns: 60 },
    );
  });
});
