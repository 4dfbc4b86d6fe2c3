// The typed arrays a movement turn works in, kept with the map and reused from turn to turn.
// Allocating a typed array costs a few hundred nanoseconds, more than adjudicating a small board:
// a DATC case allocated some twenty of them. Arrays sized by units grow (doubling) and are never
// shrunk; each user clears the part it reads. The arrays by province are never swept whole (that
// would cost a pass over the map per turn): a turn writes them only at its units' provinces and
// destinations, and the next turn to take the workspace clears exactly those. A turn takes the
// map's workspace for its duration; should it be taken already (a turn adjudicated inside
// another), the turn gets a fresh one.
import type { WarfareMap } from './map-index.ts';

export class Workspace {
  /** Unit index standing in each province, or -1 (the board's). Clean (all -1) when taken. */
  readonly unitAt: Int32Array;
  /** The first unit moving into each province, or -1; `moverNext` links the others. Clean when taken. */
  readonly moverHead: Int32Array;
  /** Provinces left occupied, and those a standoff keeps empty, after the moves. Clean (0) when taken. */
  readonly occupied: Uint8Array;
  readonly contested: Uint8Array;
  /** Units of the last turn to take the workspace: their origins and destinations are what to clear. */
  private used = 0;
  capacity = 0;
  origin = new Int32Array(0);
  dest = new Int32Array(0);
  subject = new Int32Array(0);
  nation = new Int32Array(0);
  /** The next unit (by index) moving into the same province, or -1. */
  moverNext = new Int32Array(0);
  /** The plan's lists of supports and convoys (see movement-plan.ts). */
  supportHead = new Int32Array(0);
  supportNext = new Int32Array(0);
  convoyHead = new Int32Array(0);
  convoyNext = new Int32Array(0);
  matched = new Uint8Array(0);
  /** Fleets a convoy's search has reached (the resolver's); clean (0) except during a search. */
  reached = new Uint8Array(0);
  /** The resolver's stack of a line of moves (see Resolver.resolveAll). */
  line = new Int32Array(0);
  readonly destCoast: Array<string | undefined> = [];
  dislodger = new Int32Array(0);
  kind = new Uint8Array(0);
  route = new Uint8Array(0);
  isFleet = new Uint8Array(0);
  seen = new Uint8Array(0);
  paradox = new Uint8Array(0);
  /** Decision arrays of the resolver: two decisions per unit. */
  low = new Int32Array(0);
  state = new Uint8Array(0);
  result = new Uint8Array(0);
  busy = false;

  constructor(readonly provinces: number) {
    this.unitAt = new Int32Array(provinces).fill(-1);
    this.moverHead = new Int32Array(provinces).fill(-1);
    this.occupied = new Uint8Array(provinces);
    this.contested = new Uint8Array(provinces);
  }

  /** Cleans the province arrays after the last turn and makes room for n units, whose arrays' contents are then undefined. */
  prepare(n: number): void {
    this.clean();
    this.used = n;
    if (n <= this.capacity) return;
    const c = Math.max(n, 2 * this.capacity, 16);
    this.capacity = c;
    this.origin = new Int32Array(c);
    this.dest = new Int32Array(c);
    this.subject = new Int32Array(c);
    this.nation = new Int32Array(c);
    this.moverNext = new Int32Array(c);
    this.supportHead = new Int32Array(c);
    this.supportNext = new Int32Array(c);
    this.convoyHead = new Int32Array(c);
    this.convoyNext = new Int32Array(c);
    this.matched = new Uint8Array(c);
    this.reached = new Uint8Array(c);
    this.line = new Int32Array(c);
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

  /**
   * A turn writes the province arrays only at its units' origins (`origin`, the board's `at`) and
   * destinations (`dest`): clearing those leaves them clean. `used` is set before either is written,
   * so a turn that failed half-way is cleaned up too (stale entries only clean more than needed).
   */
  private clean(): void {
    for (let u = 0; u < this.used; u++) {
      this.cleanAt(this.origin[u]);
      this.cleanAt(this.dest[u]);
    }
    this.used = 0;
  }

  private cleanAt(p: number): void {
    if (p < 0 || p >= this.provinces) return;
    this.unitAt[p] = -1;
    this.moverHead[p] = -1;
    this.occupied[p] = 0;
    this.contested[p] = 0;
  }
}

/**
 * Sets the first n entries of a reused array to `value`. A loop rather than the `fill` builtin: a
 * turn's lists are mostly short, and for a few entries the builtin's call costs several times more.
 */
export function fillFirst<A extends Int32Array | Uint8Array>(array: A, value: number, n: number): A {
  for (let i = 0; i < n; i++) array[i] = value;
  return array;
}

/** The map's workspace, fitted to n units and marked busy; give it back with `release`. */
export function takeWorkspace(map: WarfareMap, n: number): Workspace {
  // Kept on the map itself: a field read, where a WeakMap would be a lookup every turn.
  let ws = map.workspace;
  if (!ws) ws = map.workspace = new Workspace(map.ids.length);
  else if (ws.busy) ws = new Workspace(map.ids.length);
  ws.busy = true;
  ws.prepare(n);
  return ws;
}

export function releaseWorkspace(ws: Workspace): void {
  ws.busy = false;
}
