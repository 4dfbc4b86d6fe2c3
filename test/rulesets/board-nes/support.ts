// Shared setup for the board NES tests: the small scenario map, a context, a starting state.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { Dice, type GameEvent, type MapGraph, type Order, type RulesetContext } from '../../../src/engine/index.ts';
import { combatSystems } from '../../../src/combat/index.ts';
import { readMapFile } from '../../../src/game/map-file.ts';
import { boardNes } from '../../../src/rulesets/board-nes/index.ts';
import { boardNesOptions, type BoardNesOptions } from '../../../src/rulesets/board-nes/options.ts';
import type { BoardNesState, BoardNesUnit } from '../../../src/rulesets/board-nes/state.ts';

export const MAP_FILE = path.join(import.meta.dirname, '../../maps/board-nes-small.yaml');

export function smallMap(): MapGraph {
  const { map, problems } = readMapFile(MAP_FILE, readFileSync(MAP_FILE, 'utf8'));
  if (!map) throw new Error(problems.map((p) => p.message).join('; '));
  return map;
}

export function context(map: MapGraph = smallMap(), options: Record<string, unknown> = {}): RulesetContext<BoardNesOptions> {
  return { map, options: boardNesOptions.parse(options), combat: combatSystems };
}

/** Red, blue and green on the small map, 10 gold each, no units. */
export function startState(ctx: RulesetContext<BoardNesOptions> = context()): BoardNesState {
  return boardNes.setup(ctx, [
    { id: 'red', name: 'Redmark' },
    { id: 'blue', name: 'Bluevale' },
    { id: 'green', name: 'Greenwood' },
  ]);
}

export function army(id: string, nation: string, province: string, fields: Partial<BoardNesUnit> = {}): BoardNesUnit {
  return { id, type: 'army', nation, province, builtTurn: 0, ...fields };
}

export function fleet(id: string, nation: string, province: string, fields: Partial<BoardNesUnit> = {}): BoardNesUnit {
  return { id, type: 'fleet', nation, province, builtTurn: 0, ...fields };
}

export function play(ctx: RulesetContext<BoardNesOptions>, state: BoardNesState, orders: Record<string, Order[]>, dice: Dice = Dice.seeded('test')) {
  return boardNes.adjudicate(ctx, state, orders, dice);
}

export function resultOf(events: readonly GameEvent[], nation: string, index: number): GameEvent {
  const found = events.find((e) => (e.type === 'order.succeeded' || e.type === 'order.failed') && e.nation === nation && e.order === index);
  if (!found) throw new Error(`no result for ${nation}[${index}]`);
  return found;
}

export function unitsAt(state: BoardNesState, nation: string, province: string, type = 'army'): BoardNesUnit[] {
  return state.units.filter((u) => u.nation === nation && u.province === province && u.type === type);
}
