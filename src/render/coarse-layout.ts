// A big map's force layout, coarse to fine (the multilevel scheme of Walshaw 2003): neighbouring
// provinces are paired off, level after level, until a few hundred groups remain; those are laid
// out with all the rounds they need, and each finer level starts where its group stood and only
// settles. Untangling happens where it is cheap (few nodes), so a 12,000-province map needs a
// handful of rounds over all its nodes instead of hundreds.

/** Relaxes the layout at (xs, ys) for `rounds` rounds, moving each node at most `temperature` at first. */
export type Relax = (xs: Float64Array, ys: Float64Array, links: ReadonlyArray<readonly [number, number]>, rounds: number, temperature: number) => void;

/** Groups few enough to lay out from scratch. */
const COARSEST = 300;
/** Rounds given the coarsest level, and each finer one. */
const COARSE_ROUNDS = 300;
const FINE_ROUNDS = 30;

interface Level {
  n: number;
  links: Array<readonly [number, number]>;
  /** Each node's group in the next coarser level. */
  group: Int32Array;
}

/** Positions for n nodes joined by `links`, in [0, aspect] x [0, 1]. */
export function coarseToFine(n: number, links: ReadonlyArray<readonly [number, number]>, random: () => number, aspect: number, relax: Relax): Float64Array[] {
  const levels: Level[] = [];
  let current = { n, links: [...links] };
  while (current.n > COARSEST) {
    const level = pairOff(current.n, current.links);
    // A graph that hardly shrinks (a star, many islands) is laid out at this level.
    if (level.groups > 0.9 * current.n) break;
    levels.push({ ...current, group: level.group });
    current = { n: level.groups, links: level.links };
  }
  let xs = new Float64Array(current.n);
  let ys = new Float64Array(current.n);
  for (let i = 0; i < current.n; i++) [xs[i], ys[i]] = [random() * aspect, random()];
  relax(xs, ys, current.links, COARSE_ROUNDS, 0.1 * Math.max(aspect, 1));
  for (const level of levels.reverse()) {
    // A node starts beside its group, nudged off it (two on one spot push along a fixed axis only).
    const k = Math.sqrt(aspect / level.n);
    const [fx, fy] = [new Float64Array(level.n), new Float64Array(level.n)];
    for (let i = 0; i < level.n; i++) [fx[i], fy[i]] = [xs[level.group[i]] + (random() - 0.5) * k, ys[level.group[i]] + (random() - 0.5) * k];
    relax(fx, fy, level.links, FINE_ROUNDS, 0.5 * k);
    [xs, ys] = [fx, fy];
  }
  return [xs, ys];
}

/** Pairs each node with an unpaired neighbour where it has one: the groups, and the borders between them. */
function pairOff(n: number, links: ReadonlyArray<readonly [number, number]>): { group: Int32Array; groups: number; links: Array<readonly [number, number]> } {
  const neighbours: number[][] = Array.from({ length: n }, () => []);
  for (const [a, b] of links) {
    neighbours[a].push(b);
    neighbours[b].push(a);
  }
  const group = new Int32Array(n).fill(-1);
  let groups = 0;
  for (let v = 0; v < n; v++) {
    if (group[v] >= 0) continue;
    // The neighbour with the fewest neighbours: pairing hubs last keeps groups of even size.
    let mate = -1;
    for (const u of neighbours[v]) if (group[u] < 0 && u !== v && (mate < 0 || neighbours[u].length < neighbours[mate].length)) mate = u;
    group[v] = groups;
    if (mate >= 0) group[mate] = groups;
    groups++;
  }
  const seen = new Set<number>();
  const coarse: Array<readonly [number, number]> = [];
  for (const [a, b] of links) {
    const [ga, gb] = [group[a], group[b]];
    if (ga === gb) continue;
    const key = Math.min(ga, gb) * groups + Math.max(ga, gb);
    if (seen.has(key)) continue;
    seen.add(key);
    coarse.push([ga, gb]);
  }
  return { group, groups, links: coarse };
}
