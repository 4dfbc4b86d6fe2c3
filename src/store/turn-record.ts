// What a committed step (one adjudication) keeps: enough to replay it bit for bit and to explain it.
import type { DiceDraw, GameEvent, GameState, Order } from '../engine/index.ts';

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
  committedAt: string;
}
