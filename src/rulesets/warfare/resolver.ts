// Kruijswijk's guess-and-check resolver ("The Math of Adjudication", DATC chapter 5). Every unit has
// one decision (a move succeeds, a support is not cut, a convoying fleet is not dislodged) and every
// convoyed army a path decision. resolve() settles a decision from the ones it depends on; when it
// meets itself in a cycle it tries both answers, and if both hold (circular movement) or neither
// does (a convoy paradox) the backup rule decides.
//
// Which guesses an answer leaned on is tracked by depth, as in Tarjan's algorithm: each decision
// being guessed has the depth of its frame, and a frame learns the shallowest guess it touched. An
// answer that leaned only on deeper guesses is final; one that leaned on its own guess is a cycle
// head; one that leaned on a shallower guess is provisional, and is forgotten when that guess is.
import type { Edition } from './options.ts';
import { BY_CONVOY, BY_LAND, CONVOY, EITHER, MOVE, SUPPORT, type Plan } from './movement-plan.ts';
import { SEA, type WarfareMap } from './map-index.ts';

const UNRESOLVED = 0;
const GUESSING = 1;
const RESOLVED = 2;
const NONE = 0x7fffffff;

export class Resolver {
  private readonly state: Uint8Array;
  private readonly result: Uint8Array;
  /** For a decision being guessed, or answered provisionally: the shallowest guess it leans on. */
  private readonly low: Int32Array;
  /** Provisional answers, to forget when the guess they lean on is settled or changed. */
  private readonly deps: number[] = [];
  private depth = 0;
  private touched = NONE;
  /** Armies whose convoy the Szykman rule failed in a paradox. */
  readonly paradox: Uint8Array;

  constructor(
    readonly plan: Plan,
    private readonly map: WarfareMap,
    private readonly edition: Edition,
  ) {
    const buffer = new ArrayBuffer(13 * plan.n);
    this.low = new Int32Array(buffer, 0, 2 * plan.n);
    this.state = new Uint8Array(buffer, 8 * plan.n, 2 * plan.n);
    this.result = new Uint8Array(buffer, 10 * plan.n, 2 * plan.n);
    this.paradox = new Uint8Array(buffer, 12 * plan.n, plan.n);
  }

  /** The decision of unit u: move succeeds / support given / convoying fleet not dislodged. */
  succeeds(u: number): boolean {
    return this.resolve(u);
  }

  /** Whether the army's convoy route held (its path decision). */
  convoyHolds(u: number): boolean {
    return this.resolve(this.plan.n + u);
  }

  private resolve(d: number): boolean {
    const s = this.state[d];
    if (s === RESOLVED) return this.result[d] === 1;
    if (s === GUESSING) {
      if (this.low[d] < this.touched) this.touched = this.low[d];
      return this.result[d] === 1;
    }
    const outer = this.touched;
    const k = ++this.depth;
    const old = this.deps.length;
    this.state[d] = GUESSING;
    this.low[d] = k;
    this.result[d] = 0;
    this.touched = NONE;
    const first = this.adjudicate(d);
    let low = this.touched;
    let value = first;
    let paradox = false;
    if (low === k) {
      // d heads a cycle: forget the answers that leaned on the guess, and guess the other way.
      this.forget(old);
      this.result[d] = 1;
      this.touched = NONE;
      const second = this.adjudicate(d);
      low = this.touched;
      const cycle = [d, ...this.deps.slice(old)];
      if (low >= k) this.forget(old);
      if (first !== second && low >= k) {
        this.backupRule(cycle);
        paradox = true;
      }
      value = second;
    }
    this.depth--;
    if (low < k) {
      // Leaned on a shallower guess: provisional, and so is everything that leaned on this one.
      this.result[d] = value ? 1 : 0;
      this.low[d] = low;
      for (let i = old; i < this.deps.length; i++) if (this.low[this.deps[i]] > low) this.low[this.deps[i]] = low;
      this.deps.push(d);
      this.touched = Math.min(outer, low);
      return value;
    }
    this.touched = outer;
    if (paradox) {
      if (this.state[d] !== RESOLVED) this.state[d] = UNRESOLVED;
      return this.resolve(d);
    }
    this.settle(d, value);
    return value;
  }

