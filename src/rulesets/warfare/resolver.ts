// The decisions of a movement turn, after the DATC's chapter 5: every unit has one (a move
// succeeds, a support is not cut, a convoying fleet is not dislodged) and every convoyed army a
// path decision (its convoy holds), settled by guess and check with the Szykman rule as backup.
import type { Edition } from './options.ts';
import { GuessAndCheck } from './guess-and-check.ts';
import * as codes from './movement-plan.ts';
import type { Plan } from './movement-plan.ts';
import { SEA, type WarfareMap } from './map-index.ts';
import { fillFirst, type Workspace } from './workspace.ts';

// Copied once: tsx runs these modules as CommonJS, where each read of an imported binding is a
// getter call, and these are read in the resolver's innermost loops.
const { BY_CONVOY, BY_LAND, CONVOY, EITHER, MOVE, SUPPORT } = codes;

export class Resolver extends GuessAndCheck {
  /** Armies whose convoy the Szykman rule failed in a paradox. */
  readonly paradox: Uint8Array;
  private readonly seen: Uint8Array;
  private readonly reached: Uint8Array;
  private readonly line: Int32Array;

  constructor(
    readonly plan: Plan,
    private readonly map: WarfareMap,
    private readonly edition: Edition,
    ws: Workspace,
  ) {
    super(ws.low, ws.state, ws.result, 2 * plan.n);
    this.paradox = fillFirst(ws.paradox, 0, plan.n);
    this.seen = ws.seen;
    this.reached = fillFirst(ws.reached, 0, plan.n);
    this.line = ws.line;
  }

  /**
   * Settles every decision. A line of units each moving into the next one's province is resolved
   * from its far end back, so each step finds the next already settled: a long line would otherwise
   * recurse once per unit and could overflow the stack.
   */
  resolveAll(): void {
    const { n, kind, dest, unitAt } = this.plan;
    const seen = fillFirst(this.seen, 0, n);
    // A stack of at most n units, in the workspace: most turns would otherwise make a new list.
    const line = this.line;
    let top = 0;
    for (let u = 0; u < n; u++) {
      for (let v = u; v >= 0 && kind[v] === MOVE && !seen[v]; v = unitAt[dest[v]]) {
        seen[v] = 1;
        line[top++] = v;
      }
      while (top > 0) this.resolve(line[--top]);
    }
    for (let u = 0; u < n; u++) if (kind[u] === SUPPORT || kind[u] === CONVOY) this.resolve(u);
  }

  /** The decision of unit u: move succeeds / support given / convoying fleet not dislodged. */
  succeeds(u: number): boolean {
    return this.resolve(u);
  }

  /** Whether the army's convoy route held (its path decision). */
  convoyHolds(u: number): boolean {
    return this.resolve(this.plan.n + u);
  }

  /**
   * A cycle with two answers or none. With a convoy in it, it is a paradox: by the Szykman rule
   * (the DATC's preference, and the JSON's) every convoyed army in it fails and cuts nothing.
   * Without one, it is circular movement, and every move in it succeeds.
   */
  protected backupRule(cycle: readonly number[]): void {
    const { n, kind, route, subject } = this.plan;
    let failed = 0;
    if (cycle.some((d) => d >= n || kind[d] === CONVOY)) {
      for (const d of cycle) {
        const army = d >= n ? d - n : kind[d] === CONVOY ? subject[d] : kind[d] === MOVE ? d : -1;
        if (army >= 0 && kind[army] === MOVE && route[army] !== BY_LAND && !this.guessing(n + army)) {
          this.settle(n + army, false);
          this.paradox[army] = 1;
          failed++;
        }
      }
    }
    if (!failed) for (const d of cycle) if (d < n && kind[d] === MOVE) this.settle(d, true);
  }

  protected adjudicate(d: number): boolean {
    const { n, kind } = this.plan;
    if (d >= n) return this.adjudicatePath(d - n);
    if (kind[d] === MOVE) return this.adjudicateMove(d);
    if (kind[d] === SUPPORT) return this.adjudicateSupport(d);
    if (kind[d] === CONVOY) return !this.entered(d);
    return true;
  }

  /** Some move into the province of u (a convoying fleet, which never moves) succeeds. */
  private entered(u: number): boolean {
    const { moverHead, moverNext, origin } = this.plan;
    for (let k = moverHead[origin[u]]; k >= 0; k = moverNext[k]) if (this.resolve(k)) return true;
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
    const { supportHead, supportNext, nation } = this.plan;
    let count = 0;
    for (let s = supportHead[u]; s >= 0; s = supportNext[s]) if (nation[s] !== exceptNation && this.resolve(s)) count++;
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
    const { dest, moverHead, moverNext } = this.plan;
    const attack = this.attackStrength(u);
    if (attack === 0) return false;
    const j = this.opposing(u);
    if (j >= 0 ? attack <= this.defendStrength(j) : attack <= this.holdStrength(dest[u])) return false;
    for (let k = moverHead[dest[u]]; k >= 0; k = moverNext[k]) {
      if (k !== u && attack <= this.preventStrength(k)) return false;
    }
    return true;
  }

  /** A support is cut by an attack (from anywhere but where it is aimed) or by dislodgement. */
  private adjudicateSupport(s: number): boolean {
    const { origin, nation, moverHead, moverNext } = this.plan;
    for (let k = moverHead[origin[s]]; k >= 0; k = moverNext[k]) {
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
    const { convoyHead, convoyNext, origin, dest, onRoute } = this.plan;
    if (convoyHead[u] < 0) return false;
    if (this.edition === '1971') {
      const on = onRoute[u]!;
      if (!on.size) return false;
      for (const f of on) if (!this.resolve(f)) return false;
      return true;
    }
    const { start, list } = this.map.fleetProvince;
    const queue: number[] = [];
    let found = false;
    for (let i = start[origin[u]]; i < start[origin[u] + 1]; i++) this.visitSea(u, list[i], queue);
    for (let q = 0; q < queue.length && !found; q++) {
      const sea = queue[q];
      for (let i = start[sea]; i < start[sea + 1] && !found; i++) {
        if (list[i] === dest[u]) found = true;
        else this.visitSea(u, list[i], queue);
      }
    }
    // The search's marks are on u's own fleets only: clear them for the next search.
    for (let f = convoyHead[u]; f >= 0; f = convoyNext[f]) this.reached[f] = 0;
    return found;
  }

  /** A convoy's search reaches a sea: the fleet there, if it convoys u and is not dislodged, carries on. */
  private visitSea(u: number, sea: number, queue: number[]): void {
    const f = this.plan.unitAt[sea];
    if (f < 0 || this.plan.matched[f] === 0 || this.plan.kind[f] !== CONVOY || this.plan.subject[f] !== u || this.reached[f]) return;
    this.reached[f] = 1;
    if (this.resolve(f)) queue.push(sea);
  }
}
