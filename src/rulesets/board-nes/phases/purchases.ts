// 2 and 3. Purchases of units, then of structures. Gold is spent in the order the player wrote
// the purchases (caravans and escorts included); one that cannot be afforded is refused whole
// and says how much was missing, and the purchases after it still go ahead if they fit.
import { counted, newUnitId } from '../../../engine/index.ts';
import { seasBeside } from '../order-check.ts';
import { structureWord } from '../orders.ts';
import { costOf } from '../prices.ts';
import { editProvince, readStructure, type BoardNesUnit } from '../state.ts';
import type { AcceptedOrder, Turn } from '../turn.ts';
import { kindWord } from '../unit-kinds.ts';

/** Caravans paid for and on their way: settled in the income phase. */
export interface Shipment {
  nation: string;
  target: string;
  count: number;
  escorts: number;
}

export function makePurchases(turn: Turn): Shipment[] {
  const paid: AcceptedOrder[] = [];
  const gold = new Map<string, number>();
  for (const accepted of turn.accepted) {
    const { nation, index, order } = accepted;
    if (order.kind !== 'buy-unit' && order.kind !== 'buy-structure' && order.kind !== 'caravan') continue;
    const ledger = turn.ledger(nation);
    const have = gold.get(nation) ?? ledger.start + ledger.debtCleared;
    const cost = costOf(order, turn.options);
    if (cost > have) {
      const left = Math.max(have, 0);
      turn.fail(nation, index, 'CANNOT_AFFORD', `This costs ${cost} gold but you had ${left} left: you were ${cost - left} gold short.`, {
        missing: cost - left,
      });
      continue;
    }
    gold.set(nation, have - cost);
    ledger.spent += cost;
    paid.push(accepted);
  }
  buyUnits(turn, paid);
  buildStructures(turn, paid);
  return sendCaravans(turn, paid);
}

function buyUnits(turn: Turn, paid: readonly AcceptedOrder[]): void {
  const { state } = turn;
  for (const { nation, index, order } of paid) {
    if (order.kind !== 'buy-unit') continue;
    const province = order.unitType === 'fleet' ? (order.sea ?? seasBeside(turn.map, order.province)[0]) : order.province;
    const units = Array.from({ length: order.count ?? 1 }, () => {
      const unit: BoardNesUnit = { id: newUnitId(state, order.unitType), type: order.unitType, nation, province, builtTurn: state.turn };
      if (order.unitKind) unit.unitKind = order.unitKind;
      state.units.push(unit);
      return unit.id;
    });
    turn.announce('units.bought', { nation, unitType: order.unitType, unitKind: order.unitKind, province, base: order.province, units });
    const where = order.unitType === 'fleet' ? `${turn.name(province)}, beside ${turn.name(order.province)}` : turn.name(province);
    const what = order.unitKind ? kindWord(turn.options.civAdvanced.units, order.unitKind, units.length) : counted(units.length, order.unitType);
    turn.succeed(nation, index, `${what} bought in ${where}; new units cannot move this turn.`, { units });
  }
}

function buildStructures(turn: Turn, paid: readonly AcceptedOrder[]): void {
  for (const { nation, index, order } of paid) {
    if (order.kind !== 'buy-structure') continue;
    const structure = readStructure(order.structure);
    editProvince(turn.state, order.province).structure = structure;
    turn.announce('structure.built', { nation, province: order.province, structure });
    turn.succeed(nation, index, `A ${structureWord(order.structure)} was built in ${turn.name(order.province)}.`);
  }
}

function sendCaravans(turn: Turn, paid: readonly AcceptedOrder[]): Shipment[] {
  const shipments = new Map<string, Shipment>();
  for (const { nation, index, order } of paid) {
    if (order.kind !== 'caravan') continue;
    const escorts = order.escorts ?? 0;
    const key = `${nation}>${order.nation}`;
    const shipment = shipments.get(key) ?? { nation, target: order.nation, count: 0, escorts: 0 };
    shipment.count += order.count;
    shipment.escorts += escorts;
    shipments.set(key, shipment);
    turn.succeed(
      nation,
      index,
      `${counted(order.count, 'caravan')}${escorts ? ` with ${counted(escorts, 'escort')}` : ''} set out for ${turn.nationName(order.nation)}.`,
    );
  }
  return [...shipments.values()];
}
