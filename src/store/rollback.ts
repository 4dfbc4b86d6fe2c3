// ROLLBACK <turn>: the game goes back to the start of that turn, with the orders that were in force
// for it. GameStore does it in one script, like commitStep, so a crash leaves the game either
// rolled back or not; the undone steps move to a list, so what was undone stays on record.
import type { GameStore } from './game-store.ts';
import { encodeOrders } from './stored-orders.ts';

export class RollbackConflictError extends Error {
  override name = 'RollbackConflictError';
}

/**
 * Restores the state and orders in force at the first step of `turn`. Returns what was undone, or
 * null when no committed step belongs to that turn. Throws RollbackConflictError when a step was
 * committed while the rollback was being prepared (the GM should look again and repeat it).
 */
export async function rollbackToTurn(
  store: GameStore,
  gameId: string,
  turn: number,
  now: Date,
): Promise<{ fromStep: number; toStep: number; epoch: number } | null> {
  const current = await store.step(gameId);
  const history = await store.history(gameId);
  const first = history.find((r) => r.turn === turn);
  if (!first) return null;
  // Nations that gave no orders get no entry, so they still count as missing after the rollback.
  const orders = Object.entries(first.orders)
    .filter(([, list]) => list.length)
    .flatMap(([nation, list]) => [nation, encodeOrders({ orders: list, mails: first.mails })]);
  const done = await store.rollBack(gameId, { expectedStep: current, firstUndone: first.step, stateBefore: first.stateBefore, orders, undoneAt: now });
  if ('movedTo' in done)
    throw new RollbackConflictError(`Game "${gameId}" moved to step ${done.movedTo} while rolling back; look at it again and repeat the rollback.`);
  return { fromStep: current, toStep: first.step - 1, epoch: done.epoch };
}
