// One adjudication, from the store and back: the orders in force, the ruleset, a recorded seed,
// and one atomic commit. Jobs, the GM's PROCESS command and the demo all come through here.
import { Dice, type Order } from '../engine/index.ts';
import { OrdersChangedError, StepAlreadyCommittedError, type GameStore } from '../store/game-store.ts';
import { endAt } from '../game/game-standing.ts';
import { storedGame } from '../store/stored-game.ts';
import { stepRulings } from '../store/ticket-rulings.ts';
import { stepRefusals } from '../store/refused-lines.ts';
import type { TurnRecord } from '../store/turn-record.ts';

export interface StepOptions {
  /** The dice seed; a fresh one per step, kept so a preview re-run rolls the same dice. */
  seed: string;
  now: () => Date;
  /** The step a job is for: refused (StepAlreadyCommittedError) when the game is already past it. */
  step?: number;
  /** Nations with a player but no orders of their own, as the schedule pinned them: kept in the record. */
  missing?: readonly string[];
}

/** Adjudicates the next step without committing it (a GM preview, or the first half of runStep). */
export async function adjudicateStep(store: GameStore, gameId: string, options: StepOptions): Promise<TurnRecord> {
  // The step is read before the state: a step committed by another worker in between then makes
  // this commit refuse, where reading it after would label a stale state as the next step.
  const step = (await store.step(gameId)) + 1;
  if (options.step !== undefined && step !== options.step) {
    throw new StepAlreadyCommittedError(`Step ${options.step} of "${gameId}" is already committed: the game is at step ${step - 1}.`);
  }
  const game = await storedGame(store, gameId);
  const ordersVersion = await store.ordersVersion(gameId);
  const inForce = await store.ordersInForce(gameId);
  // A nation with no orders gets an empty list: every ruleset treats that as "hold everything".
  const orders: Record<string, Order[]> = Object.fromEntries(Object.keys(game.state.nations).map((n) => [n, inForce[n]?.orders ?? []]));
  // Tickets carry the step they were opened in: the committed step count while it was being played.
  const rulings = await stepRulings(store.redis, gameId, step - 1);
  // Refused lines matter only where no order stood: a later accepted order (a ticket's ruling, the GM's ORDER) makes them moot.
  const refused = Object.fromEntries(Object.entries(await stepRefusals(store.redis, gameId, step - 1)).filter(([n]) => n in orders && !orders[n].length));
  const dice = Dice.seeded(options.seed);
  const { state, events } = game.ruleset.adjudicate(game.ctx, game.state, orders, dice);
  const end = endAt(game, state, game.state.turn);
  return {
    step,
    turn: game.state.turn,
    phase: game.state.phase,
    seed: options.seed,
    dice: dice.draws,
    orders,
    events,
    stateBefore: game.state,
    stateAfter: state,
    ordersVersion,
    mails: [...new Set(Object.values(inForce).flatMap((o) => o.mails))].sort(),
    committedAt: options.now().toISOString(),
    ...(options.missing && { missing: [...options.missing] }),
    ...(Object.keys(rulings).length && { rulings }),
    ...(Object.keys(refused).length && { refused }),
    ...(end && { end }),
  };
}

/** An email that lands between reading the orders and committing makes the commit refuse; read again. */
const ORDER_CHANGE_RETRIES = 5;

export async function runStep(store: GameStore, gameId: string, options: StepOptions): Promise<TurnRecord> {
  for (let attempt = 1; ; attempt++) {
    const record = await adjudicateStep(store, gameId, options);
    try {
      await store.commitStep(gameId, record);
      return record;
    } catch (e) {
      if (!(e instanceof OrdersChangedError) || attempt >= ORDER_CHANGE_RETRIES) throw e;
    }
  }
}
