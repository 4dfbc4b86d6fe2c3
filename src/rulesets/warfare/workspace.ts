// The typed arrays a movement turn works in, kept with the map and reused from turn to turn.
// Allocating a typed array costs a few hundred nanoseconds, more than adjudicating a small board:
// a DATC case allocated some twenty of them. Arrays sized by units grow (doubling) and are never
// shrunk; each user clears the part it reads. A turn takes the map's workspace for its duration;
// should it be taken already (a turn adjudicated inside another), the turn gets a fresh one.
import type { WarfareMap } from './map-index.ts';

export class Workspace {
  /** Unit index standing in each province, or -1 (the board's). */
  readonly unitAt: Int32Array;
  /** Units moving into each province, as offsets into `movers`, and a cursor to fill it. */
  readonly moverStart: Int32Array;
  readonly cursor: Int32Array;
  /** Provinces left occupied, and those a standoff keeps empty, after the moves. */
  readonly occupied: Uint8Array;
  readonly contested: Uint8Array;
  capacity = 0;
  origin = new Int32Array(0);
  dest = new Int32Array(0);
  subject = new Int32Array(0);
  nation = new Int32Array(0);
  movers = new Int32Array(0);
  dislodger = new Int32Array(0);
  kind = new Uint8Array(0);
  route = new Uint8Array(0);
  isFleet = new Uint8Array(0);
  seen = new Uint8Array(0);
  paradox = new Uint8Array(0);
  /** Each nation's number in the turn, cleared by the plan that fills it (a Map costs more to make than to clear). */
  readonly nationIds = new Map<string, number>();
  /** Decision arrays of the resolver: two decisions per unit. */
  low = new Int32Array(0);
  state = new Uint8Array(0);
  result = new Uint8Array(0);
  busy = false;

  constructor(readonly provinces: number) {
    this.unitAt = new Int32Array(provinces);
    this.moverStart = new Int32Array(provinces + 1);
    this.cursor = new Int32Array(provinces + 1);
    this.occupied = new Uint8Array(provinces);
    this.contested = new Uint8Array(provinces);
  }

  /** Makes room for n units; the contents of the unit arrays are undefined afterwards. */
  fit(n: number): void {
    if (n <= this.capacity) return;
    const c = Math.max(n, 2 * this.capacity, 16);
    this.capacity = c;
    this.origin = new Int32Array(c);
    this.dest = new Int32Array(c);
    this.subject = new Int32Array(c);
    this.nation = new Int32Array(c);
    this.movers = new Int32Array(c);
    this.dislodger = new Int32Array(c);
    this.kind = new Uint8Array(c);
    this.route = new Uint8Array(c);
    this.isFleet = new Uint8Array(c);
    this.seen = new Uint8Array(c);
    this.paradox = new Uint8Array(c);
    this.low = new Int32Array(2 * c);
    this.state = new Uint8Array(2 * c);
    this.result = new Uint8Array(2 * c);
  }
}

const kept = new WeakMap<WarfareMap, Workspace>();

/** The map's workspace, fitted to n units and marked busy; give it back with `release`. */
export function takeWorkspace(map: WarfareMap, n: number): Workspace {
  let ws = kept.get(map);
  if (!ws) kept.set(map, (ws = new Workspace(map.ids.length)));
  else if (ws.busy) ws = new Workspace(map.ids.length);
  ws.busy = true;
  ws.fit(n);
  return ws;
}

export function releaseWorkspace(ws: Workspace): void {
  ws.busy = false;
}
