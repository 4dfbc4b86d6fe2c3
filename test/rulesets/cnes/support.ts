// Shared setup for the CNES tests: the starter game's map, a context, states and units.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { Dice, type MapGraph, type Order, type RulesetContext } from '../../../src/engine/index.ts';
import { combatSystems } from '../../../src/combat/index.ts';
import { readMapFile } from '../../../src/game/map-file.ts';
import { cnes } from '../../../src/rulesets/cnes/index.ts';
import { cnesOptions, type CnesOptions } from '../../../src/rulesets/cnes/options.ts';
import type { CnesState, CnesUnit } from '../../../src/rulesets/cnes/state.ts';

export const STARTER = path.join(import.meta.dirname, '../../../examples/starter/cnes');

export function starterMap(): MapGraph {
  const file = path.join(STARTER, 'map.yaml');
  const { map, problems } = readMapFile(file, readFileSync(file, 'utf8'));
  if (!map) throw new Error(problems.map((p) => p.message).join('; '));
  return map;
}

export function context(map: MapGraph = starterMap(), options: Record<string, unknown> = {}): RulesetContext<CnesOptions> {
  return { map, options: cnesOptions.parse(options), combat: combatSystems };
}

/** Red, blue and green on the starter map with the map's owners and improvements, $20 each, no units. */
export function startState(ctx: RulesetContext<CnesOptions> = context()): CnesState {
  return cnes.setup(ctx, [
    { id: 'red', name: 'Red Republic' },
    { id: 'blue', name: 'Blue Dominion' },
    { id: 'green', name: 'Green League' },
  ]);
}

export function unit(id: string, type: string, nation: string, province: string, fields: Partial<CnesUnit> = {}): CnesUnit {
  return { id, type, nation, province, builtTurn: 0, ...fields };
}

export function play(ctx: RulesetContext<CnesOptions>, state: CnesState, orders: Record<string, Order[]>, dice: Dice = Dice.seeded('test')) {
  return cnes.adjudicate(ctx, state, orders, dice);
}
