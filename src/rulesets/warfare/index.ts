// Warfare (docs/rules/sources/warfare-rules.md): the Diplomacy family, judged to the DATC 3.0 with
// Kruijswijk's resolver. Phases: Spring orders, (retreats), Fall orders, (retreats), adjustments.
// Rulings where the seed is silent are in docs/rules/warfare.md.
import { defineRuleset, type OrdersByNation, type RulesetContext } from '../../engine/index.ts';
import { adjudicateAdjustments } from './adjustments.ts';
import { advance } from './flow.ts';
import { warfareMap } from './map-index.ts';
import { adjudicateMovement } from './movement.ts';
import { warfareOptions, type WarfareOptions } from './options.ts';
import { language, orderSubject } from './language.ts';
import { describeOrder, formatOrder, orderKinds } from './order-kinds.ts';
import type { PhaseResult } from './order-results.ts';
import { adjudicateRetreats } from './retreats.ts';
import { setup } from './setup.ts';
import type { WarfareState } from './state.ts';
import { validate } from './validate.ts';
import { warfareReport } from './report.ts';
import { privateView, publicView } from './views.ts';
import { placeName } from './words.ts';

function adjudicate(ctx: RulesetContext<WarfareOptions>, state: WarfareState, orders: OrdersByNation) {
  let result: PhaseResult;
  if (state.phase === 'adjustments') result = adjudicateAdjustments(ctx, state, orders);
  else {
    result = state.phase === 'retreats' ? adjudicateRetreats(ctx, state, orders) : adjudicateMovement(ctx, state, orders);
    advance(warfareMap(ctx.map), ctx.options, result.state, result.results.events);
  }
  const { events } = result.results;
  if (ctx.options.revealOrders) events.push(result.results.revealed());
  return { state: result.state, events };
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
      const p = typeof id === 'string' ? map.number(id) : undefined;
      return p === undefined ? String(id ?? '?') : placeName(map, p, typeof coast === 'string' ? coast : undefined);
    });
  },
  publicView,
  privateView,
  report: warfareReport,
  // Docs/rules/warfare.md: the seed names no victory; Diplomacy's is more than half the supply centres.
  standing: {
    counts: 'supply centre',
    score: (n) => Number(n.supplyCenters ?? 0),
    eliminated: (n) => n.units === 0 && !n.supplyCenters,
    defaultTarget: (ctx) => Math.floor(warfareMap(ctx.map).supplyCenters.length / 2) + 1,
  },
});
