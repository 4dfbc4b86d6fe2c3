// The steps a game has committed, as the pages list them (turn, phase, label), read from the
// history once per step count and rollback, since a committed step never changes otherwise.
import type { Game } from '../game/open-game.ts';
import { stepLabel } from '../render/report-common.ts';
import type { GameStore } from '../store/game-store.ts';
import type { TurnRecord } from '../store/turn-record.ts';
import { BoundedCache } from './bounded-cache.ts';

export interface StepEntry {
  step: number;
  turn: number;
  phase: string;
  label: string;
}

const indexes = new BoundedCache<Promise<StepEntry[]>>(500);

export async function stepIndex(store: GameStore, game: Game): Promise<StepEntry[]> {
  const [step, epoch] = await Promise.all([store.step(game.id), store.epoch(game.id)]);
  const key = `${game.id}:${step}:${epoch}`;
  const found = indexes.get(key, async () =>
    (await store.history(game.id)).map((r: TurnRecord) => ({ step: r.step, turn: r.turn, phase: r.phase, label: stepLabel(game, r) })),
  );
  return found.catch((e: unknown) => {
    indexes.delete(key);
    throw e;
  });
}

/** Turn numbers with steps, oldest first. */
export function turnsOf(steps: readonly StepEntry[]): number[] {
  return [...new Set(steps.map((s) => s.turn))];
}
