// The adjudicate job: one run of one step. The seed and the list of nations without orders are
// pinned in the schedule before anything is computed, so a worker killed half-way and retried
// rolls the same dice; the commit is one atomic script, so the step is adjudicated exactly once.
import type { Order } from '../engine/index.ts';
import type { GameFile } from '../game/game-file.ts';
import { StepAlreadyCommittedError } from '../store/game-store.ts';
import type { TurnRecord } from '../store/turn-record.ts';
import { storedGame, storedConfig } from '../store/stored-game.ts';
import { adjudicateStep, runStep } from './run-step.ts';
import { tellGm } from './gm-notices.ts';
import { reportRenderer } from './turn-renderer.ts';
import { noteStatusOrLog, statusDepsOf } from './status-post.ts';
import type { TurnSchedule } from './schedule-store.ts';
import { finishStep, freshSeed } from './turn-steps.ts';
import { missingNations, stepLabel, type AdjudicateJob, type TurnRuntime } from './turn-runtime.ts';

export type AdjudicationOutcome = 'committed' | 'previewed' | 'stale';

/** A preview waiting for the GM: the record exactly as it would be committed. */
export interface StoredPreview {
  epoch: number;
  run: number;
  record: TurnRecord;
}

export async function adjudicateTurn(rt: TurnRuntime, job: AdjudicateJob): Promise<AdjudicationOutcome> {
  const { gameId, step, epoch, run } = job;
  if ((await rt.store.epoch(gameId)) !== epoch) return 'stale';
  if ((await rt.store.step(gameId)) >= step) {
    // Committed by an earlier try that died before finishing: finish it now.
    await finishStep(rt, gameId, step, epoch);
    return 'committed';
  }
  const config = await storedConfig(rt.store, gameId);
  const missingNow = await missingNations(rt.store, gameId, config);
  const mine = (s: TurnSchedule | null): s is TurnSchedule =>
    s !== null && s.step === step && s.epoch === epoch && s.run === run && s.status === 'adjudicating';
  const { schedule } = await rt.schedules.update(gameId, (s) =>
    mine(s) && (!s.seed || !s.missing) ? { ...s, seed: s.seed ?? freshSeed(), missing: s.missing ?? missingNow } : undefined,
  );
  if (!mine(schedule)) return 'stale';

  if (config.schedule?.missedOrders === 'standing') await repeatStandingOrders(rt, gameId, schedule.missing ?? []);
  const options = { seed: schedule.seed!, now: rt.now, step, missing: schedule.missing };
  if (config.preview) {
    await preview(rt, gameId, config, await adjudicateStep(rt.store, gameId, options), schedule);
    return 'previewed';
  }
  try {
    const record = await runStep(rt.store, gameId, options);
    rt.logger.info({ gameId, step: record.step, turn: record.turn, seed: record.seed, dice: record.dice.length }, 'step committed');
  } catch (e) {
    // A second worker (or a retry) committed this step first: nothing to do but finish it.
    if (!(e instanceof StepAlreadyCommittedError)) throw e;
  }
  await finishStep(rt, gameId, step, epoch);
  return 'committed';
}

/** Keeps the uncommitted results, sends them to the GM, and waits for PUBLISH or a re-run. */
async function preview(rt: TurnRuntime, gameId: string, config: GameFile, record: TurnRecord, s: TurnSchedule): Promise<void> {
  const stored: StoredPreview = { epoch: s.epoch, run: s.run, record };
  await rt.store.putPreview(gameId, stored);
  const game = await storedGame(rt.store, gameId);
  const summary = await reportRenderer()({}).gmSummary(game, record);
  const text = [
    `Preview of turn ${record.turn}: nothing has been sent to the players yet. Reply with one word:`,
    '  PUBLISH         commit these results and send every report',
    '  PREVIEW         adjudicate again with the same dice (after correcting orders)',
    '  PREVIEW REROLL  adjudicate again with new dice',
    '',
    summary.text,
  ].join('\n');
  await tellGm(rt, gameId, config, `preview:${stepLabel(s.step, s.epoch)}:${s.run}`, `Turn ${record.turn} preview (run ${s.run})`, text);
  const { changed } = await rt.schedules.update(gameId, (cur) =>
    cur && cur.step === s.step && cur.epoch === s.epoch && cur.run === s.run && cur.status === 'adjudicating' ? { ...cur, status: 'preview' } : undefined,
  );
  // The turn now waits for the GM's PUBLISH, which the thread's status says.
  if (changed) await noteStatusOrLog(statusDepsOf(rt), gameId);
}

export async function storedPreview(rt: TurnRuntime, gameId: string): Promise<StoredPreview | null> {
  return (await rt.store.preview(gameId)) as StoredPreview | null;
}

/**
 * missedOrders "standing": a nation without orders repeats its orders of the last step, each one
 * checked again against today's state, so an order that is no longer possible is dropped.
 */
async function repeatStandingOrders(rt: TurnRuntime, gameId: string, missing: readonly string[]): Promise<void> {
  if (!missing.length) return;
  const last = await rt.store.record(gameId, await rt.store.step(gameId));
  if (!last) return;
  const game = await storedGame(rt.store, gameId);
  for (const nation of missing) {
    const repeated: Order[] = [];
    for (const order of last.orders[nation] ?? []) {
      if (game.ruleset.validate(game.ctx, game.state, nation, order, repeated).ok) repeated.push(order);
    }
    if (repeated.length) await rt.store.repeatOrders(gameId, nation, { orders: repeated, mails: [] });
  }
}
