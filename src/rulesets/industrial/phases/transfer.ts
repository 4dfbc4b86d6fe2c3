// "execute all transfer of control orders; cancel all orders to foreign units where the foreign
// nation has not authorized transfer of control": a transfer is the owner's authorization.
import { pickStack } from '../stacks.ts';
import type { Turn } from '../turn.ts';

const UNIT_ORDERS = ['sail', 'disembark', 'embark', 'supply-coast', 'support-coast', 'blockade', 'salvage', 'rail', 'march', 'entrench', 'support-defence', 'support-attack', 'cut-support', 'invade', 'disband'] as const;

export function transferControl(turn: Turn): void {
  const { state } = turn;
  for (const a of turn.of('transfer')) {
    const units = [...pickStack(state, a.nation, a.order, 'land'), ...pickStack(state, a.nation, a.order, 'ships')];
    if (!units.length || !state.nations[a.order.nation]) {
      turn.fail(a, 'NO_UNITS', `You have no units in ${turn.name(a.order.province)} to transfer.`);
      continue;
    }
    for (const u of units) {
      u.nation = a.order.nation;
      for (const c of state.units.filter((c) => c.aboard === u.id)) c.nation = a.order.nation;
    }
    turn.announce('movement.transferred', { from: a.nation, to: a.order.nation, province: a.order.province, units: units.map((u) => u.id) });
    turn.done(a, `Control of ${units.length} units in ${turn.name(a.order.province)} passes to ${a.order.nation}.`);
  }
  for (const kind of UNIT_ORDERS) {
    for (const a of turn.of(kind)) {
      const place = a.order.province;
      const own = state.units.some((u) => u.nation === a.nation && u.province === place);
      const foreign = state.units.some((u) => u.nation !== a.nation && u.province === place);
      // Units of the nation's own may arrive there during the turn (a sail chain, rail, a landing).
      const arriving = turn.accepted.some((o) => o.nation === a.nation && o.index < a.index && 'target' in o.order && o.order.target === place);
      if (!own && foreign && !arriving) turn.fail(a, 'NOT_AUTHORIZED', `You have no units in ${turn.name(place)}: units there belong to another nation that has not transferred control to you.`);
    }
  }
}
