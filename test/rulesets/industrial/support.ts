// Shared setup for the industrial tests: the small scenario map, a context, the starter game's nations.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { MapGraph, NationSetup, RulesetContext } from '../../../src/engine/index.ts';
import { combatSystems } from '../../../src/combat/index.ts';
import { readMapFile } from '../../../src/game/map-file.ts';
import { industrialOptions, type IndustrialOptions } from '../../../src/rulesets/industrial/options.ts';

export const MAP_FILE = path.join(import.meta.dirname, '../../maps/industrial-small.yaml');

export function smallMap(): MapGraph {
  const { map, problems } = readMapFile(MAP_FILE, readFileSync(MAP_FILE, 'utf8'));
  if (!map) throw new Error(problems.map((p) => p.message).join('; '));
  return map;
}

export function context(map: MapGraph = smallMap(), options: Record<string, unknown> = {}): RulesetContext<IndustrialOptions> {
  return { map, options: industrialOptions.parse(options), combat: combatSystems };
}

/** France, Prussia and Britain as in the starter game. */
export const STARTER_NATIONS: NationSetup[] = [
  {
    id: 'fra',
    name: 'France',
    attributes: { gold: 20, tech: 2, deploy: { infantry: 4, artillery: 1, general: 1, warship: 1 }, missions: [{ control: 'bel', reward: 5 }] },
  },
  { id: 'ger', name: 'Prussia', attributes: { gold: 20, tech: 3, deploy: { infantry: 4, artillery: 1, general: 1 } } },
  { id: 'gbr', name: 'Britain', attributes: { gold: 25, tech: 2, deploy: { infantry: 2, warship: 3, battleship: 1 } } },
];
