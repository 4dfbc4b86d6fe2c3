// What a committed step (one adjudication) keeps: enough to replay it bit for bit and to explain it.
import type { DiceDraw, GameEnd, GameEvent, GameState, Order } from '../engine/index.ts';
import type { RefusedLine } from './refused-lines.ts';

export interface TurnRecord {
  /** 1, 2, 3... one per adjudication; a turn with retreats and adjustments has several steps. */
  step: number;
  turn: number;
  phase: string;
  seed: string;
  dice: DiceDraw[];
  orders: Record<string, Order[]>;
  events: GameEvent[];
  stateBefore: GameState;
  stateAfter: GameState;
  /** The orders' version when they were read; the commit is refused if they changed since. */
  ordersVersion: number;
  /** Ids of the raw emails the orders came from. */
  mails: string[];
  /**
   * Nations with a player but no orders of their own when the step was adjudicated (standing orders
   * may have stood in for them): missed turns are counted again from these after a rollback.
   */
  missing?: string[];
  committedAt: string;
  /** The GM's rulings on each nation's ambiguous lines this step, for that nation's report only. */
  rulings?: Record<string, TicketRuling[]>;
  /** Nations with no orders in force whose newest message's lines were all refused: those lines, for that nation's report and the GM's summary only. */
  refused?: Record<string, RefusedLine[]>;
  /** The game ended with this step: its update is the final one, and no step follows. */
  end?: GameEnd;
}

/** How the GM settled a line the parser could read more than one way (a closed GM ticket). */
export interface TicketRuling {
  /** The line's number in the player's email, and the line as written (secrets removed). */
  line: number;
  text: string;
  /** The reading the GM chose, or absent when the GM rejected the line. */
  chosen?: Order;
}
