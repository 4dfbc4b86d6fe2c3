// The push every node of a force layout gets from all the others (force k²/d away from each),
// approximated after Barnes and Hut: a quadtree groups the nodes, and a group far enough away
// pushes as one body of its count at its centre. A round then costs about n log n instead of n²,
// which is what lets a map of thousands of provinces be laid out in seconds. The tree lives in
// flat typed arrays, built anew each round: a tree of objects would cost more in allocation than
// the pushes themselves.

/** A group acts as one body when its width is under THETA times its distance (d3-force's 0.9). */
const THETA2 = 0.81;
/** Nodes this deep share one leaf: two nodes closer than the page / 2^40 are, for this, one spot. */
const MAX_DEPTH = 40;

/** Adds to (mx, my) the push on each of the n nodes at (xs, ys) from all the others. */
export function repulseApproximately(xs: Float64Array, ys: Float64Array, mx: Float64Array, my: Float64Array, n: number, k2: number): void {
  const tree = new Quadtree(xs, ys, n);
  const stack = new Int32Array(4 * MAX_DEPTH + 4);
  for (let i = 0; i < n; i++) {
    let top = 0;
    stack[top++] = 0;
    while (top > 0) {
      const node = stack[--top];
      const count = tree.count[node];
      const dx = xs[i] - tree.sx[node] / count;
      const dy = ys[i] - tree.sy[node] / count;
      const d2 = dx * dx + dy * dy;
      if (tree.first[node] < 0) {
        if (tree.size[node] ** 2 < THETA2 * d2) {
          mx[i] += (dx * k2 * count) / d2;
          my[i] += (dy * k2 * count) / d2;
        } else {
          for (let q = 4 * node; q < 4 * node + 4; q++) if (tree.child[q] >= 0) stack[top++] = tree.child[q];
        }
        continue;
      }
      // A leaf: its nodes stand on one spot, one of them perhaps i itself.
      for (let j = tree.first[node]; j >= 0; j = tree.next[j]) {
        if (j === i) continue;
        // Two nodes on the very same spot are pushed apart along a fixed small step.
        const [px, py] = xs[i] === xs[j] && ys[i] === ys[j] ? [i < j ? 1e-3 : -1e-3, 0] : [xs[i] - xs[j], ys[i] - ys[j]];
        const force = k2 / (px * px + py * py);
        mx[i] += px * force;
        my[i] += py * force;
      }
    }
  }
}

/**
 * A quadtree over n points, node by node in flat arrays: node 0 is the whole square, a node's
 * children are child[4 * node ... 4 * node + 3] (-1: none), and every node knows how many points
 * it holds and the sums of their coordinates. A leaf lists its points from first[], through next[];
 * an inner node has first = -1.
 */
class Quadtree {
  child = new Int32Array(0);
  first = new Int32Array(0);
  count = new Float64Array(0);
  sx = new Float64Array(0);
  sy = new Float64Array(0);
  /** The width of each node's square, and its corner. */
  size = new Float64Array(0);
  private x0 = new Float64Array(0);
  private y0 = new Float64Array(0);
  readonly next: Int32Array;
  private nodes = 1;

  constructor(
    private readonly xs: Float64Array,
    private readonly ys: Float64Array,
    n: number,
  ) {
    this.next = new Int32Array(n).fill(-1);
    // Most points add one or two nodes; close clusters add more, and the arrays then grow.
    this.grow(2 * n + 16);
    let [left, top, right, bottom] = [Infinity, Infinity, -Infinity, -Infinity];
    for (let i = 0; i < n; i++) [left, top, right, bottom] = [Math.min(left, xs[i]), Math.min(top, ys[i]), Math.max(right, xs[i]), Math.max(bottom, ys[i])];
    [this.x0[0], this.y0[0], this.size[0]] = [left, top, Math.max(right - left, bottom - top) || 1];
    for (let i = 0; i < n; i++) this.insert(i);
  }

  /** Room for `capacity` nodes, what is there kept. */
  private grow(capacity: number): void {
    const more = <A extends Int32Array | Float64Array>(old: A, make: (length: number) => A, per: number, empty: number): A => {
      const array = make(per * capacity).fill(empty) as A;
      array.set(old);
      return array;
    };
    this.child = more(this.child, (l) => new Int32Array(l), 4, -1);
    this.first = more(this.first, (l) => new Int32Array(l), 1, -1);
    this.count = more(this.count, (l) => new Float64Array(l), 1, 0);
    this.sx = more(this.sx, (l) => new Float64Array(l), 1, 0);
    this.sy = more(this.sy, (l) => new Float64Array(l), 1, 0);
    this.size = more(this.size, (l) => new Float64Array(l), 1, 0);
    this.x0 = more(this.x0, (l) => new Float64Array(l), 1, 0);
    this.y0 = more(this.y0, (l) => new Float64Array(l), 1, 0);
  }

  private insert(p: number): void {
    let node = 0;
    for (let depth = 0; ; depth++) {
      this.count[node]++;
      this.sx[node] += this.xs[p];
      this.sy[node] += this.ys[p];
      if (this.count[node] === 1) {
        // It was empty: p is its only point.
        this.first[node] = p;
        return;
      }
      const held = this.first[node];
      if (held >= 0) {
        if (depth >= MAX_DEPTH || (this.xs[held] === this.xs[p] && this.ys[held] === this.ys[p])) {
          this.next[p] = held;
          this.first[node] = p;
          return;
        }
        // A leaf of one spot gets a second: it becomes an inner node, its points moved one down.
        this.first[node] = -1;
        const below = this.childFor(node, held);
        for (let q = held; q >= 0; q = this.next[q]) {
          this.count[below]++;
          this.sx[below] += this.xs[q];
          this.sy[below] += this.ys[q];
        }
        this.first[below] = held;
      }
      node = this.childFor(node, p);
    }
  }

  /** The child of `node` whose square holds point p, made when it is not there yet. */
  private childFor(node: number, p: number): number {
    const half = this.size[node] / 2;
    const right = this.xs[p] >= this.x0[node] + half ? 1 : 0;
    const lower = this.ys[p] >= this.y0[node] + half ? 1 : 0;
    const slot = 4 * node + right + 2 * lower;
    if (this.child[slot] < 0) {
      if (this.nodes === this.first.length) this.grow(2 * this.nodes);
      const made = this.nodes++;
      this.child[slot] = made;
      [this.x0[made], this.y0[made], this.size[made]] = [this.x0[node] + right * half, this.y0[node] + lower * half, half];
    }
    return this.child[slot];
  }
}
