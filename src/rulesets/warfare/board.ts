// The board one check or one turn reads: units by province, and the order slots in canonical form.
import { illegal, type Order, type Unit } from '../../engine/index.ts';
import type { WarfareMap } from './map-index.ts';
import type { WarfareOptions } from './options.ts';
import type { UnitKind } from './reach.ts';
import { placeName, unitPhrase } from './words.ts';

export interface Board {
  map: WarfareMap;
  units: readonly Unit[];
  /** Unit index standing in each province, or -1. */
  unitAt: Int32Array;
  /** Province of each unit, or -1 for a province the map does not have (read up to units.length). */
  at: Int32Array;
  options: WarfareOptions;
}

/**
 * `unitAt` and `at` may be a turn's reused arrays (see workspace.ts), `unitAt` given clean (all -1);
 * they are filled here.
 */
export function makeBoard(
  map: WarfareMap,
  units: readonly Unit[],
  options: WarfareOptions,
  unitAt: Int32Array = new Int32Array(map.ids.length).fill(-1),
  at: Int32Array = new Int32Array(units.length),
): Board {
  for (let i = 0; i < units.length; i++) {
    const p = map.number(units[i].province);
    if (p === undefined) at[i] = -1;
    else unitAt[(at[i] = p)] = i;
  }
  return { map, units, unitAt, at, options };
}

/** An order slot's text, or undefined when the slot is empty. */
export function text(value: unknown): string | undefined {
  return typeof value === 'string' && value !== '' ? value : undefined;
}

export type Failure = { ok: false; code: string; message: string };
export const fail = (code: string, message: string) => illegal(code, message) as Failure;

/** A province slot (its value, and its name for the message) as a province number, or why it is not one. */
export function provinceSlot(board: Board, value: unknown, name: string): number | Failure {
  const id = text(value);
  if (id === undefined) return fail('MISSING_PROVINCE', `The order does not say which province (${name}).`);
  const p = board.map.number(id);
  return p === undefined ? fail('UNKNOWN_PROVINCE', `There is no province "${id}" on this map.`) : p;
}

/** The ordering nation's unit named by `unitType`/`province`/`coast`, as a unit index. */
export function orderedUnit(board: Board, nation: string, order: Order): number | Failure {
  const p = provinceSlot(board, order.province, 'province');
  if (typeof p !== 'number') return p;
  const { map } = board;
  const type = text(order.unitType);
  const u = board.unitAt[p];
  if (u < 0) return fail('NO_SUCH_UNIT', `There is no unit in ${map.name(p)}.`);
  const unit = board.units[u];
  if (type && type !== unit.type) {
    return fail('NO_SUCH_UNIT', `There is no ${type} in ${map.name(p)}; the unit there is ${unit.type === 'army' ? 'an army' : 'a fleet'}.`);
  }
  if (unit.nation !== nation) return fail('NOT_YOUR_UNIT', `The ${unitPhrase(map, unit.type, p, unit.coast)} is not yours to order.`);
  const coast = text(order.coast);
  if (coast && coast !== unit.coast && board.options.coasts === 'strict') {
    return fail('WRONG_COAST', `Your ${unit.type} is in ${placeName(map, p, unit.coast)}, not ${placeName(map, p, coast)}.`);
  }
  return u;
}

export function unitKind(unit: Unit): UnitKind {
  return unit.type === 'fleet' ? 'fleet' : 'army';
}
