// GameControl on the schedule in Redis: what the GM's email commands (and the CLI) do. Each change
// is a compare-and-set on the schedule and wakes the scheduler, so it takes effect at the next
// tick; repeating a command the GM sent twice changes nothing.
import { StepAlreadyCommittedError } from '../store/game-store.ts';
import { rollbackToTurn } from '../store/rollback.ts';
import { pauseAt, resumedDeadline, withDeadline, graceMs } from './deadlines.ts';
import type { GameControl, GameStatus } from './game-control.ts';
import { storedPreview } from './adjudicate-turn.ts';
import type { TurnSchedule } from './schedule-store.ts';
import { ensureSchedule, finishStep, freshSeed, queueAdjudication, startAdjudication } from './turn-steps.ts';
import { gameConfig, orderedNations, playerNations, type TurnRuntime } from './turn-runtime.ts';

/** The command cannot apply to the game as it stands; the message says why, for the GM. */
export class ControlError extends Error {
  override name = 'ControlError';
}

export function createGameControl(rt: TurnRuntime): GameControl {
  const load = async (gameId: string) => {
    const config = await gameConfig(rt.store, gameId);
    return { config, schedule: await ensureSchedule(rt, gameId, config) };
  };
  const busy = (s: TurnSchedule, what: string) =>
    new ControlError(s.status === 'preview' ? `The results of step ${s.step} wait for PUBLISH (or RERUN); ${what} after that.` : `Step ${s.step} is being adjudicated right now; ${what} once its results are out.`);

  /** Applies `change` to the schedule if the step is still the one `change` was decided on, then wakes the scheduler. */
  const change = async (gameId: string, s: TurnSchedule, next: (cur: TurnSchedule) => TurnSchedule | undefined): Promise<TurnSchedule> => {
    const { schedule } = await rt.schedules.update(gameId, (cur) => (cur && cur.step === s.step && cur.epoch === s.epoch ? next(cur) : undefined));
    await rt.schedules.wake(gameId, rt.now());
    return schedule ?? s;
  };

  return {
    async status(gameId): Promise<GameStatus> {
      const { config, schedule: s } = await load(gameId);
      const state = await rt.store.state(gameId);
      const ordered = await orderedNations(rt.store, gameId);
      const deadline = s.status === 'paused' || s.status === 'waiting' || !s.deadline ? null : new Date(s.deadline);
      const status: GameStatus = {
        gameId,
        turn: state.turn,
        phase: state.phase,
        deadline,
        paused: s.status === 'paused',
        ordered,
        missing: playerNations(config).filter((n) => !ordered.includes(n)),
      };
      if (s.waiting) status.waitingForGm = s.waiting.message;
      if (s.status === 'preview') [status.previewStep, status.waitingForGm] = [s.step, `The results of turn ${state.turn} wait for PUBLISH.`];
      if (deadline && graceMs(config)) status.graceUntil = new Date(deadline.getTime() + graceMs(config));
      return status;
    },

    async extend(gameId, ms) {
      const { config, schedule: s } = await load(gameId);
      if (s.status === 'adjudicating' || s.status === 'preview') throw busy(s, 'extend the next deadline');
      const now = rt.now();
      if (s.status === 'paused') {
        const left = (s.pausedLeftMs ?? 0) + ms;
        await change(gameId, s, (cur) => ({ ...cur, pausedLeftMs: left }));
        return new Date(now.getTime() + left);
      }
      // A deadline already passed (a game in its grace period, or waiting) is extended from now.
      const base = s.status === 'open' && s.deadline ? Math.max(Date.parse(s.deadline), now.getTime()) : now.getTime();
      const deadline = new Date(base + ms);
      await change(gameId, s, (cur) => withDeadline(cur, config, deadline, now));
      return deadline;
    },

    async setDeadline(gameId, deadline) {
      const { config, schedule: s } = await load(gameId);
      if (s.status === 'adjudicating' || s.status === 'preview') throw busy(s, 'set the next deadline');
      await change(gameId, s, (cur) => withDeadline(cur, config, deadline, rt.now()));
    },

    async pause(gameId) {
      const { schedule: s } = await load(gameId);
      if (s.status === 'paused') return;
      if (s.status === 'adjudicating' || s.status === 'preview') throw busy(s, 'pause');
      await change(gameId, s, (cur) => (s.status === 'waiting' ? { ...cur, status: 'paused', pausedLeftMs: cur.waiting?.leftMs } : pauseAt(cur, rt.now())));
    },

    async resume(gameId) {
      const { config, schedule: s } = await load(gameId);
      if (s.status !== 'paused' && s.status !== 'waiting') return;
      const deadline = resumedDeadline(s, rt.now(), rt.settings.minimumNoticeMs);
      await change(gameId, s, (cur) => {
        if (deadline) return withDeadline(cur, config, deadline, rt.now());
        const { waiting: _waiting, pausedLeftMs: _left, ...rest } = cur;
        return { ...rest, status: 'open', deadline: null };
      });
    },

    async processNow(gameId) {
      const { schedule: s } = await load(gameId);
      if (s.status === 'preview') throw busy(s, 'process again with RERUN');
      if (s.status === 'adjudicating') return;
      await startAdjudication(rt, gameId, (cur) => cur.step === s.step && cur.epoch === s.epoch && cur.status !== 'adjudicating' && cur.status !== 'preview');
    },

    async publish(gameId) {
      const { schedule: s } = await load(gameId);
      const preview = await storedPreview(rt, gameId);
      // A preview counts once its GM mail is out, even if the worker has not yet marked the schedule.
      const current = preview && preview.record.step === s.step && preview.epoch === s.epoch && preview.run === s.run && (s.status === 'preview' || s.status === 'adjudicating');
      if (!current) {
        // The preview stays stored after PUBLISH, so a repeated PUBLISH is recognised and ignored.
        if (preview && preview.record.step < s.step) return;
        throw new ControlError(`There are no previewed results to publish for step ${s.step}.`);
      }
      try {
        await rt.store.commitStep(gameId, preview.record);
      } catch (e) {
        if (!(e instanceof StepAlreadyCommittedError)) throw e;
      }
      await finishStep(rt, gameId, s.step, s.epoch);
    },

    async rerun(gameId, { reroll }) {
      const { schedule: s } = await load(gameId);
      if (s.status !== 'preview') throw new ControlError(`There are no previewed results of step ${s.step} to run again.`);
      const { schedule, changed } = await rt.schedules.update(gameId, (cur) => {
        if (!cur || cur.step !== s.step || cur.epoch !== s.epoch || cur.status !== 'preview') return undefined;
        const { missing: _missing, ...rest } = cur;
        return { ...rest, status: 'adjudicating', run: cur.run + 1, seed: reroll ? freshSeed() : cur.seed };
      });
      if (changed && schedule) await queueAdjudication(rt, gameId, schedule);
    },

    async rollback(gameId, turn) {
      const { config } = await load(gameId);
      const undone = await rollbackToTurn(rt.store, gameId, turn, rt.now());
      if (!undone) throw new ControlError(`Turn ${turn} has no adjudicated step to roll back to.`);
      rt.logger.info({ gameId, turn, ...undone }, 'rolled back');
      await ensureSchedule(rt, gameId, config);
      await rt.schedules.wake(gameId, rt.now());
    },

    async absence(gameId, nation, from, to) {
      const { config } = await load(gameId);
      if (!config.nations[nation]) throw new ControlError(`There is no nation "${nation}" in this game; nations: ${Object.keys(config.nations).join(', ')}.`);
      if (to <= from) throw new ControlError('An absence must end after it begins.');
      const absence = { nation, from: from.toISOString(), to: to.toISOString() };
      const same = (a: typeof absence) => a.nation === absence.nation && a.from === absence.from && a.to === absence.to;
      await rt.schedules.update(gameId, (cur) => (cur && !cur.absences.some(same) ? { ...cur, absences: [...cur.absences, absence] } : undefined));
    },
  };
}
