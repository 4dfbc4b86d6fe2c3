// What the GM's email commands (and the CLI) can do to a running game. The deadline scheduler
// implements it; the mail loop calls it. Every method is idempotent where the GM could repeat it.
import type { GameEnd } from '../engine/index.ts';

export interface GameStatus {
  gameId: string;
  turn: number;
  phase: string;
  /** The next deadline, or null while paused or waiting for the GM. */
  deadline: Date | null;
  paused: boolean;
  /** Why the game waits for the GM (missed deadline while down, orders missing with "wait"...), if it does. */
  waitingForGm?: string;
  /** Nations that have orders in force for the coming step. */
  ordered: string[];
  missing: string[];
  /** A preview waiting for PUBLISH, if the game uses previews. */
  previewStep?: number;
  /** With a grace period: orders arriving before this still count (the deadline plus the grace). */
  graceUntil?: Date;
  /** Nations out of the game: they are not asked for orders. */
  out: string[];
  /** How the game ended, once it is over: nothing more is adjudicated. */
  over?: GameEnd;
}

/** The command cannot apply to the game as it stands; the message says why, for the GM. */
export class ControlError extends Error {
  override name = 'ControlError';
}

/** The game is over: only a ROLLBACK plays on. */
export class GameOverError extends ControlError {
  override name = 'GameOverError';
  constructor(end: GameEnd | undefined) {
    const playOn = end?.why === 'gm' ? 'RESUME (the GM ended it)' : 'ROLLBACK to a turn before the end';
    super(`The game is over: turn ${end?.turn ?? 0} was its last. To play on, ${playOn}.`);
  }
}

/** A deadline that would take players by surprise, refused because the GM did not say NOW. */
export class SurpriseDeadlineError extends ControlError {
  override name = 'SurpriseDeadlineError';
  constructor(
    readonly deadline: Date,
    readonly reason: 'past' | 'soon',
    readonly noticeMs: number,
  ) {
    super(
      reason === 'past'
        ? `${deadline.toISOString()} is already past, so the turn would be adjudicated at once; say NOW to do that.`
        : `${deadline.toISOString()} leaves players less than the game's minimum notice (${noticeText(noticeMs)}); say NOW to set it anyway.`,
    );
  }
}

/** "1h", "90m": the notice as a GM writes a duration. */
export function noticeText(ms: number): string {
  return ms % 3_600_000 === 0 ? `${ms / 3_600_000}h` : `${Math.round(ms / 60_000)}m`;
}

export interface DeadlineOptions {
  /** The GM said NOW: a deadline already past, or closer than the game's minimum notice, is what they want. */
  soon?: boolean;
}

export interface GameControl {
  status(gameId: string): Promise<GameStatus>;
  /** Moves the current deadline later by `ms`; returns the new deadline. Refuses one that would take players by surprise (past, or closer than the minimum notice) unless `soon`. */
  extend(gameId: string, ms: number, options?: DeadlineOptions): Promise<Date>;
  /** Sets the deadline; refuses one that would take players by surprise unless `soon`. */
  setDeadline(gameId: string, deadline: Date, options?: DeadlineOptions): Promise<void>;
  pause(gameId: string): Promise<void>;
  /** Resumes a paused game, or one stopped for the GM's word after a missed deadline. */
  resume(gameId: string): Promise<void>;
  /** Adjudicates now instead of at the deadline. */
  processNow(gameId: string): Promise<void>;
  /** Sends the previewed results (games with `preview: true`). */
  publish(gameId: string): Promise<void>;
  /** Re-runs the previewed step after corrected orders; `reroll` asks for new dice. */
  rerun(gameId: string, options: { reroll: boolean }): Promise<void>;
  /** Restores the state and orders at the start of `turn`, keeping the undone steps in history. */
  rollback(gameId: string, turn: number): Promise<void>;
  /** Ends the game now (END GAME): `winners` as the GM names them, or none for the highest count. RESUME opens the turn again. */
  endGame(gameId: string, winners: readonly string[]): Promise<void>;
  /** Records a player's absence; it pushes later deadlines, not the current one. */
  absence(gameId: string, nation: string, from: Date, to: Date): Promise<void>;
}
