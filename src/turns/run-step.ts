// One adjudication, from the store and back: the orders in force, the ruleset, a recorded seed,
// and one atomic commit. Jobs, the GM's PROCESS command and the demo all come through here.
import { Dice, type Order } from '../engine/index.ts';
import { openGame, type Game } from '../game/open-game.ts';
import { GameFolderError } from '../game/problems.ts';
import { OrdersChangedError, type GameStore } from '../store/game-store.ts';
import type { TurnRecord } from '../store/turn-record.ts';

export interface StepOptions {
  /** The dice seed; a fresh one per step, kept so a preview re-run rolls the same dice. */
  seed: string;
  now: () => Date;
}

/** The game as stored: its files, opened, at the state the next step starts from. */
export async function storedGame(store: GameStore, gameId: string): Promise<Game> {
  const { game, problems } = openGame(gameId, await store.files(gameId));
  if (!game) throw new GameFolderError(problems);
  return { ...game, state: await store.state(gameId) };
}

/** Adjudicates the next step without committing it (a GM preview, or the first half of runStep). */
export async function adjudicateStep(store: GameStore, gameId: string, options: StepOptions): Promise<TurnRecord> {
  const game = await storedGame(store, gameId);
  const ordersVersion = await store.ordersVersion(gameId);
  const inForce = await store.ordersInForce(gameId);
  // A nation with no orders gets an empty list: every ruleset treats that as "hold everything".
  const orders: Record<string, Order[]> = Object.fromEntries(Object.keys(game.state.nations).map((n) => [n, inForce[n]?.orders ?? []]));
  const dice = Dice.seeded(options.seed);
  const { state, events } = game.ruleset.adjudicate(game.ctx, game.state, orders, dice);
  return {
    step: (await store.step(gameId)) + 1,
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
