// Supply phase, as the document's automation: a land unit aboard a ship, or not within or beside
// a fully supplied province, takes a penalty (4: disbanded); supplied again, its penalties clear.
// A ship out of range of a friendly unblockaded port takes a penalty (4: abandoned); ending the
// season in a friendly port clears them. Abandoned ships tick; at 4 ticks they leave play. With
// option `supplyLines: capital`, supplied territory cut off from the capital supplies nobody (S1).
import { hostile } from '../land-combat.ts';
import { controllerOf, isAbandoned, isLand, isShip, landUnitsAt, type IndustrialUnit } from '../state.ts';
import type { Turn } from '../turn.ts';

export function supply(turn: Turn): void {
  const { state } = turn;
  const removed = new Set<string>();
  const territory = suppliedTerritory(turn);
  for (const u of state.units) {
    if (isLand(u.type)) {
      const supplies = (p: string) => territory(u.nation).has(p);
      const supplied =
        !u.aboard && (supplies(u.province) || [...turn.map.touches(u.province)].some(supplies) || turn.coastSupply.has(`${u.nation}@${u.province}`));
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

/**
 * The provinces that supply a nation's land units, worked out once per nation: every fully supplied
 * one, or with `supplyLines: capital` those a chain of them links to the capital (or provisional
 * capital) the nation controls, through provinces without hostile land forces.
 */
function suppliedTerritory(turn: Turn): (nation: string) => ReadonlySet<string> {
  // A fully supplied province is its owner's: one pass over the provinces finds every nation's.
  const owned = new Map<string, string[]>();
  for (const [id, p] of Object.entries(turn.state.provinces))
    if (p.owner && fullySupplied(turn, p.owner, id)) owned.set(p.owner, [...(owned.get(p.owner) ?? []), id]);
  const found = new Map<string, Set<string>>();
  return (nation) => {
    let set = found.get(nation);
    if (set) return set;
    const supplied = owned.get(nation) ?? [];
    if (turn.options.supplyLines === 'adjacent') set = new Set(supplied);
    else {
      const open = new Set(supplied.filter((p) => !landUnitsAt(turn.state, p).some((u) => hostile(turn.state, u.nation, nation))));
      const me = turn.state.nations[nation];
      const root = [me?.capital, me?.provisionalCapital].find((p): p is string => !!p && open.has(p));
      set = new Set(root ? [root] : []);
      const queue = [...set];
      while (queue.length) {
        for (const n of turn.map.neighbours(queue.shift()!, 'army'))
          if (open.has(n.province) && !set.has(n.province)) {
            set.add(n.province);
            queue.push(n.province);
          }
      }
    }
    found.set(nation, set);
    return set;
  };
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
    for (const p of frontier)
      for (const n of turn.map.neighbours(p, 'fleet')) {
        if (seen.has(n.province)) continue;
        seen.add(n.province);
        next.push(n.province);
      }
    frontier = next;
  }
  return false;
}
