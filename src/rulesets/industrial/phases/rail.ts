// Rail movement, the first part of the land movement phase: "organize rail movements into rounds;
// for each round of rail movement { execute each movement; for each location with hostile forces
// { mark combats; for each unit in location { cancel remaining unit orders } } }". Rail runs only
// through provinces the nation controls (ruling L1), but hostile forces can stand in one; forces
// that rail in among them stop there and attack them with the invasions (ruling L13).
import { hostile } from '../land-combat.ts';
import { railRange } from '../modifiers.ts';
import { forceOf, pickStack } from '../stacks.ts';
import { commanderOf, controllerOf, landUnitsAt, type IndustrialState, type IndustrialUnit } from '../state.ts';
import type { AcceptedOrder, Turn } from '../turn.ts';
import type { OrderOf } from '../orders.ts';

/** Forces that came by rail among hostile forces: each attacks them where it stopped. */
export interface RailCombat {
  a: AcceptedOrder<OrderOf<'rail'>>;
  units: IndustrialUnit[];
}

// The land orders a unit can be given after its rail movement.
const AFTER_RAIL = new Set(['march', 'entrench', 'support-defence', 'support-attack', 'cut-support', 'invade', 'disband']);

export function rail(turn: Turn): RailCombat[] {
  const { state } = turn;
  const arrived: RailCombat[] = [];
  for (const a of turn.of('rail')) {
    const units = pickStack(state, a.nation, a.order, 'land', turn.landedAtSea);
    const path = railPath(turn, state, a.nation, a.order.province, a.order.target);
    if (!units.length) turn.fail(a, 'NO_UNITS', `You have no land forces left in ${turn.name(a.order.province)} to move by rail.`);
    else if (!path)
      turn.fail(
        a,
        'NO_RAIL_ROUTE',
        `There is no railroad from ${turn.name(a.order.province)} to ${turn.name(a.order.target)} through provinces you control, within ${railRange(state.nations[a.nation].tech)} provinces.`,
      );
    else {
      moveUnits(units, a.order.target);
      arrived.push({ a, units });
      turn.announce('land.railed', { nation: a.nation, from: a.order.province, to: a.order.target, units: units.map((u) => u.id), force: forceOf(units) });
      turn.done(a, `Your forces go by rail from ${turn.name(a.order.province)} to ${turn.name(a.order.target)}.`);
    }
  }
  const combats = arrived.filter(({ a }) => hostileForcesAt(state, a.order.target, a.nation).length);
  const places = new Set(combats.map(({ a }) => a.order.target));
  for (const o of turn.accepted) {
    const place = (o.order as { province?: string }).province;
    if (!place || !places.has(place) || !AFTER_RAIL.has(o.order.kind) || turn.hasResult(o)) continue;
    turn.fail(
      o,
      'HOSTILE_FORCES',
      `Forces came by rail among hostile forces in ${turn.name(place)}: they fight there, and the remaining orders to units there are cancelled.`,
    );
  }
  return combats;
}

/** Land forces in a place hostile to the nation, a general without troops not counted (ruling L5). */
function hostileForcesAt(state: IndustrialState, place: string, nation: string): IndustrialUnit[] {
  const units = landUnitsAt(state, place).filter((u) => commanderOf(u) !== nation && hostile(state, u.nation, nation));
  return units.some((u) => u.type !== 'general') ? units : [];
}

/** Shortest railroad route through provinces the nation controls, or null beyond its tech's range. */
export function railPath(turn: Pick<Turn, 'map'>, state: IndustrialState, nation: string, from: string, to: string): string[] | null {
  const range = railRange(state.nations[nation]?.tech ?? 1);
  const ok = (p: string) => state.provinces[p]?.railroad === true && controllerOf(state, p) === nation;
  if (!ok(from) || !ok(to)) return null;
  const seen = new Map<string, string[]>([[from, [from]]]);
  const queue = [from];
  while (queue.length) {
    const here = queue.shift()!;
    const path = seen.get(here)!;
    if (here === to) return path;
    if (path.length > range) continue;
    for (const next of turn.map.neighbours(here, 'army')) {
      if (!seen.has(next.province) && ok(next.province)) {
        seen.set(next.province, [...path, next.province]);
        queue.push(next.province);
      }
    }
  }
  return null;
}

export function moveUnits(units: IndustrialUnit[], to: string): void {
  for (const u of units) {
    u.province = to;
    u.entrenched = false;
  }
}
