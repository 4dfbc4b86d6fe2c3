// 4. Movement of ships. Each fleet does one thing a turn: unload, take on armies, or move. Orders
// name a sea, not a fleet, so fleets are assigned here: unloading takes the most loaded fleets,
// loading the emptiest, moving the rest (loaded ones first, so their armies travel with them).
// Fleets then move, blind and all at once; loading and unloading wait for the armies' phase.
import { counted } from '../../../engine/index.ts';
import { canMove, type BoardNesUnit } from '../state.ts';
import type { Count } from '../orders.ts';
import type { AcceptedOrder, OrderOf, Turn } from '../turn.ts';
import { UnitIndex } from '../unit-index.ts';

export interface Landing {
  nation: string;
  index: number;
  sea: string;
  target: string;
  claim: boolean;
  asked: Count;
  /** Each fleet used, with the armies it puts ashore. */
  fleets: Array<{ fleet: string; armies: string[] }>;
}

export interface Boarding {
  nation: string;
  index: number;
  sea: string;
  from: string;
  asked: Count;
  fleets: string[];
}

export interface FleetPlan {
  landings: Landing[];
  boardings: Boarding[];
}

export function moveShips(turn: Turn): FleetPlan {
  const index = new UnitIndex(turn.state.units);
  const groups = new Map<string, { nation: string; sea: string; orders: AcceptedOrder[] }>();
  for (const a of turn.accepted) {
    const { order } = a;
    const sea = order.kind === 'load' || order.kind === 'unload' || (order.kind === 'move' && order.unitType === 'fleet') ? order.province : null;
    if (sea === null) continue;
    const key = `${a.nation}|${sea}`;
    const group = groups.get(key);
    if (group) group.orders.push(a);
    else groups.set(key, { nation: a.nation, sea, orders: [a] });
  }
  const plan: FleetPlan = { landings: [], boardings: [] };
  const moving: Array<{ a: AcceptedOrder<OrderOf<'move'>>; fleets: BoardNesUnit[] }> = [];
  for (const { nation, sea, orders } of groups.values()) {
    const fleets = index.stack(nation, 'fleet', sea);
    const used = new Set<string>();
    const cargo = (f: BoardNesUnit) => index.cargoOf(f.id).length;
    const free = (f: BoardNesUnit, loading = false) => !used.has(f.id) && (canMove(f, turn.state.turn) || (loading && turn.options.newFleetsMayLoad));

    for (const a of orders.filter((o): o is AcceptedOrder<OrderOf<'unload'>> => o.order.kind === 'unload')) {
      const { order: o } = a;
      let need = o.count === 'all' || o.count === undefined ? Infinity : o.count;
      const landing: Landing = { nation, index: a.index, sea, target: o.target, claim: o.claim ?? false, asked: o.count ?? 'all', fleets: [] };
      for (const fleet of fleets.filter((f) => free(f) && cargo(f) > 0).sort((x, y) => cargo(y) - cargo(x))) {
        if (need <= 0) break;
        const armies = index
          .cargoOf(fleet.id)
          .slice(0, need)
          .map((u) => u.id);
        used.add(fleet.id);
        need -= armies.length;
        landing.fleets.push({ fleet: fleet.id, armies });
      }
      if (landing.fleets.length) plan.landings.push(landing);
      else turn.fail(nation, a.index, 'NO_FLEET_FREE', `None of your fleets in ${turn.name(sea)} had armies aboard and was free to unload them.`);
    }

    for (const a of orders.filter((o): o is AcceptedOrder<OrderOf<'load'>> => o.order.kind === 'load')) {
      const { order: o } = a;
      const shore = index.stack(nation, 'army', o.from).filter((u) => canMove(u, turn.state.turn)).length;
      let need = o.count === 'all' || o.count === undefined ? shore : o.count;
      const boarding: Boarding = { nation, index: a.index, sea, from: o.from, asked: o.count ?? 1, fleets: [] };
      const room = (f: BoardNesUnit) => turn.options.fleetCapacity - cargo(f);
      for (const fleet of fleets.filter((f) => free(f, true) && room(f) > 0).sort((x, y) => room(y) - room(x))) {
        if (need <= 0) break;
        used.add(fleet.id);
        need -= room(fleet);
        boarding.fleets.push(fleet.id);
      }
      if (boarding.fleets.length) plan.boardings.push(boarding);
      else turn.fail(nation, a.index, 'NO_FLEET_FREE', `None of your fleets in ${turn.name(sea)} was free and had room to take on armies.`);
    }

    for (const a of orders.filter((o): o is AcceptedOrder<OrderOf<'move'>> => o.order.kind === 'move')) {
      const candidates = fleets.filter((f) => free(f)).sort((x, y) => cargo(y) - cargo(x));
      const chosen = candidates.slice(0, a.order.count === 'all' ? candidates.length : (a.order.count ?? 1));
      for (const f of chosen) used.add(f.id);
      if (chosen.length) moving.push({ a, fleets: chosen });
      else turn.fail(nation, a.index, 'NO_FLEET_FREE', `None of your fleets in ${turn.name(sea)} was left free to move.`);
    }
  }

  // Blind and simultaneous: every fleet is placed at once, so fleets swapping seas pass each other.
  for (const { a, fleets } of moving) {
    const { province: from, target: to } = a.order;
    let aboard = 0;
    for (const fleet of fleets) {
      fleet.province = to;
      for (const army of index.cargoOf(fleet.id)) {
        army.province = to;
        aboard += 1;
      }
    }
    turn.announce('units.moved', { nation: a.nation, unitType: 'fleet', from, to, units: fleets.map((f) => f.id), armiesAboard: aboard });
    turn.succeed(
      a.nation,
      a.index,
      `${counted(fleets.length, 'fleet')} sailed from ${turn.name(from)} to ${turn.name(to)}${aboard ? ` carrying ${counted(aboard, 'army')}` : ''}.`,
    );
  }
  return plan;
}
