// A new game from the map and game.yaml: owners and structures from province attributes
// (`owner` or `home`, `structure`), starting gold, technologies and units from nation attributes
// (`gold`, `technologies`, `units: [{ type: army, province: lon, count: 2 }]`; civ-advanced games
// may give a unit `kind: swordsmen` instead of, or with, its type).
import { newUnitId, startingAmount, type NationSetup, type RulesetContext } from '../../engine/index.ts';
import type { BoardNesOptions } from './options.ts';
import { taxIncomes } from './phases/income.ts';
import { readStructure, type BoardNesNation, type BoardNesProvince, type BoardNesState, type BoardNesUnit } from './state.ts';
import { findUnitKind, unitTypeOfKind, usesUnitKinds } from './unit-kinds.ts';

interface StartingUnits {
  type?: unknown;
  kind?: unknown;
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
    nations: Object.fromEntries(nations.map((n) => [n.id, nationState(ctx, n)])),
    provinces,
    units: [],
    nextUnitId: 1,
    extra: {},
  };
  for (const nation of nations) {
    const list = Array.isArray(nation.attributes?.units) ? (nation.attributes.units as StartingUnits[]) : [];
    for (const entry of list) {
      const { type, unitKind } = startingKind(ctx, nation.id, entry);
      const { province, count } = entry;
      if (typeof province !== 'string' || !ctx.map.has(province)) {
        throw new Error(`${nation.id}: a starting unit needs a province of the map; got ${JSON.stringify(province)}.`);
      }
      for (let i = 0; i < Number(count ?? 1); i++) {
        const unit: BoardNesUnit = { id: newUnitId(state, type), type, nation: nation.id, province, builtTurn: 0 };
        if (unitKind) unit.unitKind = unitKind;
        state.units.push(unit);
      }
    }
  }
  // Caravans may be sent from the first turn, so the first "last update" income is the starting one.
  for (const [nation, tax] of taxIncomes(state, ctx.map, ctx.options)) state.nations[nation].taxIncome = tax;
  return state;
}

function nationState(ctx: RulesetContext<BoardNesOptions>, n: NationSetup): BoardNesNation {
  const nation: BoardNesNation = { id: n.id, name: n.name, gold: startingAmount(n.id, 'gold', n.attributes?.gold, ctx.options.startingGold), taxIncome: 0 };
  const technologies = n.attributes?.technologies;
  if (technologies !== undefined) {
    if (!Number.isInteger(technologies) || (technologies as number) < 0)
      throw new Error(`${n.id}: technologies must be a whole number, 0 or more; got ${JSON.stringify(technologies)}.`);
    nation.technologies = technologies as number;
  }
  return nation;
}

/** A starting unit's type and, in civ-advanced games, its kind (the default one for its type when not given). */
function startingKind(ctx: RulesetContext<BoardNesOptions>, nation: string, { type, kind }: StartingUnits): { type: 'army' | 'fleet'; unitKind?: string } {
  const { options } = ctx;
  if (kind !== undefined) {
    if (!usesUnitKinds(options))
      throw new Error(`${nation}: a starting unit has the kind ${JSON.stringify(kind)}, but unit kinds are only for games with combat: civ-advanced.`);
    const found = typeof kind === 'string' ? findUnitKind(options.civAdvanced.units, kind) : undefined;
    if (!found)
      throw new Error(
        `${nation}: a starting unit has the kind ${JSON.stringify(kind)}, which is not in the unit table (${Object.keys(options.civAdvanced.units).join(', ')}).`,
      );
    const implied = unitTypeOfKind(found.entry);
    if (type !== undefined && type !== implied)
      throw new Error(
        `${nation}: ${found.kind} are ${found.entry.class}, so they start as ${implied === 'fleet' ? 'fleets' : 'armies'}, not ${JSON.stringify(type)}.`,
      );
    return { type: implied, unitKind: found.kind };
  }
  if (type !== 'army' && type !== 'fleet')
    throw new Error(`${nation}: a starting unit needs a type (army or fleet)${usesUnitKinds(options) ? ' or a kind' : ''}; got ${JSON.stringify(type)}.`);
  return usesUnitKinds(options) ? { type, unitKind: options.civAdvanced.defaultUnitKinds[type] } : { type };
}
