// Supply phase, as the document's automation: a land unit aboard a ship, or not within or beside
// a fully supplied province, takes a penalty (4: disbanded); supplied again, its penalties clear.
// A ship out of range of a friendly unblockaded port takes a penalty (4: abandoned); ending the
// season in a friendly port clears them. Abandoned ships tick; at 4 ticks they leave play.
import { controllerOf, isAbandoned, isLand, isShip, type IndustrialUnit } from '../state.ts';
import type { Turn } from '../turn.ts';

export function supply(turn: Turn): void {
  const { state } = turn;
  const removed = new Set<string>();
  for (const u of state.units) {
    if (isLand(u.type)) {
      const supplied = !u.aboard && (fullySupplied(turn, u.nation, u.province) || [...turn.map.touches(u.province)].some((p) => fullySupplied(turn, u.nation, p)) || turn.coastSupply.has(`${u.nation}@${u.province}`));
      u.supply = supplied ? 0 : (u.supply ?? 0) + 1;
      if (u.supply >= 4) {
        removed.add(u.id);
        turn.announce('supply.disbanded', { nation: u.nation, unit: u.id, unitType: u.type, province: u.province });
      }
    } else if (isShip(u.type) && isAbandoned(u)) {
      u.abandonedTicks = (u.abandonedTicks ?? 0) + 1;
      if (u.abandonedTicks >= 4) {
        removed.add(u.id);
        turn.announce('supply.wreck-removed', { unit: u.id, place: u.province });
      }
    } else if (isShip(u.type)) {
      if (friendlyPort(turn, u.nation, u.province)) u.supply = 0;
      else if (!inRange(turn, u)) u.supply = (u.supply ?? 0) + 1;
      if ((u.supply ?? 0) >= 4) {
        turn.announce('supply.abandoned', { nation: u.nation, unit: u.id, unitType: u.type, place: u.province });
        u.abandonedTicks = 0;
        for (const c of state.units.filter((c) => c.aboard === u.id)) removed.add(c.id);
      }
    }
  }
  state.units = state.units.filter((u) => !removed.has(u.id));
}

/** Owned and controlled by the nation, and not blockaded. */
function fullySupplied(turn: Turn, nation: string, province: string): boolean {
  const p = turn.state.provinces[province];
  return !!p && p.owner === nation && controllerOf(turn.state, province) === nation && !(p.blockadedBy ?? []).length;
}

function friendlyPort(turn: Turn, nation: string, province: string): boolean {
  const p = turn.state.provinces[province];
  return !!p && (p.port ?? 0) > 0 && controllerOf(turn.state, province) === nation && !(p.blockadedBy ?? []).length;
}

function inRange(turn: Turn, ship: IndustrialUnit): boolean {
  const range = turn.options.shipSupplyRange;
  const seen = new Set([ship.province]);
  let frontier = [ship.province];
  for (let step = 0; step <= range; step++) {
    if (frontier.some((p) => friendlyPort(turn, ship.nation, p))) return true;
    const next: string[] = [];
    for (const p of frontier) for (const n of turn.map.neighbours(p, 'fleet')) if (!seen.has(n.province)) (seen.add(n.province), next.push(n.province));
    frontier = next;
  }
  return false;
}