  /** Provisional answers from `old` on lean on a guess that is being changed or settled. */
  private forget(old: number): void {
    for (let i = old; i < this.deps.length; i++) this.state[this.deps[i]] = UNRESOLVED;
    this.deps.length = old;
  }

  private settle(d: number, value: boolean): void {
    this.result[d] = value ? 1 : 0;
    this.state[d] = RESOLVED;
  }

  /**
   * A cycle with two answers or none. With a convoy in it, it is a paradox: by the Szykman rule
   * (the DATC's preference, and the JSON's) every convoyed army in it fails and cuts nothing.
   * Without one, it is circular movement, and every move in it succeeds.
   */
  private backupRule(cycle: readonly number[]): void {
    const { n, kind, route, subject } = this.plan;
    for (const d of cycle) if (this.state[d] !== RESOLVED) this.state[d] = UNRESOLVED;
    let failed = 0;
    if (cycle.some((d) => d >= n || kind[d] === CONVOY)) {
      for (const d of cycle) {
        const army = d >= n ? d - n : kind[d] === CONVOY ? subject[d] : kind[d] === MOVE ? d : -1;
        if (army >= 0 && kind[army] === MOVE && route[army] !== BY_LAND && this.state[n + army] !== GUESSING) {
          this.settle(n + army, false);
          this.paradox[army] = 1;
          failed++;
        }
      }
    }
    if (!failed) for (const d of cycle) if (d < n && kind[d] === MOVE) this.settle(d, true);
  }

  private adjudicate(d: number): boolean {
    const { n, kind } = this.plan;
    if (d >= n) return this.adjudicatePath(d - n);
    if (kind[d] === MOVE) return this.adjudicateMove(d);
    if (kind[d] === SUPPORT) return this.adjudicateSupport(d);
    if (kind[d] === CONVOY) return !this.entered(d);
    return true;
  }

  /** Some move into the province of u (a convoying fleet, which never moves) succeeds. */
  private entered(u: number): boolean {
    const { moverStart, movers, origin } = this.plan;
    const p = origin[u];
    for (let i = moverStart[p]; i < moverStart[p + 1]; i++) if (this.resolve(movers[i])) return true;
    return false;
  }

  hasPath(u: number): boolean {
    return this.plan.route[u] !== BY_CONVOY || this.resolve(this.plan.n + u);
  }

  convoyed(u: number): boolean {
    const r = this.plan.route[u];
    return r === BY_CONVOY || (r === EITHER && this.resolve(this.plan.n + u));
  }

  /** The unit in u's destination moving the other way, when they meet head to head over land. */
  opposing(u: number): number {
    const { unitAt, dest, origin, kind } = this.plan;
    const j = unitAt[dest[u]];
    if (j < 0 || kind[j] !== MOVE || dest[j] !== origin[u]) return -1;
    return this.convoyed(u) || this.convoyed(j) ? -1 : j;
  }

  supportCount(u: number, exceptNation: number): number {
    let count = 0;
    for (const s of this.plan.supports[u]) if (this.plan.nation[s] !== exceptNation && this.resolve(s)) count++;
    return count;
  }

  attackStrength(u: number): number {
    if (!this.hasPath(u)) return 0;
    const { unitAt, dest, kind, nation } = this.plan;
    const there = unitAt[dest[u]];
    const leaves = there >= 0 && kind[there] === MOVE && this.opposing(u) !== there && this.resolve(there);
    if (there < 0 || leaves) return 1 + this.supportCount(u, -1);
    if (nation[there] === nation[u]) return 0;
    return 1 + this.supportCount(u, nation[there]);
  }

  holdStrength(province: number): number {
    const there = this.plan.unitAt[province];
    if (there < 0) return 0;
    if (this.plan.kind[there] === MOVE) return this.resolve(there) ? 0 : 1;
    return 1 + this.supportCount(there, -1);
  }

