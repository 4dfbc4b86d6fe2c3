// "Fortify": each order digs the units in one level deeper, up to what technology permits
// ("by default, the maximum fortification level is 1"); terrain levels are added only in battle.
import type { Turn } from '../turn.ts';

export function fortify(turn: Turn): void {
  for (const a of turn.ordersOf('fortify')) {
    const cap = turn.state.nations[a.nation].fortifyTech ?? turn.options.fortifyTech;
    for (const id of a.units) {
      const unit = turn.unit(id)!;
      unit.fortify = Math.min(cap, (unit.fortify ?? 0) + 1);
    }
    turn.announce({
      type: 'units.fortified',
      nation: a.nation,
      province: a.order.province,
      units: a.units,
      level: Math.min(cap, ...a.units.map((id) => turn.unit(id)!.fortify ?? 0)),
    });
  }
}
