// 8 and 9. Income (taxes, caravans, theft), then upkeep; the ledger each nation's report shows.
import { counted, type MapGraph } from '../../../engine/index.ts';
import type { BoardNesOptions } from '../options.ts';
import { readStructure, type BoardNesState } from '../state.ts';
import type { Turn } from '../turn.ts';
import type { Shipment } from './purchases.ts';
import { settleCaravans } from './trade.ts';

const TAX_KEY = { town: 'town', 'military-base': 'militaryBase', city: 'city' } as const;

/** Tax income of every nation from the provinces it owns now. */
export function taxIncomes(state: BoardNesState, map: MapGraph, options: BoardNesOptions): Map<string, number> {
  const tax = new Map(Object.keys(state.nations).map((n) => [n, 0]));
  for (const [id, province] of Object.entries(state.provinces)) {
    const owner = province.owner;
    if (!owner || !tax.has(owner) || !map.has(id) || map.province(id).kind === 'sea') continue;
    const structure = readStructure(province.structure);
    tax.set(owner, tax.get(owner)! + options.taxes[structure ? TAX_KEY[structure] : 'none']);
  }
  return tax;
}

export function collectIncome(turn: Turn, shipments: readonly Shipment[]): void {
  for (const [nation, tax] of taxIncomes(turn.state, turn.map, turn.options)) {
    turn.ledger(nation).tax = tax;
    turn.state.nations[nation].taxIncome = tax;
  }
  settleCaravans(turn, shipments);
}

export function payUpkeep(turn: Turn): void {
  const { state, options } = turn;
  const supported = new Map<string, number>();
  for (const unit of state.units) {
    if (!options.upkeepOnBuildTurn && unit.builtTurn === state.turn) continue;
    supported.set(unit.nation, (supported.get(unit.nation) ?? 0) + 1);
  }
  for (const nation of Object.keys(state.nations)) {
    const ledger = turn.ledger(nation);
    ledger.upkeep = (supported.get(nation) ?? 0) * options.upkeep;
    ledger.left = ledger.start + ledger.debtCleared - ledger.spent;
    ledger.total = ledger.left + ledger.tax + ledger.caravans + ledger.theft - ledger.upkeep;
    state.nations[nation].gold = ledger.total;
    turn.tell([nation], 'ledger', { nation, ledger: { ...ledger } });
    const owed = unitsOwed(ledger.total, options.upkeep);
    if (owed) {
      turn.tell([nation], 'gold.short', {
        nation,
        gold: ledger.total,
        mustDisband: owed,
        message: `You could not pay all your upkeep: you are ${-ledger.total} gold short, and next turn your orders must name ${counted(owed, 'unit')} to disband.`,
      });
    }
  }
}

/** Units a nation in debt must disband: the ones whose upkeep it could not pay. */
export function unitsOwed(gold: number, upkeep: number): number {
  return gold < 0 && upkeep > 0 ? Math.ceil(-gold / upkeep) : 0;
}
