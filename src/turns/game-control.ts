// What the GM's email commands (and the CLI) can do to a running game. The deadline scheduler
// implements it; the mail loop calls it. Every method is idempotent where the GM could repeat it.

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
}

export interface GameControl {
  status(gameId: string): Promise<GameStatus>;
  /** Moves the current deadline later by `ms`; returns the new deadline. */
  extend(gameId: string, ms: number): Promise<Date>;
  setDeadline(gameId: string, deadline: Date): Promise<void>;
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
  /** Records a player's absence; it pushes later deadlines, not the current one. */
  absence(gameId: string, nation: string, from: Date, to: Date): Promise<void>;
}
