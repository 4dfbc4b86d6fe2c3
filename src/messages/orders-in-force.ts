// The resubmission rules (docs/mail.md): a new email replaces the nation's orders for the units
// and provinces it names, or all of them with REPLACE ALL; between two emails the later Date: wins.
import type { AnyRuleset, GameState, Order, RulesetContext } from '../engine/index.ts';
import type { OrderSource } from '../store/stored-orders.ts';

export type { OrderSource } from '../store/stored-orders.ts';

export interface NationOrders {
  orders: Order[];
  /** One per order, same positions. */
  sources: OrderSource[];
}

export interface Incoming {
  orders: Order[];
  sources: OrderSource[];
  /** REPLACE ALL: drop every order older than this email, not just those it names. */
  replaceAll: boolean;
  date: string;
}

export interface MergeResult {
  next: NationOrders;
  /** Incoming orders kept out because a newer email already gave orders about the same thing. */
  outdated: Array<{ order: Order; source: OrderSource; newer: OrderSource }>;
}

/** `subject` is the ruleset's orderSubject: what each order is about. */
export function mergeOrders(subject: (order: Order) => string, current: NationOrders, incoming: Incoming): MergeResult {
  const keys = new Set(incoming.orders.map(subject));
  const newerByKey = new Map<string, OrderSource>();
  const keptOrders: Order[] = [];
  const keptSources: OrderSource[] = [];
  current.orders.forEach((order, i) => {
    const source = current.sources[i];
    const key = subject(order);
    const named = incoming.replaceAll || keys.has(key);
    if (named && source.date > incoming.date) newerByKey.set(key, source);
    if (!named || source.date > incoming.date) {
      keptOrders.push(order);
      keptSources.push(source);
    }
  });
  const outdated: MergeResult['outdated'] = [];
  incoming.orders.forEach((order, i) => {
    const newer = newerByKey.get(subject(order));
    if (newer) outdated.push({ order, source: incoming.sources[i], newer });
    else {
      keptOrders.push(order);
      keptSources.push(incoming.sources[i]);
    }
  });
  return { next: { orders: keptOrders, sources: keptSources }, outdated };
}

export interface Rejection {
  order: Order;
  source: OrderSource;
  code: string;
  message: string;
}

/** Checks the list in order with the ruleset, each given those accepted ahead of it; illegal ones leave the list. */
export function validateAll(
  ruleset: AnyRuleset,
  ctx: RulesetContext,
  state: GameState,
  nation: string,
  list: NationOrders,
): { next: NationOrders; rejected: Rejection[] } {
  const next: NationOrders = { orders: [], sources: [] };
  const rejected: Rejection[] = [];
  list.orders.forEach((order, i) => {
    let verdict: ReturnType<AnyRuleset['validate']>;
    try {
      verdict = ruleset.validate(ctx, state, nation, order, next.orders);
    } catch (e) {
      // A ruleset that cannot check an order must not let it through, nor stop the other orders.
      verdict = { ok: false, code: 'CANNOT_CHECK', message: `This order could not be checked (${(e as Error).message}).` };
    }
    if (verdict.ok) {
      next.orders.push(order);
      next.sources.push(list.sources[i]);
    } else rejected.push({ order, source: list.sources[i], code: verdict.code, message: verdict.message });
  });
  return { next, rejected };
}
