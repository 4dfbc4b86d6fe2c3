// Armies whose attack broke off (civ-advanced: neither side could destroy the other) cannot stay
// beside the enemy, since armies of two nations never share a land province: they fall back to the
// province they came from, or aboard their nation's fleets in the sea they landed from. Those with
// nowhere to go (another nation now stands there, or the fleets have no room) are lost.
import type { BoardNesUnit } from '../state.ts';
import type { Turn } from '../turn.ts';
import { UnitIndex } from '../unit-index.ts';
import type { Arrival } from './armies.ts';

export interface FallBack {
  back: ReadonlySet<string>;
  lost: ReadonlySet<string>;
}

export function fallBack(turn: Turn, arrivals: readonly Arrival[], brokeOff: readonly string[]): FallBack {
  const back = new Set<string>();
  const lost = new Set<string>();
  if (brokeOff.length === 0) return { back, lost };
  const { state } = turn;
  const index = new UnitIndex(state.units);
  const byId = new Map(state.units.map((u) => [u.id, u]));
  const room = new Map<string, number>();
  const retreating = new Set(brokeOff);
  for (const a of arrivals) {
    const units = a.units.map((id) => byId.get(id)).filter((u): u is BoardNesUnit => u !== undefined && retreating.has(u.id));
    if (units.length === 0) continue;
    const atSea = turn.map.province(a.from).kind === 'sea';
    const fleets = atSea ? index.stack(a.nation, 'fleet', a.from) : [];
    const blocked = !atSea && index.in(a.from).some((u) => u.nation !== a.nation);
    for (const unit of units) {
      const fleet = fleets.find((f) => freeRoom(turn, index, room, f.id) > 0);
      if (blocked || (atSea && !fleet)) {
        lost.add(unit.id);
        continue;
      }
      unit.province = a.from;
      if (fleet) {
        unit.aboard = fleet.id;
        room.set(fleet.id, freeRoom(turn, index, room, fleet.id) - 1);
      }
      back.add(unit.id);
    }
    const returned = units.filter((u) => back.has(u.id)).map((u) => u.id);
    const gone = units.filter((u) => lost.has(u.id)).map((u) => u.id);
    const fate = returned.length
      ? `${returned.length} fell back to ${turn.name(a.from)}${gone.length ? ` and ${gone.length} had nowhere to go and were lost` : ''}`
      : `all ${gone.length} had nowhere to fall back to and were lost`;
    turn.announce('units.fell-back', {
      nation: a.nation,
      from: a.to,
      to: a.from,
      units: returned,
      lost: gone,
      message: `${a.nation}'s attack on ${turn.name(a.to)} broke off: ${fate}.`,
    });
  }
  turn.removeUnits(lost);
  return { back, lost };
}

function freeRoom(turn: Turn, index: UnitIndex, room: Map<string, number>, fleet: string): number {
  return room.get(fleet) ?? turn.options.fleetCapacity - index.cargoOf(fleet).length;
}
