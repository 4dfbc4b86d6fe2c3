// 1. Disband unsupported units. A nation that ended last turn in debt owes one unit per gold short;
// it names them with disband orders, and any it leaves out are taken newest first, with a note to
// the GM. Disbanding a fleet loses the armies aboard it.
import { counted } from '../../../engine/index.ts';
import { newestFirst, type BoardNesUnit } from '../state.ts';
import type { Turn } from '../turn.ts';
import { UnitIndex } from '../unit-index.ts';
import { unitsOwed } from './income.ts';

export function disbandUnits(turn: Turn): void {
  const { state } = turn;
  const index = new UnitIndex(state.units);
  const gone = new Set<string>();
  const byNation = new Map<string, number>();
  const lose = (unit: BoardNesUnit) => {
    if (gone.has(unit.id)) return 0;
    gone.add(unit.id);
    const cargo = unit.type === 'fleet' ? index.cargoOf(unit.id).filter((a) => !gone.has(a.id)) : [];
    for (const army of cargo) gone.add(army.id);
    byNation.set(unit.nation, (byNation.get(unit.nation) ?? 0) + 1 + cargo.length);
    return 1 + cargo.length;
  };

  for (const { nation, index: i, order } of turn.of('disband')) {
    const stack = index.stack(nation, order.unitType, order.province).filter((u) => !gone.has(u.id));
    // Empty fleets go before loaded ones, so armies are not lost for a choice the player did not make.
    const ordered = [...stack].sort((a, b) => index.cargoOf(a.id).length - index.cargoOf(b.id).length || newestFirst(a, b));
    const chosen = ordered.slice(0, order.count === 'all' ? ordered.length : (order.count ?? 1));
    const lost = chosen.reduce((n, u) => n + lose(u), 0);
    if (!chosen.length) {
      turn.fail(nation, i, 'UNITS_GONE', `You had no ${order.unitType} left in ${turn.name(order.province)} to disband.`);
      continue;
    }
    const drowned = lost - chosen.length;
    turn.announce('units.disbanded', { nation, province: order.province, unitType: order.unitType, units: chosen.map((u) => u.id), drowned });
    turn.succeed(
      nation,
      i,
      `${counted(chosen.length, order.unitType)} in ${turn.name(order.province)} disbanded${drowned ? `, and ${counted(drowned, 'army')} aboard with them` : ''}.`,
    );
  }

  for (const nation of Object.keys(state.nations)) {
    const ledger = turn.ledger(nation);
    const owed = unitsOwed(ledger.start, turn.options.upkeep);
    if (!owed) continue;
    const named = byNation.get(nation) ?? 0;
    if (named < owed) {
      const remaining = state.units.filter((u) => u.nation === nation && !gone.has(u.id)).sort(newestFirst);
      const taken: string[] = [];
      let drowned = 0;
      for (const unit of remaining) {
        if ((byNation.get(nation) ?? 0) >= owed) break;
        const lost = lose(unit);
        if (lost) taken.push(unit.id);
        drowned += Math.max(0, lost - 1);
      }
      if (taken.length) turn.announce('units.disbanded', { nation, units: taken, drowned, reason: 'UNSUPPORTED' });
      turn.tell([], 'disband.defaulted', {
        nation,
        units: taken,
        message: `${turn.nationName(nation)} was ${-ledger.start} gold short, owing ${counted(owed, 'unit')}, and named only ${counted(named, 'unit')} to disband; the newest (${taken.join(', ') || 'none left'}) were disbanded by default. Ask the player if that was not their wish.`,
      });
    }
    if (turn.options.debtClearedByDisband) ledger.debtCleared = Math.min(-ledger.start, (byNation.get(nation) ?? 0) * turn.options.upkeep);
  }
  turn.removeUnits(gone);
}
