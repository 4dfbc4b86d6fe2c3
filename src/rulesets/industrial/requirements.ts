// "The requirements listed for a phase must be satisfied by the given orders before the turn is
// resolved. Orders may not be submitted unless they ensure that all requirements of all phases
// are satisfied." What a nation's orders still leave unmet, in the phases' order, each said as
// what to send; and the defaults applied when a nation's orders stand refused (ruling R1).
import type { Order, RulesetContext } from '../../engine/index.ts';
import type { IndustrialOptions } from './options.ts';
import { readOrder, type IndustrialOrder } from './orders.ts';
import { buildCost } from './prices.ts';
import { incomes } from './phases/economy.ts';
import { REBELS, controllerOf, extraOf, isAbandoned, type IndustrialState, type UnitType } from './state.ts';
import { seasonOf } from './seasons.ts';

export interface Missing {
  code: 'UNDEPLOYED' | 'NO_CAPITAL' | 'UPKEEP_UNPAID' | 'PAYMENT_UNDECIDED';
  message: string;
}

// Every nation's requirements read the same incomes of the same state: worked out once.
const incomeCache = new WeakMap<IndustrialState, Map<string, number>>();
function incomesOf(ctx: RulesetContext<IndustrialOptions>, state: IndustrialState): Map<string, number> {
  let found = incomeCache.get(state);
  if (!found) incomeCache.set(state, (found = incomes({ state, map: ctx.map, options: ctx.options })));
  return found;
}

export function missingRequirements(ctx: RulesetContext<IndustrialOptions>, state: IndustrialState, nation: string, raw: readonly Order[]): Missing[] {
  const me = state.nations[nation];
  if (!me || nation === REBELS) return [];
  const orders = raw.map(readOrder).filter((o): o is IndustrialOrder => o !== null);
  const out: Missing[] = [];
  // New game: "Must deploy all starting resources".
  for (const [type, count] of Object.entries(me.undeployed ?? {}) as Array<[UnitType, number]>) {
    const deployed = orders.filter((o) => o.kind === 'deploy' && o.unitType === type).reduce((n, o) => n + ((o as { count?: number }).count ?? 1), 0);
    if (deployed < count) out.push({ code: 'UNDEPLOYED', message: `deploy ${count - deployed} more ${type} (every starting resource must be deployed)` });
  }
  // Administration: "If no Capital controlled, must establish provisional capital".
  const capitalHeld = me.capital && controllerOf(state, me.capital) === nation;
  if (!capitalHeld && !orders.some((o) => o.kind === 'provisional-capital'))
    out.push({ code: 'NO_CAPITAL', message: 'establish a provisional capital (you control no capital)' });
  // Economy: "If outgoing payments are scheduled, they must be authorized or canceled".
  for (const p of extraOf(state).payments.filter((x) => x.from === nation)) {
    if (!orders.some((o) => (o.kind === 'authorize-payment' || o.kind === 'cancel-payment') && o.payment === p.id))
      out.push({ code: 'PAYMENT_UNDECIDED', message: `authorize or cancel payment ${p.id} (${p.amount} to ${state.nations[p.to]?.name ?? p.to})` });
  }
  // Economy: "If Winter, must pay upkeep for all units".
  if (seasonOf(ctx.options, state.turn).season === 'winter') {
    const income = incomesOf(ctx, state).get(nation) ?? 0;
    const spent = orders
      .filter((o) => o.kind === 'build')
      .reduce((s, o) => s + buildCost(ctx.options, (o as { what: string }).what, (o as { count?: number }).count ?? 1), 0);
    const paid = orders
      .filter((o) => o.kind === 'authorize-payment')
      .reduce((s, o) => s + (extraOf(state).payments.find((p) => p.id === (o as { payment: string }).payment)?.amount ?? 0), 0);
    const disbanded = new Set(
      orders
        .filter((o) => o.kind === 'disband')
        .flatMap((o) =>
          state.units
            .filter(
              (u) =>
                u.nation === nation &&
                u.province === (o as { province: string }).province &&
                (!(o as { unitType?: string }).unitType || u.type === (o as { unitType?: string }).unitType),
            )
            .slice(0, (o as { count?: number }).count ?? Infinity)
            .map((u) => u.id),
        ),
    );
    const upkeep = state.units
      .filter((u) => u.nation === nation && !isAbandoned(u) && !disbanded.has(u.id))
      .reduce((s, u) => s + ctx.options.upkeep[u.type], 0);
    const left = me.gold + income - spent - paid;
    if (upkeep > left) out.push({ code: 'UPKEEP_UNPAID', message: `winter upkeep is ${upkeep} but you will have ${left}: disband units or build less` });
  }
  return out;
}

/** What the rules do, for each requirement left unmet at adjudication (ruling R1). */
const DEFAULTS: Record<Missing['code'], string> = {
  UNDEPLOYED: 'the starting resources left undeployed were placed in your capital',
  NO_CAPITAL: 'the first province you hold became your provisional capital',
  UPKEEP_UNPAID: 'the upkeep your treasury could not pay was met by disbanding units, newest first',
  PAYMENT_UNDECIDED: 'an undecided payment was not paid this turn (it stays scheduled)',
};

/**
 * The nation's report (and so the GM's summary) on requirements left unmet at adjudication: what
 * was missing and which defaults were applied, whether it sent no orders, had them refused, or had
 * the gap filled (option `incompleteOrders: fill`).
 */
export function unmetReport(missing: readonly Missing[], how: 'no-orders' | 'refused' | 'filled'): string {
  const what = missing.map((m) => m.message).join('; ');
  const defaults = [...new Set(missing.map((m) => DEFAULTS[m.code]))].join('; ');
  const opening =
    how === 'no-orders'
      ? `You sent no orders while requirements stood unmet: ${what}.`
      : how === 'refused'
        ? missingSentence(missing)
        : `Your orders left requirements unmet: ${what}.`;
  return `${opening} The rules' defaults were applied: ${defaults}.`;
}

/** The sentence a refused set of orders gets, and a confirmation could show: what is still missing. */
export function missingSentence(missing: readonly Missing[]): string {
  return `Your orders leave requirements unmet, so they are refused: ${missing.map((m) => m.message).join('; ')}.`;
}

/**
 * The confirmation's note on orders in force that leave requirements unmet: what to send before the
 * deadline, and what happens otherwise (refused whole, or the defaults fill the gap: ruling R1).
 */
export function confirmationNotes(ctx: RulesetContext<IndustrialOptions>, state: IndustrialState, nation: string, orders: readonly Order[]): string[] {
  const missing = missingRequirements(ctx, state, nation, orders);
  if (!missing.length) return [];
  const what = missing.map((m) => m.message).join('; ');
  return ctx.options.incompleteOrders === 'refuse'
    ? [`Still missing: ${what}. Unless your orders in force meet these requirements by the deadline, every one of them is refused.`]
    : [`Still missing: ${what}. If your orders in force do not meet these requirements by the deadline, the rules' defaults fill the gap.`];
}
