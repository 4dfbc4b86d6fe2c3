// GameControl on the schedule in Redis: what the GM's email commands (and the CLI) do. Each change
// is a compare-and-set on the schedule and wakes the scheduler, so it takes effect at the next
// tick; repeating a command the GM sent twice changes nothing.
import { endedByGm, nationsOut } from '../game/game-standing.ts';
import { storedConfig, storedGame } from '../store/stored-game.ts';
import { OrdersChangedError, StepAlreadyCommittedError } from '../store/game-store.ts';
import { rollbackToTurn } from '../store/rollback.ts';
import type { GameFile } from '../game/game-file.ts';
import { graceMs, minimumNoticeMs, pauseAt, resumedDeadline, surprise, withDeadline } from './deadlines.ts';
import { ControlError, GameOverError, SurpriseDeadlineError, type DeadlineOptions, type GameControl, type GameStatus } from './game-control.ts';
import { storedPreview } from './adjudicate-turn.ts';
import type { TurnSchedule } from './schedule-store.ts';
import { ensureSchedule, finishStep, freshSeed, queueAdjudication, startAdjudication } from './turn-steps.ts';
import { playerNations, type TurnRuntime } from './turn-runtime.ts';

export function createGameControl(rt: TurnRuntime): GameControl {
  const load = async (gameId: string) => {
    const config = await storedConfig(rt.store, gameId);
    return { config, schedule: await ensureSchedule(rt, gameId, config) };
  };
  const busy = (s: TurnSchedule, what: string) =>
    new ControlError(
      s.status === 'preview'
        ? `The results of step ${s.step} wait for PUBLISH (or PREVIEW to run them again); ${what} after that.`
        : `Step ${s.step} is being adjudicated right now; ${what} once its results are out.`,
    );

  /**
   * Decides on the schedule as it is at the moment of writing (a deadline passing or a worker
   * finishing may change it between the GM's command and here): `decide` returns the new
   * schedule, undefined for no change, or a ControlError to refuse. Then wakes the scheduler.
   */
  const change = async (gameId: string, decide: (cur: TurnSchedule) => TurnSchedule | ControlError | undefined, reopens = false): Promise<void> => {
    await load(gameId); // a game the scheduler has not seen yet gets its schedule first
    let refused: ControlError | undefined;
    await rt.schedules.update(gameId, (cur) => {
      refused = undefined;
      const next = cur ? (overNow(cur, reopens) ?? decide(cur)) : undefined;
      if (next instanceof ControlError) refused = next;
      return next instanceof ControlError ? undefined : next;
    });
    if (refused) throw refused;
    await rt.schedules.wake(gameId, rt.now());
  };
  /** A game that is over refuses every change, but the GM's RESUME (`reopens`) of one the GM ended. */
  const overNow = (cur: TurnSchedule, reopens: boolean) =>
    cur.status === 'over' && !(reopens && cur.over?.why === 'gm') ? new GameOverError(cur.over) : undefined;
  const busyNow = (cur: TurnSchedule, what: string) => (cur.status === 'adjudicating' || cur.status === 'preview' ? busy(cur, what) : undefined);
  const noticeOf = (config: GameFile) => minimumNoticeMs(config, rt.settings.minimumNoticeMs);
  /** The refusal of a deadline that would take players by surprise, unless the GM said NOW. */
  const surprising = (cur: TurnSchedule, deadline: Date, noticeMs: number, options: DeadlineOptions) => {
    const why = options.soon ? null : surprise(cur, deadline, rt.now(), noticeMs);
    return why ? new SurpriseDeadlineError(deadline, why, noticeMs) : undefined;
  };

  return {
    async status(gameId): Promise<GameStatus> {
      const game = await storedGame(rt.store, gameId);
      const { config, state } = game;
      const s = await ensureSchedule(rt, gameId, config);
      const ordered = await rt.store.orderedNations(gameId);
      const deadline = s.status === 'paused' || s.status === 'waiting' || !s.deadline ? null : new Date(s.deadline);
      const out = nationsOut(game);
      const status: GameStatus = {
        gameId,
        turn: state.turn,
        phase: state.phase,
        deadline,
        paused: s.status === 'paused',
        ordered,
        missing: playerNations(config).filter((n) => !ordered.includes(n) && !out.includes(n)),
        out,
        ...(s.over && { over: s.over }),
      };
      if (s.waiting) status.waitingForGm = s.waiting.message;
      if (s.status === 'preview') [status.previewStep, status.waitingForGm] = [s.step, `The results of turn ${state.turn} wait for PUBLISH.`];
      if (deadline && graceMs(config)) status.graceUntil = new Date(deadline.getTime() + graceMs(config));
      return status;
    },

    async extend(gameId, ms, options = {}) {
      const config = await storedConfig(rt.store, gameId);
      let result = rt.now();
      await change(gameId, (cur) => {
        const now = rt.now();
        // A paused game keeps its time left, and RESUME gives at least the minimum notice.
        if (cur.status === 'paused') {
          const left = (cur.pausedLeftMs ?? 0) + ms;
          result = new Date(now.getTime() + left);
          return { ...cur, pausedLeftMs: left };
        }
        // A deadline already passed (a game in its grace period, or waiting) is extended from now.
        const base = cur.status === 'open' && cur.deadline ? Math.max(Date.parse(cur.deadline), now.getTime()) : now.getTime();
        result = new Date(base + ms);
        return busyNow(cur, 'extend the next deadline') ?? surprising(cur, result, noticeOf(config), options) ?? withDeadline(cur, config, result, now);
      });
      return result;
    },

    async setDeadline(gameId, deadline, options = {}) {
      const config = await storedConfig(rt.store, gameId);
      await change(
        gameId,
        (cur) => busyNow(cur, 'set the next deadline') ?? surprising(cur, deadline, noticeOf(config), options) ?? withDeadline(cur, config, deadline, rt.now()),
      );
    },

    async pause(gameId) {
      await change(gameId, (cur) => {
        if (cur.status === 'paused') return undefined;
        return busyNow(cur, 'pause') ?? (cur.status === 'waiting' ? { ...cur, status: 'paused', pausedLeftMs: cur.waiting?.leftMs } : pauseAt(cur, rt.now()));
      });
    },

    async resume(gameId) {
      const config = await storedConfig(rt.store, gameId);
      await change(
        gameId,
        (was) => {
          // A game the GM ended was paused as it ended: RESUME plays on as from a pause.
          const { over: _over, ...cur } = was.status === 'over' ? { ...was, status: 'paused' as const } : was;
          if (cur.status !== 'paused' && cur.status !== 'waiting') return undefined;
          const deadline = resumedDeadline(cur, rt.now(), noticeOf(config));
          if (deadline) return withDeadline(cur, config, deadline, rt.now());
          const { waiting: _waiting, pausedLeftMs: _left, ...rest } = cur;
          return { ...rest, status: 'open', deadline: null };
        },
        true,
      );
    },

    async endGame(gameId, winners) {
      const game = await storedGame(rt.store, gameId);
      const step = await rt.store.step(gameId);
      const played = step ? ((await rt.store.record(gameId, step))?.turn ?? 0) : 0;
      const end = endedByGm(game, played, winners);
      await change(gameId, (cur) => {
        const paused = cur.status === 'paused' ? cur : cur.status === 'waiting' ? { ...cur, pausedLeftMs: cur.waiting?.leftMs } : pauseAt(cur, rt.now());
        return busyNow(cur, 'end the game') ?? { ...paused, status: 'over', over: end };
      });
    },

    async processNow(gameId) {
      const { schedule: s } = await load(gameId);
      if (s.status === 'over') throw new GameOverError(s.over);
      if (s.status === 'preview') throw busy(s, 'process again with PREVIEW');
      if (s.status === 'adjudicating') return;
      await startAdjudication(rt, gameId, (cur) => cur.step === s.step && cur.epoch === s.epoch && cur.status !== 'adjudicating' && cur.status !== 'preview');
    },

    async publish(gameId) {
      const { schedule: s } = await load(gameId);
      const preview = await storedPreview(rt, gameId);
      // A preview counts once its GM mail is out, even if the worker has not yet marked the schedule.
      const current =
        preview &&
        preview.record.step === s.step &&
        preview.epoch === s.epoch &&
        preview.run === s.run &&
        (s.status === 'preview' || s.status === 'adjudicating');
      if (!current) {
        // The preview stays stored after PUBLISH, so a repeated PUBLISH is recognised and ignored.
        if (preview && preview.record.step < s.step) return;
        throw new ControlError(`There are no previewed results to publish for step ${s.step}.`);
      }
      try {
        await rt.store.commitStep(gameId, preview.record);
      } catch (e) {
        if (e instanceof OrdersChangedError)
          throw new ControlError('Orders changed after the preview was made, so it no longer shows this turn: send PREVIEW to run it again, then PUBLISH.');
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
