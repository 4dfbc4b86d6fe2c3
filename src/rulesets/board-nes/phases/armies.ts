// 6. Movement of armies, onto and off ships included. Armies are picked from their stacks in the
// order the player wrote the orders (held armies stay put), then all move at once, blind: armies
// crossing the same border in opposite directions pass each other.
import { counted } from '../../../engine/index.ts';
import { canMove, type BoardNesUnit } from '../state.ts';
import type { Turn } from '../turn.ts';
import { UnitIndex } from '../unit-index.ts';
import type { FleetPlan } from './fleets.ts';

/** Armies that reached a land province this turn; their order's result waits for the battles. */
export interface Arrival {
  nation: string;
  index: number;
  from: string;
  to: string;
  units: string[];
  claim: boolean;
  /** Fewer armies than the order asked for (some were lost or disbanded before they could go). */
  short: boolean;
}

export function moveArmies(turn: Turn, plan: FleetPlan): Arrival[] {
  const { state } = turn;
  const index = new UnitIndex(state.units);
  const taken = new Set<string>();
  const stack = (nation: string, province: string) => index.stack(nation, 'army', province).filter((u) => !taken.has(u.id) && canMove(u, state.turn));
  const take = (units: readonly BoardNesUnit[], count: number | 'all') => {
    const chosen = units.slice(0, count === 'all' ? units.length : count);
    for (const u of chosen) taken.add(u.id);
    return chosen;
  };
  const boardings = new Map(plan.boardings.map((b) => [`${b.nation}#${b.index}`, b]));
  const arrivals: Arrival[] = [];
  const placements: Array<() => void> = [];

  for (const { nation, index: i, order } of turn.accepted) {
    if (order.kind === 'hold') {
      if (order.unitType === 'army' && turn.map.province(order.province).kind !== 'sea') take(stack(nation, order.province), order.count ?? 1);
      turn.succeed(nation, i, `Your ${order.unitType === 'army' ? 'armies' : 'fleets'} in ${turn.name(order.province)} hold.`);
    } else if (order.kind === 'move' && order.unitType === 'army') {
      const units = take(stack(nation, order.province), order.count ?? 1);
      if (!units.length) {
        turn.fail(nation, i, 'UNITS_GONE', `Your armies in ${turn.name(order.province)} were gone before they could move.`);
        continue;
      }
      arrivals.push({
        nation,
        index: i,
        from: order.province,
        to: order.target,
        units: units.map((u) => u.id),
        claim: order.claim ?? false,
        short: order.count !== 'all' && units.length < (order.count ?? 1),
      });
      placements.push(() => units.forEach((u) => (u.province = order.target)));
    } else if (order.kind === 'load' && boardings.has(`${nation}#${i}`)) {
      board(turn, index, boardings.get(`${nation}#${i}`)!, (count) => take(stack(nation, order.from), count), placements);
    }
  }

  const byId = new Map(state.units.map((u) => [u.id, u]));
  for (const landing of plan.landings) {
    const units = landing.fleets.flatMap((f) => f.armies);
    arrivals.push({
      nation: landing.nation,
      index: landing.index,
      from: landing.sea,
      to: landing.target,
      units,
      claim: landing.claim,
      short: landing.asked !== 'all' && units.length < landing.asked,
    });
    placements.push(() => {
      for (const id of units) {
        const army = byId.get(id)!;
        army.province = landing.target;
        delete army.aboard;
      }
    });
  }

  for (const place of placements) place();
  for (const a of arrivals) {
    turn.announce('units.moved', {
      nation: a.nation,
      unitType: 'army',
      from: a.from,
      to: a.to,
      units: a.units,
      landed: turn.map.province(a.from).kind === 'sea',
    });
  }
  return arrivals;
}

/** Armies walk aboard the fleets the plan gave this order, as many as there is room for. */
function board(
  turn: Turn,
  index: UnitIndex,
  boarding: FleetPlan['boardings'][number],
  take: (count: number | 'all') => BoardNesUnit[],
  placements: Array<() => void>,
): void {
  const { nation, index: i, sea, from, asked } = boarding;
  const room = boarding.fleets.map((id) => ({ id, free: turn.options.fleetCapacity - index.cargoOf(id).length }));
  const capacity = room.reduce((n, f) => n + f.free, 0);
  const armies = take(asked === 'all' ? capacity : Math.min(asked, capacity));
  if (!armies.length) {
    turn.fail(nation, i, 'UNITS_GONE', `No army was left in ${turn.name(from)} to go aboard.`);
    return;
  }
  placements.push(() => {
    let f = 0;
    for (const army of armies) {
      while (room[f].free === 0) f++;
      room[f].free -= 1;
      army.province = sea;
      army.aboard = room[f].id;
    }
  });
  const full = asked !== 'all' && armies.length < asked;
  turn.announce('units.boarded', { nation, from, sea, units: armies.map((a) => a.id), fleets: boarding.fleets });
  turn.succeed(
    nation,
    i,
    `${counted(armies.length, 'army')} went aboard your fleets in ${turn.name(sea)} from ${turn.name(from)}${full ? ` (only ${armies.length} of ${asked}: no more room or armies)` : ''}.`,
  );
}
