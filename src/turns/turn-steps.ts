// The moves of a step through its life: opened with a deadline, sent to adjudication, finished
// once committed. Each move is a compare-and-set on the schedule, and its side effects (jobs, GM
// mail) are idempotent, so a crash anywhere is repaired by doing the same move again.
import { storedConfig } from '../store/stored-game.ts';
import { randomBytes } from 'node:crypto';
import type { GameFile } from '../game/game-file.ts';
import type { GameStore } from '../store/game-store.ts';
import { minimumNoticeMs, missedAlerts, nextStep, openStep } from './deadlines.ts';
import { failureNotice, missedNotice, tellGm } from './gm-notices.ts';
import type { TurnSchedule } from './schedule-store.ts';
import type { GameEnd } from '../engine/index.ts';
import { noteStatusOrLog, statusDepsOf } from './status-post.ts';
import { playerNations, playingNations, stepLabel, type TurnRuntime } from './turn-runtime.ts';

/** A dice seed from the operating system's random source: the edge where randomness enters. */
export function freshSeed(): string {
  return randomBytes(12).toString('base64url');
}

/**
 * The game's schedule, made consistent with the store: created for a new game, and rebuilt after a
 * rollback (which changes the store's step and epoch under the schedule's feet).
 */
export async function ensureSchedule(rt: TurnRuntime, gameId: string, config: GameFile): Promise<TurnSchedule> {
  // One read for both, so they agree with each other (a rollback changes them together).
  const { step: committed, epoch } = await rt.store.stepAndEpoch(gameId);
  const behind = (s: TurnSchedule | null) => !s || s.epoch < epoch;
  const before = await rt.schedules.get(gameId);
  if (!behind(before)) return before!;
  // Missed turns are counted again from the steps that stand: an undone step no longer counts.
  const missed = await missedTurns(rt.store, gameId, playerNations(config), committed);
  // Only a schedule behind the store is rebuilt: by the time this runs, a commit or another
  // rebuild may have moved the schedule past what was read above, and that must stand.
  const { schedule } = await rt.schedules.update(gameId, (s) =>
    behind(s) ? openStep(config, rt.now(), committed + 1, epoch, { missed, absences: s?.absences ?? [] }) : undefined,
  );
  return schedule!;
}

/** The steps in a row each player's nation missed, counted back from step `last`. */
async function missedTurns(store: GameStore, gameId: string, players: readonly string[], last: number): Promise<Record<string, number>> {
  const missed: Record<string, number> = Object.fromEntries(players.map((n) => [n, 0]));
  const counting = new Set(players);
  for (let step = last; step > 0 && counting.size; step--) {
    const record = await store.record(gameId, step);
    if (!record) break;
    // A record from before records named their missing nations: those without orders then missed it.
    const missing = record.missing ?? players.filter((n) => !record.orders[n]?.length);
    for (const nation of counting) {
      if (missing.includes(nation)) missed[nation]++;
      else counting.delete(nation);
    }
  }
  return missed;
}

/** Sends the step to adjudication once: a new run with fresh job ids, whoever asks twice. */
export async function startAdjudication(rt: TurnRuntime, gameId: string, allowed: (s: TurnSchedule) => boolean): Promise<TurnSchedule | null> {
  const { schedule, changed } = await rt.schedules.update(gameId, (s) => {
    if (!s || !allowed(s)) return undefined;
    const { waiting: _waiting, pausedLeftMs: _left, missing: _missing, ...rest } = s;
    return { ...rest, status: 'adjudicating', run: s.run + 1 };
  });
  if (!changed || !schedule) return null;
  await queueAdjudication(rt, gameId, schedule);
  rt.logger.info({ gameId, step: schedule.step, epoch: schedule.epoch, run: schedule.run }, 'adjudication queued');
  return schedule;
}

export async function queueAdjudication(rt: TurnRuntime, gameId: string, s: TurnSchedule): Promise<void> {
  await rt.queues.adjudicate({ gameId, step: s.step, epoch: s.epoch, run: s.run });
}

/**
 * After step `step` was committed: alert the GM about players who keep missing turns, queue the
 * publishing, and open the next step. Safe to repeat; later repeats find the schedule moved on.
 */
export async function finishStep(rt: TurnRuntime, gameId: string, step: number, epoch: number): Promise<void> {
  const config = await storedConfig(rt.store, gameId);
  const s = await rt.schedules.get(gameId);
  const current = s !== null && s.step === step && s.epoch === epoch;
  if (current) {
    for (const nation of missedAlerts(s, config)) {
      const turns = (s.missed[nation] ?? 0) + 1;
      await tellGm(
        rt,
        gameId,
        config,
        `missed:${stepLabel(step, epoch)}:${nation}`,
        `${config.nations[nation]?.name ?? nation} has missed ${turns} turns`,
        missedNotice(config, nation, turns),
      );
    }
  }
  await rt.queues.publish({ gameId, step, epoch });
  if (!current) return;
  const over = (await rt.store.record(gameId, step))?.end;
  const players = await playingNations(rt.store, gameId, config);
  const { changed, schedule } = await rt.schedules.update(gameId, (cur) => {
    if (!cur || cur.step !== step || cur.epoch !== epoch) return undefined;
    if (over) return gameOver(cur, over);
    return nextStep(cur, config, rt.now(), players, minimumNoticeMs(config, rt.settings.minimumNoticeMs));
  });
  if (changed)
    rt.logger.info({ gameId, step, deadline: schedule?.deadline, over: !!over }, over ? 'step finished; the game is over' : 'step finished; next deadline set');
  await rt.schedules.wake(gameId, rt.now());
}

/** The schedule of a game that is over: the step after the last stays unplayed, with no deadline. */
function gameOver(cur: TurnSchedule, end: GameEnd): TurnSchedule {
  const { waiting: _waiting, pausedLeftMs: _left, missing: _missing, seed: _seed, ...rest } = cur;
  return { ...rest, step: cur.step + 1, run: 0, status: 'over', slot: null, deadline: null, remindersSent: [], over: end };
}

/**
 * An adjudication that cannot succeed by retrying (a broken game folder, a ruleset that throws):
 * the step waits for the GM, who is told why, and PROCESS starts a fresh run once it is fixed.
 */
export async function stopForFailure(rt: TurnRuntime, job: { gameId: string; step: number; epoch: number; run: number }, error: Error): Promise<void> {
  const { schedule } = await rt.schedules.update(job.gameId, (s) =>
    s && s.step === job.step && s.epoch === job.epoch && s.run === job.run && s.status === 'adjudicating'
      ? { ...s, status: 'waiting', waiting: { reason: 'failed', message: `Adjudication failed: ${error.message}`, since: rt.now().toISOString() } }
      : undefined,
  );
  rt.logger.error({ err: error, gameId: job.gameId, step: job.step }, 'adjudication failed for good');
  if (schedule?.status !== 'waiting') return;
  const config = await storedConfig(rt.store, job.gameId).catch(() => null);
  if (config) {
    const { turn } = await rt.store.state(job.gameId);
    await tellGm(
      rt,
      job.gameId,
      config,
      `fault:adjudicate:${stepLabel(job.step, job.epoch)}:${job.run}`,
      `Turn ${turn} could not be adjudicated`,
      failureNotice(turn, 'Adjudication', error),
    );
    // After the GM's notice, which matters more: the thread stops showing a deadline that has passed.
    await noteStatusOrLog(statusDepsOf(rt), job.gameId);
  }
}
