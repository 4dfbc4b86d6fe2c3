// Where a unit can go in one step: armies over land borders, fleets along coasts and seas (from the
// coast they stand on), and both through the linked portals, "regardless of adjacency".
import { LAND, SEA, has, type WarfareMap } from './map-index.ts';

export type UnitKind = 'army' | 'fleet';

/** Whether a unit of this type may stand in the province at all. */
function canStand(map: WarfareMap, type: UnitKind, province: number): boolean {
  return type === 'army' ? map.kind[province] !== SEA : map.kind[province] !== LAND;
}

/** Places (coast places for a split province, else the province) of `to` this unit can step to. */
export function reachablePlaces(map: WarfareMap, type: UnitKind, from: number, coast: string | undefined, to: number): number[] {
  if (!canStand(map, type, to)) return [];
  const throughPortal = map.portal[from] === to;
  if (type === 'army') return throughPortal || has(map.army, from, to) ? [to] : [];
  const all = map.fleetPlaces[to];
  if (throughPortal) return all;
  const place = map.fleetPlace(from, coast);
  return place < 0 ? [] : all.filter((p) => has(map.fleet, place, p));
}

/** Whether the unit could move into the province, whatever the coast (what a support needs, 6.B.4). */
export function canReach(map: WarfareMap, type: UnitKind, from: number, coast: string | undefined, to: number): boolean {
  if (from === to || !canStand(map, type, to)) return false;
  if (map.portal[from] === to) return true;
  if (type === 'army') return has(map.army, from, to);
  const place = map.fleetPlace(from, coast);
  if (place < 0) return false;
  for (const p of map.fleetPlaces[to]) if (has(map.fleet, place, p)) return true;
  return false;
}

/** Every place the unit could step to: the candidates for a retreat. */
export function neighbourPlaces(map: WarfareMap, type: UnitKind, from: number, coast: string | undefined): number[] {
  const out: number[] = [];
  if (type === 'army') {
    for (let i = map.army.start[from]; i < map.army.start[from + 1]; i++) out.push(map.army.list[i]);
  } else {
    const place = map.fleetPlace(from, coast);
    if (place >= 0) for (let i = map.fleet.start[place]; i < map.fleet.start[place + 1]; i++) out.push(map.fleet.list[i]);
  }
  const partner = map.portal[from];
  if (partner >= 0) for (const p of reachablePlaces(map, type, from, coast, partner)) if (!out.includes(p)) out.push(p);
  return out;
}
