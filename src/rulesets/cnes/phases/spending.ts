// "Razing", "Improvement" and "Buying Units": what is done with $ and with the land before anyone moves.
import { newUnitId } from '../../../engine/index.ts';
import type { CnesUnit } from '../state.ts';
import type { Turn } from '../turn.ts';

/**
 * "Once started, it can only be reversed with an investment of $10 (in the interim period while the
 * razing is occurring)": the orders of the turn after the razing began may stop it, before it is done.
 */
export function stopRazing(turn: Turn): void {
  for (const a of turn.ordersOf('stop-razing')) {
    const { order, nation } = a;
    const p = turn.state.provinces[order.province!];
    turn.spend(nation, a.cost);
    const stopped = (p.razing ?? []).filter((r) => !order.what || r.what === order.what).map((r) => r.what);
    p.razing = (p.razing ?? []).filter((r) => !stopped.includes(r.what));
    if (!p.razing.length) delete p.razing;
    turn.tell([nation], { type: 'razing.stopped', province: order.province, what: stopped, nation, cost: a.cost });
  }
}

/** "Razing ... takes 1 turn to complete": razing begun last turn is done as this one starts. */
export function completeRazing(turn: Turn): void {
  const { state } = turn;
  for (const [id, p] of Object.entries(state.provinces)) {
    const done = (p.razing ?? []).filter((r) => r.since < state.turn);
    if (!done.length) continue;
    for (const r of done) {
      if (r.what === 'forest') p.forestRazed = true;
      else p[r.what] = false;
      turn.announce({ type: 'razing.completed', province: id, what: r.what, nation: p.owner ?? undefined });
    }
    p.razing = p.razing!.filter((r) => r.since >= state.turn);
    if (!p.razing.length) delete p.razing;
  }
}

export function spend(turn: Turn): void {
  const { state } = turn;
  for (const a of turn.accepted) {
    const { order, nation } = a;
    const p = order.province ? (state.provinces[order.province] ??= { owner: null }) : undefined;
    if (order.kind === 'raze') {
      (p!.razing ??= []).push({ what: order.what!, since: state.turn });
      // Razing under way is the owner's business until it is done.
      turn.tell([nation], { type: 'razing.started', province: order.province, what: order.what, nation });
    } else if (order.kind === 'improve') {
      turn.spend(nation, a.cost);
      p![order.improvement!] = true;
      turn.announce({ type: 'province.improved', province: order.province, improvement: order.improvement, nation });
    } else if (order.kind === 'buy') {
      turn.spend(nation, a.cost);
      const ids: string[] = [];
      for (let i = 0; i < Number(order.count ?? 1); i++) {
        const unit: CnesUnit = { id: newUnitId(state, order.unitKind!), type: order.unitKind!, nation, province: order.province!, builtTurn: state.turn };
        turn.addUnit(unit);
        ids.push(unit.id);
      }
      turn.announce({ type: 'unit.built', province: order.province, unitKind: order.unitKind, units: ids, nation });
      turn.tell([nation], { type: 'unit.bought', nation, province: order.province, unitKind: order.unitKind, count: ids.length, cost: a.cost });
    }
  }
}
