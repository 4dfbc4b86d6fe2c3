// A new game: every home province belongs to its kingdom, and each kingdom starts with the units its
// game.yaml lists (`units: [A par, F stp/sc]`), or an army in every home province.
import { MapError, type NationSetup, type RulesetContext, type Unit } from '../../engine/index.ts';
import { SEA, warfareMap } from './map-index.ts';
import type { WarfareOptions } from './options.ts';
import type { WarfareState } from './state.ts';

export function setup(ctx: RulesetContext<WarfareOptions>, nations: readonly NationSetup[]): WarfareState {
  const map = warfareMap(ctx.map);
  if (map.problems.length) throw new MapError(`This map cannot be played with warfare rules: ${map.problems.join(' ')}`);
  const ids = new Set(nations.map((n) => n.id));
  const provinces: WarfareState['provinces'] = {};
  map.ids.forEach((id, p) => {
    const home = map.home[p];
    provinces[id] = { owner: home && ids.has(home) && map.kind[p] !== SEA ? home : null };
  });
  // Home provinces by kingdom, in one pass over the map (not one pass per kingdom).
  const homes = new Map<string, string[]>();
  map.ids.forEach((id, p) => {
    const home = map.home[p];
    if (!home || map.kind[p] === SEA) return;
    const list = homes.get(home);
    if (list) list.push(id);
    else homes.set(home, [id]);
  });
  const units: Unit[] = [];
  let next = 1;
  for (const nation of nations) {
    const listed = nation.attributes?.units;
    const wanted = Array.isArray(listed)
      ? listed.map((text) => startingUnit(String(text), nation.id))
      : (homes.get(nation.id) ?? []).map((province) => ({ type: 'army', province, coast: undefined }));
    for (const w of wanted) {
      const p = map.number(w.province);
      if (p === undefined) throw new MapError(`${nation.id} starts with a unit in "${w.province}", which is not on the map.`);
      if (w.type === 'fleet' && map.coasts[p].length && !(w.coast && map.coasts[p].includes(w.coast))) {
        throw new MapError(`${nation.id}'s fleet in ${w.province} must name one of its coasts (${map.coasts[p].join(', ')}).`);
      }
      units.push({ id: `${w.type[0]}${next++}`, type: w.type, nation: nation.id, province: w.province, ...(w.coast ? { coast: w.coast } : {}) });
    }
  }
  return {
    turn: 1,
    phase: 'orders',
    nations: Object.fromEntries(nations.map((n) => [n.id, { id: n.id, name: n.name }])),
    provinces,
    units,
    nextUnitId: next,
    extra: { season: 'spring', year: ctx.options.startYear, dislodged: [] },
  };
}

function startingUnit(text: string, nation: string): { type: 'army' | 'fleet'; province: string; coast: string | undefined } {
  const m = /^(a|f|army|fleet)\s+([a-z0-9_-]+)(?:\/([a-z]+))?$/i.exec(text.trim());
  if (!m) throw new MapError(`${nation}'s starting unit "${text}" is not written like "A par" or "F stp/sc".`);
  return { type: m[1][0].toLowerCase() === 'f' ? 'fleet' : 'army', province: m[2].toLowerCase(), coast: m[3]?.toLowerCase() };
}
