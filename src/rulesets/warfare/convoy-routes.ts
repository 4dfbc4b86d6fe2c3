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

/** One route search: the chain of seas so far and the steps left. */
interface RouteSearch {
  map: WarfareMap;
  origin: number;
  dest: number;
  fleetIn: FleetTest;
  path: number[];
  steps: number;
  budget: number;
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
  const search: RouteSearch = { map, origin, dest, fleetIn, path: [], steps: 0, budget };
  for (let i = start[origin]; i < start[origin + 1]; i++) {
    const s = list[i];
    if (map.kind[s] !== SEA || !fleetIn(s)) continue;
    search.path.push(s);
    const found = extendRoute(search, s, sea);
    search.path.pop();
    if (found) return true;
  }
  return false;
}

/** Whether a route through `sea` goes on from the path's last sea, `last`, with no shortcut. */
function extendRoute(search: RouteSearch, last: number, sea: number): boolean {
  const { map, path, dest, origin } = search;
  if (++search.steps > search.budget) return true;
  // A fleet touching the destination ends every route it is on: going further would be a shortcut.
  if (has(map.fleetProvince, last, dest)) return path.includes(sea);
  const { start, list } = map.fleetProvince;
  for (let i = start[last]; i < start[last + 1]; i++) {
    const t = list[i];
    if (map.kind[t] !== SEA || !search.fleetIn(t) || path.includes(t)) continue;
    if (has(map.fleetProvince, origin, t) || touchesPath(map, path, t, path.length - 1)) continue;
    path.push(t);
    const found = extendRoute(search, t, sea);
    path.pop();
    if (found) return true;
  }
  return false;
}

/** Whether sea t borders one of the path's first `upTo` seas. */
function touchesPath(map: WarfareMap, path: readonly number[], t: number, upTo: number): boolean {
  for (let j = 0; j < upTo; j++) if (has(map.fleetProvince, path[j], t)) return true;
  return false;
}

const everySea: FleetTest = () => true;

/** Seas (among `fleets`) lying on some route from origin to dest: the 1971 rule disrupts a convoy when any of them is dislodged. */
export function seasOnRoutes(map: WarfareMap, origin: number, dest: number, fleets: readonly number[], budget = 20_000): Set<number> {
  const on = new Set<number>();
  const search: RouteSearch = { map, origin, dest, fleetIn: everySea, path: [], steps: 0, budget };
  for (const s of fleets) {
    if (has(map.fleetProvince, origin, s)) {
      search.path.push(s);
      walkRoutes(search, s, fleets, on);
      search.path.pop();
    }
  }
  return on;
}

function walkRoutes(search: RouteSearch, last: number, fleets: readonly number[], on: Set<number>): void {
  const { map, path } = search;
  if (++search.steps > search.budget) return;
  if (has(map.fleetProvince, last, search.dest)) for (const s of path) on.add(s);
  for (const t of fleets) {
    if (!path.includes(t) && has(map.fleetProvince, last, t)) {
      path.push(t);
      walkRoutes(search, t, fleets, on);
      path.pop();
    }
  }
}
