// Kruijswijk's guess-and-check algorithm ("The Math of Adjudication", DATC chapter 5), apart from
// what is decided: resolve() settles a decision from the ones it depends on; when it meets itself in
// a cycle it tries both answers, and if both hold or neither does, the backup rule decides.
//
// Which guesses an answer leaned on is tracked by depth, as in Tarjan's algorithm: each decision
// being guessed has the depth of its frame, and a frame learns the shallowest guess it touched. An
// answer that leaned only on deeper guesses is final; one that leaned on its own guess is a cycle
// head; one that leaned on a shallower guess is provisional, and is forgotten when that guess is.

import { fillFirst } from './workspace.ts';

const UNRESOLVED = 0;
const GUESSING = 1;
const RESOLVED = 2;
const NONE = 0x7fffffff;

export abstract class GuessAndCheck {
  private readonly state: Uint8Array;
  private readonly result: Uint8Array;
  /** For a decision being guessed, or answered provisionally: the shallowest guess it leans on. */
  private readonly low: Int32Array;
  /** Provisional answers, to forget when the guess they lean on is settled or changed. */
  private readonly deps: number[] = [];
  private depth = 0;
  private touched = NONE;

  /** The arrays may be reused and longer than `decisions`: only the states of the first are cleared. */
  constructor(low: Int32Array, state: Uint8Array, result: Uint8Array, decisions: number) {
    this.low = low;
    this.state = fillFirst(state, UNRESOLVED, decisions);
    this.result = result;
  }

  /** Decides d from the decisions it depends on, read through resolve(). */
  protected abstract adjudicate(d: number): boolean;

  /** Settles (some of) a cycle that has two consistent answers, or none; its decisions are unresolved again. */
  protected abstract backupRule(cycle: readonly number[]): void;

  /** Whether d is being guessed further up the call stack (so a backup rule must leave it alone). */
  protected guessing(d: number): boolean {
    return this.state[d] === GUESSING;
  }

  protected resolve(d: number): boolean {
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
    let backedUp = false;
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
        for (const c of cycle) if (this.state[c] !== RESOLVED) this.state[c] = UNRESOLVED;
        this.backupRule(cycle);
        backedUp = true;
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
    if (backedUp) {
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

  protected settle(d: number, value: boolean): void {
    this.result[d] = value ? 1 : 0;
    this.state[d] = RESOLVED;
  }
}
