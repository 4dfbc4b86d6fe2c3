// What the public update and each nation's private report are made from. The public side is the
// board (owners, structures, units), every nation's gold and tax income, and battles with their
// dice; a nation's report adds its ledger, its caravan news, its orders' results and, in civ-advanced
// games, its technologies and standing battle plan. Everything else about trade stays in events
// addressed to one nation, so it cannot leak.
import { baseNationView, basePublicView, type GameEvent, type NationView, type PublicView } from '../../engine/index.ts';
import type { BoardNesState } from './state.ts';

function withGold(state: BoardNesState, view: PublicView): PublicView {
  return {
    ...view,
    nations: view.nations.map((n) => ({ ...n, gold: Number(state.nations[n.id]?.gold ?? 0), taxIncome: Number(state.nations[n.id]?.taxIncome ?? 0) })),
    battles: view.events.filter((e) => e.type === 'battle.fought'),
  };
}

export function publicView(state: BoardNesState, events: readonly GameEvent[]): PublicView {
  return withGold(state, basePublicView(state, events));
}

export function privateView(state: BoardNesState, events: readonly GameEvent[], nation: string): NationView {
  const view = baseNationView(state, events, nation);
  const mine = view.events;
  const own = state.nations[nation];
  return {
    ...withGold(state, view),
    nation,
    gold: Number(own?.gold ?? 0),
    taxIncome: Number(own?.taxIncome ?? 0),
    ...(own?.technologies !== undefined && { technologies: own.technologies }),
    ...(own?.battlePlan && { battlePlan: own.battlePlan }),
    ledger: mine.find((e) => e.type === 'ledger' && e.nation === nation)?.ledger ?? null,
    caravans: pick(
      mine.find((e) => e.type === 'caravans.returned' && e.nation === nation),
      ['sent', 'returned', 'gold'],
    ),
    escortReports: mine.filter((e) => e.type === 'caravan.stolen' && e.victim === nation && e.escortSaw).map((e) => pick(e, ['thief', 'escorted', 'message'])),
    thefts: mine.filter((e) => e.type === 'caravan.stolen' && e.thief === nation).map((e) => pick(e, ['victim', 'count', 'gold'])),
    orders: mine
      .filter((e) => (e.type === 'order.succeeded' || e.type === 'order.failed') && e.nation === nation)
      .sort((a, b) => Number(a.order) - Number(b.order))
      .map((e) => ({ index: e.order, order: e.canonical, ok: e.type === 'order.succeeded', reason: e.reason, message: e.message })),
  };
}

function pick(event: GameEvent | undefined, fields: readonly string[]): Record<string, unknown> | null {
  return event ? Object.fromEntries(fields.map((f) => [f, event[f]])) : null;
}
