// A new game from the map and game.yaml: owners and structures from province attributes
// (`owner` or `home`, `structure`), starting gold and units from nation attributes
// (`gold`, `units: [{ type: army, province: lon, count: 2 }]`).
import { newUnitId, type NationSetup, type RulesetContext } from '../../engine/index.ts';
import type { BoardNesOptions } from './options.ts';
import { taxIncomes } from './phases/income.ts';
import { readStructure, type BoardNesProvince, type BoardNesState } from './state.ts';

interface StartingUnits {
  type?: unknown;
  province?: unknown;
  count?: unknown;
}

export function setup(ctx: RulesetContext<BoardNesOptions>, nations: readonly NationSetup[]): BoardNesState {
  const ids = new Set(nations.map((n) => n.id));
  const provinces: Record<string, BoardNesProvince> = {};
  for (const id of ctx.map.ids()) {
    const p = ctx.map.province(id);
    if (p.kind === 'sea') continue;
    const owner = [p.attributes.owner, p.attributes.home].find((o) => typeof o === 'string' && ids.has(o)) as string | undefined;
    provinces[id] = { owner: owner ?? null, structure: readStructure(p.attributes.structure) };
  }
  const state: BoardNesState = {
    turn: 1,
    phase: 'orders',
    nations: Object.fromEntries(nations.map((n) => [n.id, { id: n.id, name: n.name, gold: Number(n.attributes?.gold ?? ctx.options.startingGold), taxIncome: 0 }])),
    provinces,
    units: [],
    nextUnitId: 1,
    extra: {},
  };
  for (const nation of nations) {
    const list = Array.isArray(nation.attributes?.units) ? (nation.attributes.units as StartingUnits[]) : [];
    for (const { type, province, count } of list) {
      if ((type !== 'army' && type !== 'fleet') || typeof province !== 'string' || !ctx.map.has(province)) {
        throw new Error(`${nation.id}: a starting unit needs a type (army or fleet) and a province of the map; got ${JSON.stringify({ type, province })}.`);
      }
      for (let i = 0; i < Number(count ?? 1); i++) state.units.push({ id: newUnitId(state, type), type, nation: nation.id, province, builtTurn: 0 });
    }
  }
  // Caravans may be sent from the first turn, so the first "last update" income is the starting one.
  for (const [nation, tax] of taxIncomes(state, ctx.map, ctx.options)) state.nations[nation].taxIncome = tax;
  return state;
}
