// "execute all transfer of control orders; cancel all orders to foreign units where the foreign
// nation has not authorized transfer of control": a transfer is the owner's authorization. The
// receiver's orders to the units are carried out this turn; the units stay the owner's (ruling T1).
import { counted } from '../../../engine/index.ts';
import { forceOf, pickStack } from '../stacks.ts';
import { commanderOf, unitsByProvince } from '../state.ts';
import type { Turn } from '../turn.ts';

const UNIT_ORDERS = [
  'sail',
  'disembark',
  'embark',
  'supply-coast',
  'support-coast',
  'blockade',
  'salvage',
  'rail',
  'march',
  'entrench',
  'support-defence',
  'support-attack',
  'cut-support',
  'invade',
  'disband',
] as const;

export function transferControl(turn: Turn): void {
  const { state } = turn;
  for (const a of turn.of('transfer')) {
    const units = [...pickStack(state, a.nation, a.order, 'land'), ...pickStack(state, a.nation, a.order, 'ships')];
    if (!units.length || !state.nations[a.order.nation]) {
      turn.fail(a, 'NO_UNITS', `You have no units in ${turn.name(a.order.province)} to transfer.`);
      continue;
    }
    for (const u of units) {
      u.commandedBy = a.order.nation;
      for (const c of state.units.filter((c) => c.aboard === u.id)) c.commandedBy = a.order.nation;
    }
    turn.announce('movement.transferred', {
      from: a.nation,
      to: a.order.nation,
      province: a.order.province,
      units: units.map((u) => u.id),
      force: forceOf(units),
    });
    turn.done(
      a,
      `${turn.nationName(a.order.nation)} commands your ${counted(units.length, 'unit')} in ${turn.name(a.order.province)} this turn; they remain yours.`,
    );
  }
  const here = unitsByProvince(state);
  // Units of the nation's own may arrive during the turn (a sail chain, rail, a landing): the first order sending them.
  const arrival = new Map<string, number>();
  for (const o of turn.accepted) {
    const k = 'target' in o.order ? `${o.nation}@${o.order.target}` : '';
    if (k && !arrival.has(k)) arrival.set(k, o.index);
  }
  const kinds = new Set<string>(UNIT_ORDERS);
  for (const a of turn.accepted) {
    if (!kinds.has(a.order.kind) || turn.hasResult(a)) continue;
    const place = (a.order as { province: string }).province;
    const there = here.get(place) ?? [];
    const own = there.some((u) => commanderOf(u) === a.nation);
    const foreign = there.some((u) => commanderOf(u) !== a.nation);
    const arriving = (arrival.get(`${a.nation}@${place}`) ?? Infinity) < a.index;
    if (own || !foreign || arriving) continue;
    const handedOver = there.find((u) => u.nation === a.nation && u.commandedBy);
    if (handedOver)
      turn.fail(
        a,
        'NOT_AUTHORIZED',
        `You transferred control of your units in ${turn.name(place)} to ${turn.nationName(handedOver.commandedBy!)} this turn: they carry out its orders, not yours.`,
      );
    else
      turn.fail(a, 'NOT_AUTHORIZED', `You have no units in ${turn.name(place)}: units there belong to another nation that has not transferred control to you.`);
  }
}
