// What the public update and each nation's private report are made from. Public: the board (owners,
// improvements, razing, fortification, officers' stars, aircraft bases), every diplomatic status,
// and battle summaries. A nation's report adds its $, its ledger, its orders' results, and the
// battles it fought heat by heat. No nation's $ or orders reach another.
import { baseNationView, basePublicView, type GameEvent, type NationView, type PublicView } from '../../engine/index.ts';
import type { CnesState } from './state.ts';

/** The board as one audience sees it: razing under way shows only in its owner's report. */
function board(state: CnesState, view: PublicView, nation?: string): PublicView {
  const provinces = Object.fromEntries(
    Object.entries(view.provinces).map(([id, p]) => {
      if (!p.razing || p.owner === nation) return [id, p];
      const { razing: _hidden, ...rest } = p;
      return [id, rest];
    }),
  );
  return {
    ...view,
    provinces,
    relations: Object.entries(state.extra.relations ?? {}).map(([pair, status]) => ({ nations: pair.split('|'), status })),
    battles: view.events.filter((e) => e.type === 'battle.fought'),
  };
}

export function publicView(state: CnesState, events: readonly GameEvent[]): PublicView {
  return board(state, basePublicView(state, events));
}

export function privateView(state: CnesState, events: readonly GameEvent[], nation: string): NationView {
  const view = baseNationView(state, events, nation);
  const mine = view.events;
  return {
    ...board(state, view, nation),
    nation,
    gold: Number(state.nations[nation]?.gold ?? 0),
    ledger: mine.find((e) => e.type === 'ledger' && e.nation === nation)?.ledger ?? null,
    battleHeats: mine.filter((e) => e.type === 'battle.heats'),
    orders: mine
      .filter((e) => (e.type === 'order.succeeded' || e.type === 'order.failed') && e.nation === nation)
      .sort((a, b) => Number(a.order) - Number(b.order))
      .map((e) => ({ index: e.order, order: e.canonical, ok: e.type === 'order.succeeded', reason: e.reason, message: e.message })),
  };
}
