// Validation walks a nation's orders in turn, each checked given the orders accepted ahead of it,
// and the list of those grows by one order at a time. Checking the whole list again for every
// order makes a long list quadratic (2,000 lines of an email, a big turn's standing orders): the
// checker that has counted a list is kept with it, and the next call counts only what was added.
import type { Order, RulesetContext } from '../../engine/index.ts';
import type { BoardNesOptions } from './options.ts';
import { OrderChecker } from './order-check.ts';
import type { BoardNesState } from './state.ts';

interface Counted {
  ctx: RulesetContext<BoardNesOptions>;
  state: BoardNesState;
  nation: string;
  /** The orders counted, as they were: the list is only trusted while its first ones are these. */
  orders: Order[];
  checker: OrderChecker;
}

const counted = new WeakMap<readonly Order[], Counted>();

/** A checker that has counted `ahead`, for one more order to be checked with (and then dropped). */
export function checkerAfter(ctx: RulesetContext<BoardNesOptions>, state: BoardNesState, nation: string, ahead: readonly Order[]): OrderChecker {
  let kept = counted.get(ahead);
  if (!kept || kept.ctx !== ctx || kept.state !== state || kept.nation !== nation || !startsWith(ahead, kept.orders)) {
    kept = { ctx, state, nation, orders: [], checker: new OrderChecker(ctx, state, nation) };
    counted.set(ahead, kept);
  }
  for (let i = kept.orders.length; i < ahead.length; i++) {
    kept.checker.check(ahead[i]);
    kept.orders.push(ahead[i]);
  }
  return kept.checker.copy();
}

function startsWith(list: readonly Order[], first: readonly Order[]): boolean {
  if (first.length > list.length) return false;
  for (let i = 0; i < first.length; i++) if (list[i] !== first[i]) return false;
  return true;
}