  defendStrength(u: number): number {
    return 1 + this.supportCount(u, -1);
  }

  preventStrength(u: number): number {
    if (!this.hasPath(u)) return 0;
    const j = this.opposing(u);
    if (j >= 0 && this.resolve(j)) return 0;
    return 1 + this.supportCount(u, -1);
  }

  private adjudicateMove(u: number): boolean {
    const { dest, moverStart, movers } = this.plan;
    const attack = this.attackStrength(u);
    if (attack === 0) return false;
    const j = this.opposing(u);
    if (j >= 0 ? attack <= this.defendStrength(j) : attack <= this.holdStrength(dest[u])) return false;
    const p = dest[u];
    for (let i = moverStart[p]; i < moverStart[p + 1]; i++) {
      const k = movers[i];
      if (k !== u && attack <= this.preventStrength(k)) return false;
    }
    return true;
  }

  /** A support is cut by an attack (from anywhere but where it is aimed) or by dislodgement. */
  private adjudicateSupport(s: number): boolean {
    const { origin, nation, moverStart, movers } = this.plan;
    const p = origin[s];
    for (let i = moverStart[p]; i < moverStart[p + 1]; i++) {
      const k = movers[i];
      if (this.cutsByAttack(k, s)) return false;
      if (nation[k] !== nation[s] && !this.spared(k, s) && this.resolve(k)) return false;
    }
    return true;
  }

  /** Whether the move k into the supporter's province cuts support s just by attacking it. */
  cutsByAttack(k: number, s: number): boolean {
    const { origin, dest, nation } = this.plan;
    if (nation[k] === nation[s] || this.spared(k, s)) return false;
    if (dest[s] >= 0 && origin[k] === dest[s]) return false;
    return this.hasPath(k);
  }

  /**
   * The older rulebooks' paradox rules: a convoyed army does not cut a support aimed at a fleet its
   * convoy needs (1971), or at any sea holding a convoying fleet (1982), not even by dislodging the
   * supporter (DATC 6.F.17: "the paradox convoy rule take precedence over the dislodge rule").
   * 2023 leaves paradoxes to the Szykman rule.
   */
  private spared(k: number, s: number): boolean {
    if (this.edition !== '1971' && this.edition !== '1982') return false;
    if (this.plan.route[k] === BY_LAND || !this.convoyed(k)) return false;
    const { dest, unitAt, kind, origin, subject } = this.plan;
    const aimed = dest[s] >= 0 ? dest[s] : origin[subject[s]];
    const fleet = unitAt[aimed];
    if (fleet < 0 || this.map.kind[aimed] !== SEA) return false;
    if (this.edition === '1982') return kind[fleet] === CONVOY;
    return dest[s] >= 0 && (this.plan.onRoute[k]?.has(fleet) ?? false);
  }

  /** The army's convoy holds: a chain of its convoying fleets, none dislodged (1971: none on any route). */
  private adjudicatePath(u: number): boolean {
    const { convoys, origin, dest, onRoute } = this.plan;
    const fleets = convoys[u];
    if (!fleets.length) return false;
    if (this.edition === '1971') {
      const on = onRoute[u]!;
      if (!on.size) return false;
      for (const f of on) if (!this.resolve(f)) return false;
      return true;
    }
    const { start, list } = this.map.fleetProvince;
    const bySea = new Map<number, number>();
    for (const f of fleets) bySea.set(origin[f], f);
    const seen = new Set<number>();
    const queue: number[] = [];
    const visit = (sea: number) => {
      const f = bySea.get(sea);
      if (f === undefined || seen.has(sea)) return;
      seen.add(sea);
      if (this.resolve(f)) queue.push(sea);
    };
    for (let i = start[origin[u]]; i < start[origin[u] + 1]; i++) visit(list[i]);
    for (let q = 0; q < queue.length; q++) {
      const sea = queue[q];
      for (let i = start[sea]; i < start[sea + 1]; i++) {
        if (list[i] === dest[u]) return true;
        visit(list[i]);
      }
    }
    return false;
  }
}
