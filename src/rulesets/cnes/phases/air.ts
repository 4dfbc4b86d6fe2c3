// "Air Units": based in a province, acting within range. Ground support joins the battles in the
// target province; interceptors join the battle in range with the most enemy aircraft on ground
// support; rebasing moves the base to a friendly airbase in range, and an aircraft that must rebase
// and cannot is destroyed.
import { friendly } from '../state.ts';
import type { CnesUnit } from '../state.ts';
import type { Turn } from '../turn.ts';
import { cardOf, withinRange } from '../units.ts';
import { forcesIn, isAircraft } from './armies.ts';

/** Aircraft flying over each province this turn, by unit id. */
export type AirMissions = Map<string, string[]>;

export function manualRebase(turn: Turn): void {
  for (const a of turn.ordersOf('rebase')) {
    for (const id of a.units) {
      const unit = turn.unit(id)!;
      turn.announce({ type: 'aircraft.rebased', unit: id, unitKind: unit.type, nation: unit.nation, from: unit.province, to: a.order.target });
      turn.relocate(unit, a.order.target!);
    }
  }
}

export function groundSupport(turn: Turn): AirMissions {
  const missions: AirMissions = new Map();
  for (const a of turn.ordersOf('support')) {
    missions.set(a.order.target!, [...(missions.get(a.order.target!) ?? []), ...a.units]);
    turn.tell([a.nation], { type: 'air.support', nation: a.nation, units: a.units, province: a.order.target });
  }
  return missions;
}

/** "They will opt to participate in the battle with the most enemy aircraft present." */
export function intercept(turn: Turn, missions: AirMissions, battles: readonly string[]): void {
  for (const a of turn.ordersOf('intercept')) {
    for (const id of a.units) {
      const plane = turn.unit(id)!;
      const reach = withinRange(turn.ctx.map, plane.province, cardOf(turn.options, plane).move);
      let best: { province: string; enemies: number } | undefined;
      for (const province of battles) {
        if (!reach.has(province) || !forcesIn(turn, province).some((u) => friendly(turn.state, u.nation, plane.nation))) continue;
        const enemies = (missions.get(province) ?? []).map((u) => turn.unit(u)).filter((u) => u && !friendly(turn.state, u.nation, plane.nation)).length;
        if (enemies > 0 && (!best || enemies > best.enemies)) best = { province, enemies };
      }
      if (!best) {
        turn.tell([a.nation], { type: 'air.no-interception', nation: a.nation, unit: id, unitKind: plane.type });
        continue;
      }
      missions.set(best.province, [...(missions.get(best.province) ?? []), id]);
      turn.tell([a.nation], { type: 'air.intercepting', nation: a.nation, unit: id, unitKind: plane.type, province: best.province, enemies: best.enemies });
    }
  }
}

/** "If an air unit loses its base ... it moves its base to another baseable province", or is destroyed. */
export function forcedRebase(turn: Turn): void {
  const { ctx } = turn;
  const lost: string[] = [];
  for (const plane of turn.units().filter((u) => isAircraft(turn, u))) {
    if (baseable(turn, plane, plane.province)) continue;
    const reach = withinRange(ctx.map, plane.province, cardOf(turn.options, plane).move);
    const to = [...reach.entries()].filter(([p]) => baseable(turn, plane, p)).sort(([a, da], [b, db]) => da - db || a.localeCompare(b))[0]?.[0];
    if (to) {
      turn.announce({ type: 'aircraft.rebased', unit: plane.id, unitKind: plane.type, nation: plane.nation, from: plane.province, to, forced: true });
      turn.relocate(plane, to);
    } else {
      lost.push(plane.id);
      turn.announce({ type: 'aircraft.lost', unit: plane.id, unitKind: plane.type, nation: plane.nation, province: plane.province, reason: 'NO_BASE' });
    }
  }
  turn.removeUnits(lost);
}

/** "Baseable provinces are friendly provinces with an airbase." */
function baseable(turn: Turn, plane: CnesUnit, province: string): boolean {
  const p = turn.state.provinces[province];
  return !!p?.airbase && !!p.owner && friendly(turn.state, p.owner, plane.nation);
}
