// A new CNES game: provinces' owners and improvements from the map's attributes, each nation's $,
// technology and units from game.yaml's nation attributes.
import { z } from 'zod';
import { newUnitId, type NationSetup, type RulesetContext } from '../../engine/index.ts';
import type { CnesOptions } from './options.ts';
import type { CnesProvince, CnesState } from './state.ts';

const nationAttributes = z.looseObject({
  gold: z.number().int().min(0).optional(),
  fortifyTech: z.number().int().min(0).max(5).optional(),
  blitz: z.boolean().optional(),
  units: z
    .array(
      z.strictObject({
        type: z.string(),
        province: z.string(),
        count: z.number().int().min(1).max(99).default(1),
        veterancy: z.number().int().min(0).max(5).optional(),
      }),
    )
    .default([]),
});

const provinceAttributes = z.looseObject({
  owner: z.string().optional(),
  urban: z.boolean().optional(),
  industrial: z.boolean().optional(),
  port: z.boolean().optional(),
  airbase: z.boolean().optional(),
  lab: z.boolean().optional(),
});

export function setup(ctx: RulesetContext<CnesOptions>, nations: readonly NationSetup[]): CnesState {
  const state: CnesState = { turn: 1, phase: 'orders', nations: {}, provinces: {}, units: [], nextUnitId: 1, extra: { relations: {} } };
  for (const p of ctx.map.provinces.values()) {
    if (p.kind === 'sea') continue;
    const a = provinceAttributes.parse(p.attributes);
    const province: CnesProvince = { owner: a.owner ?? null };
    for (const key of ['urban', 'industrial', 'port', 'airbase', 'lab'] as const) if (a[key]) province[key] = true;
    state.provinces[p.id] = province;
  }
  for (const n of nations) {
    const a = nationAttributes.parse(n.attributes ?? {});
    state.nations[n.id] = { id: n.id, name: n.name, gold: a.gold ?? ctx.options.startingGold };
    if (a.fortifyTech !== undefined) state.nations[n.id].fortifyTech = a.fortifyTech;
    if (a.blitz) state.nations[n.id].blitz = true;
    for (const u of a.units) {
      if (!ctx.options.cards[u.type]) throw new Error(`${n.id} starts with a "${u.type}", which has no unit card.`);
      if (!ctx.map.has(u.province)) throw new Error(`${n.id} starts with units in "${u.province}", which is not on the map.`);
      for (let i = 0; i < u.count; i++) {
        state.units.push({
          id: newUnitId(state, u.type),
          type: u.type,
          nation: n.id,
          province: u.province,
          builtTurn: 0,
          ...(u.veterancy !== undefined && { veterancy: u.veterancy }),
        });
      }
    }
  }
  for (const [id, p] of Object.entries(state.provinces)) {
    if (p.owner && !state.nations[p.owner]) throw new Error(`the map gives ${id} to "${p.owner}", which is not a nation of this game.`);
  }
  return state;
}
