// The saved shape of a game state (state.yaml, scenario files, turn records). Rulesets keep extra
// fields on nations, provinces and units, so only the shared skeleton is checked here.
import { z } from 'zod';
import type { GameState, MapGraph } from '../engine/index.ts';
import { didYouMean, type Problem } from './problems.ts';

const unitSchema = z.looseObject({
  id: z.string().min(1),
  type: z.string().min(1),
  nation: z.string().min(1),
  province: z.string().min(1),
  coast: z.string().optional(),
  builtTurn: z.number().int().optional(),
});

export const stateSchema = z.strictObject({
  turn: z.number().int().min(0),
  phase: z.string().min(1),
  nations: z.record(z.string(), z.looseObject({ id: z.string(), name: z.string() })),
  provinces: z.record(z.string(), z.looseObject({ owner: z.string().nullable() })),
  units: z.array(unitSchema),
  nextUnitId: z.number().int().min(0),
  extra: z.record(z.string(), z.unknown()).default({}),
});

/** What a schema cannot see: places that are not on the map, owners that are not nations. */
export function checkStateAgainstMap(file: string, state: GameState, map: MapGraph): Problem[] {
  const problems: Problem[] = [];
  const nations = Object.keys(state.nations);
  const unknownNation = (who: string, field: string) => {
    const guess = didYouMean(who, nations);
    problems.push({ file, field, message: `"${who}" is not a nation of this game${guess ? ` (did you mean "${guess}"?)` : ''}.` });
  };
  const unknownProvince = (where: string, field: string) => {
    const guess = didYouMean(where, map.ids());
    problems.push({ file, field, message: `"${where}" is not a province of the map${guess ? ` (did you mean "${guess}"?)` : ''}.` });
  };
  for (const [key, nation] of Object.entries(state.nations)) {
    if (nation.id !== key) problems.push({ file, field: `nations.${key}.id`, message: `the id must be "${key}", the key it is saved under.` });
  }
  for (const [pid, p] of Object.entries(state.provinces)) {
    if (!map.has(pid)) unknownProvince(pid, `provinces.${pid}`);
    if (p.owner && !state.nations[p.owner]) unknownNation(p.owner, `provinces.${pid}.owner`);
  }
  const seen = new Set<string>();
  state.units.forEach((u, i) => {
    if (seen.has(u.id)) problems.push({ file, field: `units[${i}].id`, message: `two units have the id "${u.id}".` });
    seen.add(u.id);
    if (!map.has(u.province)) unknownProvince(u.province, `units[${i}].province`);
    if (!state.nations[u.nation]) unknownNation(u.nation, `units[${i}].nation`);
  });
  return problems;
}
