// One movement turn as flat arrays, unit by unit: what each unit effectively does (an illegal order
// or no order is a hold), who supports whom, which fleets convoy which army, and how each army
// travels. The resolver reads only this.
import type { Board } from './board.ts';
import { seasOnRoutes } from './convoy-routes.ts';
import type { Checked } from './movement-check.ts';
import type { Edition } from './options.ts';
import { fillFirst, type Workspace } from './workspace.ts';

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
  /**
   * Supports matching each unit's actual order, by index: supportHead[u], then supportNext of each,
   * to -1; and the fleets convoying each army's move, the same way. Lists in typed arrays, because
   * most units have neither and a big turn would otherwise make thousands of small arrays.
   */
  supportHead: Int32Array;
  supportNext: Int32Array;
  convoyHead: Int32Array;
  convoyNext: Int32Array;
  /** A support or convoy that matches its subject's actual order, and so is in one of those lists. */
  matched: Uint8Array;
  /** 1971: fleets on some route of each army, any of which dislodged disrupts the convoy. */
  onRoute: Array<Set<number> | undefined>;
  isFleet: Uint8Array;
}

export function makePlan(board: Board, byUnit: ReadonlyArray<Checked | undefined>, edition: Edition, fallback: boolean, ws: Workspace): Plan {
  const { map, units } = board;
  const n = units.length;
  // The workspace's arrays may be longer than n: everything here reads only the first n.
  const { dest, subject, nation, moverHead, moverNext, kind, route, isFleet, destCoast } = ws;
  const origin = board.at;
  // The turn's nations, each numbered by its place here.
  const nationIds: string[] = [];
  for (let i = 0; i < n; i++) {
    const u = units[i];
    nation[i] = nationNumber(nationIds, u.nation);
    isFleet[i] = u.type === 'fleet' ? 1 : 0;
    const c = byUnit[i];
    kind[i] = c === undefined ? 0 : codeOf(c.kind);
    dest[i] = c === undefined ? -1 : c.dest;
    destCoast[i] = c?.coast;
    subject[i] = c === undefined ? -1 : c.subject;
    route[i] = 0;
  }
  // Linked from the last unit back, so each province's movers come in unit order.
  for (let i = n - 1; i >= 0; i--) {
    if (kind[i] !== MOVE) continue;
    moverNext[i] = moverHead[dest[i]];
    moverHead[dest[i]] = i;
  }
  linkSupportsAndConvoys(n, ws);
  const { supportHead, supportNext, convoyHead, convoyNext, matched } = ws;
  const plan: Plan = {
    n,
    kind,
    origin,
    dest,
    destCoast,
    subject,
    route,
    nation,
    unitAt: board.unitAt,
    moverHead,
    moverNext,
    supportHead,
    supportNext,
    convoyHead,
    convoyNext,
    matched,
    onRoute: [],
    isFleet,
  };
  for (let i = 0; i < n; i++) {
    if (kind[i] !== MOVE || isFleet[i]) continue;
    route[i] = armyRoute(byUnit[i]!, i, plan, edition, fallback);
    if (edition === '1971' && route[i] !== BY_LAND) {
      const fleets = unitList(plan.convoyHead, plan.convoyNext, i);
      const seas = seasOnRoutes(
        map,
        origin[i],
        dest[i],
        fleets.map((f) => origin[f]),
      );
      plan.onRoute[i] = new Set(fleets.filter((f) => seas.has(origin[f])));
    }
  }
  return plan;
}

function codeOf(kind: Checked['kind']): number {
  return kind === 'move' ? MOVE : kind === 'support' ? SUPPORT : kind === 'convoy' ? CONVOY : 0;
}

/** Each unit's matching supports and convoys, in unit order (linked from the last unit back). */
function linkSupportsAndConvoys(n: number, ws: Workspace): void {
  const { kind, dest, destCoast, subject, isFleet, supportHead, supportNext, convoyHead, convoyNext, matched } = ws;
  fillFirst(supportHead, -1, n);
  fillFirst(convoyHead, -1, n);
  for (let i = n - 1; i >= 0; i--) {
    matched[i] = 0;
    const s = subject[i];
    if (kind[i] === SUPPORT) {
      const toHold = dest[i] < 0;
      const matches = toHold ? kind[s] !== MOVE : kind[s] === MOVE && dest[s] === dest[i] && (!destCoast[i] || !destCoast[s] || destCoast[i] === destCoast[s]);
      if (!matches) continue;
      supportNext[i] = supportHead[s];
      supportHead[s] = i;
      matched[i] = 1;
    } else if (kind[i] === CONVOY && kind[s] === MOVE && !isFleet[s] && dest[s] === dest[i]) {
      convoyNext[i] = convoyHead[s];
      convoyHead[s] = i;
      matched[i] = 1;
    }
  }
}

/** The units of one linked list (supports or convoys of u), as an array: for reports, not hot loops. */
export function unitList(head: Int32Array, next: Int32Array, u: number): number[] {
  const out: number[] = [];
  for (let k = head[u]; k >= 0; k = next[k]) out.push(k);
  return out;
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

/**
 * How an army reaches its destination, by edition (DATC 4.A.3): a distant province only by convoy;
 * "via convoy" always by convoy; next door, 1971 takes a convoy only to pass a unit coming the other
 * way, 1982 and 2023 when the army's own nation convoys it (intent), the DPTG only when told.
 */
function armyRoute(move: Checked, i: number, p: Plan, edition: Edition, fallback: boolean): number {
  if (!move.byLand || move.viaConvoy) return BY_CONVOY;
  if (p.convoyHead[i] < 0 || edition === 'dptg') return BY_LAND;
  if (edition === '1971') {
    const there = p.unitAt[p.dest[i]];
    const oncoming = there >= 0 && p.kind[there] === MOVE && p.dest[there] === p.origin[i];
    return oncoming ? EITHER : BY_LAND;
  }
  let intent = false;
  for (let f = p.convoyHead[i]; f >= 0; f = p.convoyNext[f]) if (p.nation[f] === p.nation[i]) intent = true;
  if (!intent) return BY_LAND;
  return fallback ? EITHER : BY_CONVOY;
}
