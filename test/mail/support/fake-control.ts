// A GameControl kept in memory, for tests of the mail loop apart from the scheduler: it remembers
// every call and answers status with the deadline a test sets.
import type { GameControl, GameStatus } from '../../../src/turns/game-control.ts';

export class MemoryControl implements GameControl {
  deadline: Date | null;
  paused = false;
  /** Nations out of the game, and how it ended, as status reports them. */
  out: string[] = [];
  over: GameStatus['over'];
  calls: Array<{ method: string; args: unknown[] }> = [];
  /** Methods that throw this message, to test how failures are reported. */
  failing = new Map<string, string>();

  constructor(deadline: Date | null = new Date('2030-01-01T20:00:00Z')) {
    this.deadline = deadline;
  }

  private record(method: string, ...args: unknown[]): void {
    this.calls.push({ method, args });
    const failure = this.failing.get(method);
    if (failure) throw new Error(failure);
  }

  called(method: string): unknown[][] {
    return this.calls.filter((c) => c.method === method).map((c) => c.args);
  }

  async status(gameId: string): Promise<GameStatus> {
    return {
      gameId,
      turn: 1,
      phase: 'orders',
      deadline: this.paused ? null : this.deadline,
      paused: this.paused,
      ordered: ['red'],
      missing: ['blue'],
      out: this.out,
      ...(this.over && { over: this.over }),
    };
  }
  async extend(gameId: string, ms: number): Promise<Date> {
    this.record('extend', gameId, ms);
    this.deadline = new Date((this.deadline?.getTime() ?? 0) + ms);
    return this.deadline;
  }
  async setDeadline(gameId: string, deadline: Date): Promise<void> {
    this.record('setDeadline', gameId, deadline);
    this.deadline = deadline;
  }
  async pause(gameId: string): Promise<void> {
    this.record('pause', gameId);
    this.paused = true;
  }
  async resume(gameId: string): Promise<void> {
    this.record('resume', gameId);
    this.paused = false;
  }
  async processNow(gameId: string): Promise<void> {
    this.record('processNow', gameId);
  }
  async publish(gameId: string): Promise<void> {
    this.record('publish', gameId);
  }
  async rerun(gameId: string, options: { reroll: boolean }): Promise<void> {
    this.record('rerun', gameId, options);
  }
  async rollback(gameId: string, turn: number): Promise<void> {
    this.record('rollback', gameId, turn);
  }
  async absence(gameId: string, nation: string, from: Date, to: Date): Promise<void> {
    this.record('absence', gameId, nation, from, to);
  }
  async endGame(gameId: string, winners: readonly string[]): Promise<void> {
    this.record('endGame', gameId, winners);
  }
}
