// The small warfare map (test/maps/warfare-small.yaml) and short ways to write states and orders on it.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { Dice, Registry, type CombatSystem, type GameEvent, type MapGraph, type Order, type RulesetContext, type Unit } from '../../../src/engine/index.ts';
import { readMapFile } from '../../../src/game/map-file.ts';
import { warfare } from '../../../src/rulesets/warfare/index.ts';
import { warfareOptions, type WarfareOptions } from '../../../src/rulesets/warfare/options.ts';
import type { Season, WarfareState } from '../../../src/rulesets/warfare/state.ts';

const file = path.join(import.meta.dirname, '../../maps/warfare-small.yaml');
let map: MapGraph | undefined;

export function smallMap(): MapGraph {
  if (!map) {
    const read = readMapFile(file, readFileSync(file, 'utf8'));
    if (!read.map) throw new Error(read.problems.map((p) => p.message).join('; '));
    map = read.map;
  }
  return map;
}

export function context(options: Partial<WarfareOptions> = {}): RulesetContext<WarfareOptions> {
  return { map: smallMap(), options: { ...warfareOptions.parse({}), ...options }, combat: new Registry<CombatSystem>('combat system') };
}

/** Units written "red A ash", "blue F cape/sc". */
export function units(...written: string[]): Unit[] {
  return written.map((w, i) => {
    const [nation, type, place] = w.split(' ');
    const [province, coast] = place.split('/');
    return { id: `u${i + 1}`, type: type === 'F' ? 'fleet' : 'army', nation, province, ...(coast ? { coast } : {}) };
  });
}

export function stateOf(list: Unit[], fields: { phase?: string; season?: Season; owners?: Record<string, string> } = {}): WarfareState {
  const provinces: WarfareState['provinces'] = { red: { owner: 'red' }, ash: { owner: 'red' }, blu: { owner: 'blue' }, bsh: { owner: 'blue' } };
  for (const [province, owner] of Object.entries(fields.owners ?? {})) provinces[province] = { owner };
  return {
    turn: 1,
    phase: fields.phase ?? 'orders',
    nations: { red: { id: 'red', name: 'Redmark' }, blue: { id: 'blue', name: 'Bluevale' }, green: { id: 'green', name: 'Greenwood' } },
    provinces,
    units: list,
    nextUnitId: list.length + 1,
    extra: { season: fields.season ?? 'spring', year: 1901, dislodged: [] },
  };
}

const type = (letter: string) => (letter.toUpperCase() === 'F' ? 'fleet' : 'army');

function place(text: string): { province: string; coast?: string } {
  const [province, coast] = text.split('/');
  return coast ? { province, coast } : { province };
}

/** One order in the canonical notation: "A ash - hil", "F nth C A red - blu", "A mid S A hil - low", "Build F blu", "Waive". */
export function order(text: string): Order {
  const words = text.trim().split(/\s+/);
  if (words[0] === 'Waive') return { kind: 'waive' };
  if (words[0] === 'Build') {
    const p = place(words[2]);
    return { kind: 'build', unitType: type(words[1]), province: p.province, ...(p.coast ? { coast: p.coast } : {}) };
  }
  const at = place(words[1]);
  const head = { unitType: type(words[0]), province: at.province, ...(at.coast ? { coast: at.coast } : {}) };
  const [verb, ...rest] = words.slice(2);
  const target = (t: string) => {
    const p = place(t);
    return { target: p.province, ...(p.coast ? { targetCoast: p.coast } : {}) };
  };
  if (verb === 'H') return { kind: 'hold', ...head };
  if (verb === 'D') return { kind: 'disband', ...head };
  if (verb === '-') return { kind: 'move', ...head, ...target(rest[0]), ...(rest[1] === 'via' ? { viaConvoy: true } : {}) };
  if (verb === 'R') return { kind: 'retreat', ...head, ...target(rest[0]) };
  if (verb === 'S') return { kind: 'support', ...head, subjectType: type(rest[0]), subject: rest[1], ...(rest[2] === '-' ? { target: rest[3] } : {}) };
  if (verb === 'C') return { kind: 'convoy', ...head, subject: rest[1], target: rest[3] };
  throw new Error(`cannot read the order "${text}"`);
}

export function play(ctx: RulesetContext<WarfareOptions>, state: WarfareState, orders: Record<string, string[]>): { state: WarfareState; events: GameEvent[] } {
  const parsed = Object.fromEntries(Object.entries(orders).map(([nation, list]) => [nation, list.map(order)]));
  return warfare.adjudicate(ctx, state, parsed, Dice.forced([]));
}

/** The result event of a nation's order, by index. */
export function resultOf(events: readonly GameEvent[], nation: string, index: number): GameEvent | undefined {
  return events.find((e) => (e.type === 'order.succeeded' || e.type === 'order.failed') && e.nation === nation && e.order === index);
}
