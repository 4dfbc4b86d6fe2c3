// Recovery phase: generals in enemy-occupied territory retreat or disband; enemy artillery and
// warships in port in an occupied province are destroyed (even d6) or captured (odd); captured
// equipment above the captor's tech level leaves play after a year, half its cost refunded.
import { controllerOf, isLand, unitsByProvince, type IndustrialUnit } from '../state.ts';
import { hostile } from '../land-combat.ts';
import { TURNS_PER_YEAR } from '../seasons.ts';
import type { Turn } from '../turn.ts';

export function recover(turn: Turn): void {
  const { state } = turn;
  const removed = new Set<string>();
  const here = unitsByProvince(state);
  const holders = new Map<string, string | null>();
  const holderAt = (p: string) => (holders.has(p) ? holders.get(p)! : (holders.set(p, holderOf(here.get(p) ?? [])), holders.get(p)!));
  for (const u of state.units) {
    const holder = holderAt(u.province);
    if (!holder || !hostile(state, holder, u.nation) || u.aboard) continue;
    if (u.type === 'general') {
      const refuge = turn.map
        .neighbours(u.province, 'army')
        .map((p) => p.province)
        .sort()
        .find((p) => controllerOf(state, p) === u.nation && holderAt(p) !== holder);
      if (refuge) {
        turn.announce('recovery.general-retreated', { nation: u.nation, unit: u.id, from: u.province, to: refuge });
        u.province = refuge;
      } else {
        removed.add(u.id);
        turn.announce('recovery.general-disbanded', { nation: u.nation, unit: u.id, province: u.province });
      }
      continue;
    }
    const inPort = turn.map.province(u.province).kind !== 'sea';
    if (u.type === 'artillery' || ((u.type === 'warship' || u.type === 'battleship' || u.type === 'submarine') && inPort)) {
      const die = turn.dice.roll(6, `recovery in ${u.province}: ${u.nation}'s ${u.type} ${u.id} destroyed (even) or captured (odd)`);
      if (die % 2 === 0) {
        removed.add(u.id);
        turn.announce('recovery.destroyed', { nation: u.nation, unit: u.id, unitType: u.type, province: u.province, by: holder, die });
      } else capture(turn, u, holder, die);
    }
  }
  for (const u of state.units) {
    if (u.expiresTurn !== undefined && u.expiresTurn <= state.turn) {
      removed.add(u.id);
      const refund = Math.floor((u.refund ?? 0) / 2);
      state.nations[u.nation].gold += refund;
      turn.announce('recovery.expired', { nation: u.nation, unit: u.id, unitType: u.type, refund });
    }
  }
  state.units = state.units.filter((u) => !removed.has(u.id));
}

/** The nation whose land forces alone hold a province now, if any. */
function holderOf(units: readonly IndustrialUnit[]): string | null {
  const nations = new Set(units.filter((u) => isLand(u.type) && u.type !== 'general' && u.type !== 'artillery' && !u.aboard).map((u) => u.nation));
  return nations.size === 1 ? [...nations][0] : null;
}

function capture(turn: Turn, u: IndustrialUnit, captor: string, die: number): void {
  const { state } = turn;
  const from = u.nation;
  u.nation = captor;
  u.entrenched = false;
  if (u.tech > (state.nations[captor]?.tech ?? 1)) {
    u.expiresTurn = state.turn + TURNS_PER_YEAR;
    const table = turn.options.builds as Record<string, { cost: number }>;
    u.refund = table[u.type]?.cost ?? 0;
  }
  turn.announce('recovery.captured', { nation: captor, from, unit: u.id, unitType: u.type, province: u.province, die, expiresTurn: u.expiresTurn });
}
