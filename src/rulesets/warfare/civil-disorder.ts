// Civil disorder: a kingdom that must disband and does not (or not enough) loses the units farthest
// from its supply centres; on a tie fleets go before armies, then by the province's name (DATC 6.J).
// The 2023 rulebook measures to the centres it owns, over land and sea alike (6.J.6, 6.J.11); the
// older rulebooks measure to its home centres.
import type { Unit } from '../../engine/index.ts';
import type { WarfareMap } from './map-index.ts';
import type { Edition } from './options.ts';
import type { WarfareState } from './state.ts';

// The collator localeCompare would make on every call, made once (same locale, same order).
const byName = new Intl.Collator();

export function civilDisorder(map: WarfareMap, edition: Edition, state: WarfareState, nation: string, count: number): Unit[] {
  const sources: number[] = [];
  for (const p of map.supplyCenters) {
    const counts = edition === '2023' ? state.provinces[map.ids[p]]?.owner === nation : map.home[p] === nation;
    if (counts) sources.push(p);
  }
  const units = state.units.filter((u) => u.nation === nation);
  const distance = distancesFrom(
    map,
    sources,
    units.map((u) => map.number(u.province)!),
  );
  units.sort((a, b) => {
    const pa = map.number(a.province)!;
    const pb = map.number(b.province)!;
    return distance[pb] - distance[pa] || fleetFirst(a) - fleetFirst(b) || byName.compare(map.name(pa), map.name(pb)) || byName.compare(a.province, b.province);
  });
  return units.slice(0, count);
}

function fleetFirst(u: Unit): number {
  return u.type === 'fleet' ? 0 : 1;
}

/**
 * Steps from the nearest source, any unit over any border (portals too); unreachable is Infinity.
 * Only the distances to `wanted` are read, so the search stops once it has reached them all: a
 * breadth-first search knows a province's distance as soon as it reaches it.
 */
function distancesFrom(map: WarfareMap, sources: readonly number[], wanted: readonly number[]): number[] {
  // Plain arrays: a typed array of a map's size lives off the heap, and allocating one costs more
  // than this whole search on a small board.
  const distance: number[] = new Array(map.ids.length).fill(Infinity);
  const queue = [...sources];
  for (const s of sources) distance[s] = 0;
  const pending: number[] = new Array(map.ids.length).fill(0);
  let missing = 0;
  for (const p of wanted) {
    if (distance[p] !== Infinity || pending[p]) continue;
    pending[p] = 1;
    missing++;
  }
  const { start, list } = map.any;
  for (let q = 0; q < queue.length && missing > 0; q++) {
    const p = queue[q];
    for (let i = start[p]; i < start[p + 1]; i++) {
      const t = list[i];
      if (distance[t] === Infinity) {
        distance[t] = distance[p] + 1;
        queue.push(t);
        if (pending[t]) missing--;
      }
    }
  }
  return distance;
}
