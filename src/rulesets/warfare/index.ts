// Warfare (docs/rules/sources/warfare-rules.md): the Diplomacy family, judged to the DATC 3.0 with
// Kruijswijk's resolver. Phases: Spring orders, (retreats), Fall orders, (retreats), adjustments.
// Rulings where the seed is silent are in docs/rules/warfare.md.
import { defineRuleset, type GameEvent, type Order, type OrdersByNation, type RulesetContext } from '../../engine/index.ts';
import { adjudicateAdjustments } from './adjustments.ts';
import { advance } from './flow.ts';
import { warfareMap } from './map-index.ts';
import { adjudicateMovement } from './movement.ts';
import { warfareOptions, type WarfareOptions } from './options.ts';
import { language, orderSubject } from './language.ts';
import { describeOrder, formatOrder, orderKinds } from './order-kinds.ts';
import { adjudicateRetreats } from './retreats.ts';
import { setup } from './setup.ts';
import type { WarfareState } from './state.ts';
import { validate } from './validate.ts';
import { warfareReport } from './report.ts';
import { privateView, publicView } from './views.ts';
import { placeName } from './words.ts';

function adjudicate(ctx: RulesetContext<WarfareOptions>, state: WarfareState, orders: OrdersByNation) {
  let result: { state: WarfareState; events: GameEvent[] };
  if (state.phase === 'adjustments') result = adjudicateAdjustments(ctx, state, orders);
  else {
    result = state.phase === 'retreats' ? adjudicateRetreats(ctx, state, orders) : adjudicateMovement(ctx, state, orders);
    advance(warfareMap(ctx.map), ctx.options, result.state, result.events);
  }
  if (ctx.options.revealOrders) result.events.push(revealed(orders, result.events));
  return result;
}

/**
 * Every order as written, with its result: Diplomacy publishes them all after the deadline. The
 * order is kept as given, not as text: the report words it from there (report.ts).
 */
function revealed(orders: OrdersByNation, events: readonly GameEvent[]): GameEvent {
  // Each nation's orders take a run of `results`, from its start: one flat array, no per-nation
  // lists. A nation is found by its place among the few that gave orders, without a map to build.
  const nations = Object.keys(orders);
  const lists = Object.values(orders);
  const starts: number[] = new Array(nations.length);
  let total = 0;
  for (let k = 0; k < lists.length; k++) {
    starts[k] = total;
    total += lists[k].length;
  }
  const results: Array<GameEvent | undefined> = new Array(total);
  // Results come grouped by nation: the last nation's place is kept at hand.
  let last: unknown;
  let at = -1;
  for (const e of events) {
    if (e.type !== 'order.succeeded' && e.type !== 'order.failed') continue;
    if (e.nation !== last) at = nations.indexOf((last = e.nation) as string);
    // Only the nation's own orders are revealed; a result for an index it did not give is nobody's.
    if (at >= 0 && (e.order as number) < lists[at].length) results[starts[at] + (e.order as number)] = e;
  }
  const list: Array<{ nation: string; given: Order; ok: boolean; reason?: string }> = new Array(total);
  for (let k = 0, i = 0; k < lists.length; k++) {
    const nation = nations[k];
    const given = lists[k];
    for (let index = 0; index < given.length; index++, i++) {
      const r = results[i];
      // One object literal per order, no spread: a big turn reveals tens of thousands of them.
      list[i] = r?.reason ? { nation, given: given[index], ok: false, reason: r.reason } : { nation, given: given[index], ok: r?.type === 'order.succeeded' };
    }
  }
  return { type: 'orders.revealed', orders: list, audience: 'public' };
}

export const warfare = defineRuleset<WarfareState, WarfareOptions>({
  id: 'warfare',
  title: 'Warfare (Diplomacy family, DATC 3.0)',
  orderKinds,
  language,
  orderSubject,
  options: warfareOptions,
  setup,
  validate,
  adjudicate: (ctx, state, orders) => adjudicate(ctx, state, orders),
  formatOrder,
  describeOrder: (ctx, order) => {
    const map = warfareMap(ctx.map);
    return describeOrder(order, (id, coast) => {
      const p = typeof id === 'string' ? map.index.get(id) : undefined;
      return p === undefined ? String(id ?? '?') : placeName(map, p, typeof coast === 'string' ? coast : undefined);
    });
  },
  publicView,
  privateView,
  report: warfareReport,
});
