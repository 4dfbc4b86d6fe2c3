// One movement turn as flat arrays, unit by unit: what each unit effectively does (an illegal order
// or no order is a hold), who supports whom, which fleets convoy which army, and how each army
// travels. The resolver reads only this.
import type { Board } from './board.ts';
import { seasOnRoutes } from './convoy-routes.ts';
import type { Checked } from './movement-check.ts';
import type { Edition } from './options.ts';
import type { Workspace } from './workspace.ts';

const none: number[] = [];

function add(lists: number[][], at: number, value: number): void {
  if (lists[at] === none) lists[at] = [value];
  else lists[at].push(value);
}

// What a unit does; 0 (the default) is a hold, which is also what an illegal order or no order means.
export const MOVE = 1;
export const SUPPORT = 2;
export const CONVOY = 3;

/** How an army travels: over land, only by convoy, or by convoy when the convoy holds and else over land. */
export const BY_LAND = 0;
export const BY_CONVOY = 1;
export const EITHER = 2;

export interface Plan {
  n: number;
  kind: Uint8Array;
  origin: Int32Array;
  /** Move destination, support target (-1: support to hold), convoy destination. */
  dest: Int32Array;
  destCoast: Array<string | undefined>;
  /** Supported or convoyed unit. */
  subject: Int32Array;
  route: Uint8Array;
  nation: Int32Array;
  unitAt: Int32Array;
  /** Units moving into each province, by index: moverHead[p], then moverNext of each, to -1. */
  moverHead: Int32Array;
  moverNext: Int32Array;
  /** Supports matching each unit's actual order. */
  supports: ReadonlyArray<readonly number[]>;
  /** Fleets convoying each army's move. */
  convoys: ReadonlyArray<readonly number[]>;
  /** 1971: fleets on some route of each army, any of which dislodged disrupts the convoy. */
  onRoute: Array<Set<number> | undefined>;
  isFleet: Uint8Array;
}

export function makePlan(board: Board, checked: ReadonlyArray<Checked | undefined>, edition: Edition, fallback: boolean, ws: Workspace): Plan {
  const { map, units } = board;
  const n = units.length;
  // The workspace's arrays may be longer than n: everything here reads only the first n.
  const { dest, subject, nation, moverHead, moverNext, kind, route, isFleet, nationIds } = ws;
  const origin = board.at;
  const destCoast: Array<string | undefined> = new Array(n);
  nationIds.length = 0;
  for (let i = 0; i < n; i++) {
    const u = units[i];
    nation[i] = nationNumber(nationIds, u.nation);
    isFleet[i] = u.type === 'fleet' ? 1 : 0;
    dest[i] = -1;
    subject[i] = -1;
    kind[i] = 0;
    route[i] = 0;
  }
  for (let i = 0; i < n; i++) {
    const c = checked[i];
    if (!c || c.kind === 'hold') continue;
    if (c.kind === 'move') {
      kind[i] = MOVE;
      dest[i] = c.dest;
      destCoast[i] = c.coast;
    } else if (c.kind === 'support') {
      kind[i] = SUPPORT;
      dest[i] = c.target;
      destCoast[i] = c.targetCoast;
      subject[i] = c.subject;
    } else {
      kind[i] = CONVOY;
      dest[i] = c.dest;
      subject[i] = c.subject;
    }
  }
  // Linked from the last unit back, so each province's movers come in unit order.
  for (let i = n - 1; i >= 0; i--) {
    if (kind[i] !== MOVE) continue;
    moverNext[i] = moverHead[dest[i]];
    moverHead[dest[i]] = i;
  }

  // Most units have no supporter and no convoy: they share one empty list.
  const supports: number[][] = new Array(n).fill(none);
  const convoys: number[][] = new Array(n).fill(none);
  for (let i = 0; i < n; i++) {
    const s = subject[i];
    if (kind[i] === SUPPORT) {
      const toHold = dest[i] < 0;
      const matches = toHold
        ? kind[s] !== MOVE
        : kind[s] === MOVE && dest[s] === dest[i] && (!destCoast[i] || !destCoast[s] || destCoast[i] === destCoast[s]);
      if (matches) add(supports, s, i);
    } else if (kind[i] === CONVOY && kind[s] === MOVE && !isFleet[s] && dest[s] === dest[i]) {
      add(convoys, s, i);
    }
  }
  const onRoute: Array<Set<number> | undefined> = new Array(n);
  const inputs = { kind, origin, dest, nation, unitAt: board.unitAt, convoys };
  for (let i = 0; i < n; i++) {
    if (kind[i] !== MOVE || isFleet[i]) continue;
    route[i] = armyRoute(checked[i] as Extract<Checked, { kind: 'move' }>, i, inputs, edition, fallback);
    if (edition === '1971' && route[i] !== BY_LAND) {
      const seas = seasOnRoutes(map, origin[i], dest[i], convoys[i].map((f) => origin[f]));
      onRoute[i] = new Set(convoys[i].filter((f) => seas.has(origin[f])));
    }
  }
  return { n, kind, origin, dest, destCoast, subject, route, nation, unitAt: board.unitAt, moverHead, moverNext, supports, convoys, onRoute, isFleet };
}

/** The nation's number in this turn: its place in `seen`, where it is added the first time. */
function nationNumber(seen: string[], nation: string): number {
  // Units mostly come grouped by nation: the last one added is the likeliest.
  const last = seen.length - 1;
  if (last >= 0 && seen[last] === nation) return last;
  const i = seen.indexOf(nation);
  if (i >= 0) return i;
  seen.push(nation);
  return last + 1;
}

type RouteInputs = Pick<Plan, 'kind' | 'origin' | 'dest' | 'nation' | 'unitAt' | 'convoys'>;

/**
 * How an army reaches its destination, by edition (DATC 4.A.3): a distant province only by convoy;
 * "via convoy" always by convoy; next door, 1971 takes a convoy only to pass a unit coming the other
 * way, 1982 and 2023 when the army's own nation convoys it (intent), the DPTG only when told.
 */
function armyRoute(move: Extract<Checked, { kind: 'move' }>, i: number, p: RouteInputs, edition: Edition, fallback: boolean): number {
  if (!move.byLand || move.viaConvoy) return BY_CONVOY;
  const convoyed = p.convoys[i];
  if (!convoyed.length || edition === 'dptg') return BY_LAND;
  if (edition === '1971') {
    const there = p.unitAt[p.dest[i]];
    const oncoming = there >= 0 && p.kind[there] === MOVE && p.dest[there] === p.origin[i];
    return oncoming ? EITHER : BY_LAND;
  }
  const intent = convoyed.some((f) => p.nation[f] === p.nation[i]);
  if (!intent) return BY_LAND;
  return fallback ? EITHER : BY_CONVOY;
}
