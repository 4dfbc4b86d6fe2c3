// Convoy routes: chains of fleets at sea from the army's coast to its destination's coast. Whether
// an order is possible depends on the fleets on the board (DATC 6.D.8, 6.D.32), so these searches
// take a test for "a fleet stands in this sea".
import { SEA, has, type WarfareMap } from './map-index.ts';

export type FleetTest = (sea: number) => boolean;

/** Whether an army could be convoyed from origin to dest through seas that pass the test. */
export function routeExists(map: WarfareMap, origin: number, dest: number, fleetIn: FleetTest, chains = true): boolean {
  const { start, list } = map.fleetProvince;
  const seen = new Set<number>();
  const queue: number[] = [];
  for (let i = start[origin]; i < start[origin + 1]; i++) {
    const s = list[i];
    if (map.kind[s] === SEA && fleetIn(s)) {
      seen.add(s);
      queue.push(s);
    }
  }
  for (let q = 0; q < queue.length; q++) {
    const s = queue[q];
    if (has(map.fleetProvince, s, dest)) return true;
    if (!chains) continue;
    for (let i = start[s]; i < start[s + 1]; i++) {
      const t = list[i];
      if (map.kind[t] === SEA && !seen.has(t) && fleetIn(t)) {
        seen.add(t);
        queue.push(t);
      }
    }
  }
  return false;
}

/**
 * Whether the fleet in `sea` is needed by some convoy route from origin to dest: it lies on a
 * route with no shortcut (no two fleets of the route, nor an end and a fleet, touch out of turn).
 * DATC 6.G.19: a fleet that only lengthens a route gives an illegal convoy order. The search is
 * capped; a route too tangled to settle within the cap is given the benefit of the doubt.
 */
export function neededOnSomeRoute(map: WarfareMap, origin: number, dest: number, sea: number, fleetIn: FleetTest, budget = 20_000): boolean {
  // A fleet touching both coasts is a route on its own, the common case.
  if (has(map.fleetProvince, sea, origin) && has(map.fleetProvince, sea, dest)) return true;
  const { start, list } = map.fleetProvince;
  const path: number[] = [];
  let steps = 0;
  const touchesPath = (t: number, upTo: number) => {
    for (let j = 0; j < upTo; j++) if (has(map.fleetProvince, path[j], t)) return true;
    return false;
  };
  const extend = (last: number): boolean => {
    if (++steps > budget) return true;
    // A fleet touching the destination ends every route it is on: going further would be a shortcut.
    if (has(map.fleetProvince, last, dest)) return path.includes(sea);
    for (let i = start[last]; i < start[last + 1]; i++) {
      const t = list[i];
      if (map.kind[t] !== SEA || !fleetIn(t) || path.includes(t)) continue;
      if (has(map.fleetProvince, origin, t) || touchesPath(t, path.length - 1)) continue;
      path.push(t);
      const found = extend(t);
      path.pop();
      if (found) return true;
    }
    return false;
  };
  for (let i = start[origin]; i < start[origin + 1]; i++) {
    const s = list[i];
    if (map.kind[s] !== SEA || !fleetIn(s)) continue;
    path.push(s);
    const found = extend(s);
    path.pop();
    if (found) return true;
  }
  return false;
}

/** Seas (among `fleets`) lying on some route from origin to dest: the 1971 rule disrupts a convoy when any of them is dislodged. */
export function seasOnRoutes(map: WarfareMap, origin: number, dest: number, fleets: readonly number[], budget = 20_000): Set<number> {
  const on = new Set<number>();
  const path: number[] = [];
  let steps = 0;
  const walk = (last: number) => {
    if (++steps > budget) return;
    if (has(map.fleetProvince, last, dest)) for (const s of path) on.add(s);
    for (const t of fleets) {
      if (!path.includes(t) && has(map.fleetProvince, last, t)) {
        path.push(t);
        walk(t);
        path.pop();
      }
    }
  };
  for (const s of fleets) {
    if (has(map.fleetProvince, origin, s)) {
      path.push(s);
      walk(s);
      path.pop();
    }
  }
  return on;
}
