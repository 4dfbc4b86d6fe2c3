// validate(): is one order legal now, given the nation's orders accepted ahead of it? The same
// checks adjudication applies, so an order accepted by mail is judged the same way at the deadline.
import { accepted as ok, illegal, type Order, type RulesetContext, type Verdict } from '../../engine/index.ts';
import { checkAdjustment } from './adjustments.ts';
import { makeBoard, text } from './board.ts';
import { warfareMap } from './map-index.ts';
import { checkMovement } from './movement-check.ts';
import type { WarfareOptions } from './options.ts';
import { mightOf } from './ownership.ts';
import { checkRetreat } from './retreats.ts';
import { dislodgedOf, type WarfareState } from './state.ts';

export function validate(ctx: RulesetContext<WarfareOptions>, state: WarfareState, nation: string, order: Order, accepted: readonly Order[]): Verdict {
  if (!state.nations[nation]) return illegal('NO_SUCH_NATION', `${nation} is not a kingdom of this game.`);
  const map = warfareMap(ctx.map);
  if (state.phase === 'adjustments') {
    const due = mightOf(map, state).get(nation)?.adjustment ?? 0;
    const verdict = checkAdjustment(map, ctx.options, state, nation, due, order, accepted);
    return 'ok' in verdict ? verdict : ok;
  }
  const verdict =
    state.phase === 'retreats'
      ? checkRetreat({ map, options: ctx.options, dislodged: dislodgedOf(state) }, nation, order)
      : checkMovement(makeBoard(map, state.units, ctx.options), nation, order);
  if ('ok' in verdict) return verdict;
  if (accepted.some((a) => text(a.province) === text(order.province))) {
    return illegal('ALREADY_ORDERED', 'That unit already has an order this turn; only its first order counts.');
  }
  return ok;
}
