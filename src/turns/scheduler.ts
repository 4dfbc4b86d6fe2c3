// The deadline scheduler. Each tick looks at the games whose wake time has come (a sorted set in
// Redis), sends reminders, and at a deadline either starts the adjudication, waits out the grace
// period, or stops for the GM. Any number of schedulers may run: every move is a compare-and-set
// and every job id is fixed, so two of them doing the same tick change nothing.
import { storedConfig } from '../store/stored-game.ts';
import type { GameFile } from '../game/game-file.ts';
import { GameNotFoundError } from '../store/game-store.ts';
import { graceMs } from './deadlines.ts';
import { downNotice, missingNotice, tellGm } from './gm-notices.ts';
import { stopsForQuietGm } from './gm-silence.ts';
import { reminderTime } from './schedule.ts';
import type { TurnSchedule } from './schedule-store.ts';
import { START_STEP } from './start-position.ts';
import { noteStatusOrLog, statusDepsOf } from './status-post.ts';
import { ensureSchedule, finishStep, queueAdjudication, startAdjudication } from './turn-steps.ts';
import { missingNations, stepLabel, type TurnRuntime } from './turn-runtime.ts';

export interface SchedulerOptions {
  /** Time between ticks, in ms. */
  tickMs: number;
  /** Games looked at in parallel within a tick. */
  parallel?: number;
  /** Also watch games stored later (`adjutant game import` while the service runs), looking every this many ms. */
  adoptEveryMs?: number;
}

const IDLE_MS = 3_600_000;

export class Scheduler {
  private timer: NodeJS.Timeout | undefined;
  private running: Promise<void> | undefined;
  private adoptedAt = -Infinity;

  constructor(
    private readonly rt: TurnRuntime,
    private readonly options: SchedulerOptions,
  ) {}

  /** Starts watching a game; it gets its schedule at the next tick. */
  async adopt(gameId: string): Promise<void> {
    if (!(await this.rt.schedules.watched(gameId))) await this.rt.schedules.wake(gameId, this.rt.now());
  }

  /** Watches every game in the store (at start-up: games imported while the service was down). */
  async adoptAll(): Promise<string[]> {
    const games = await this.rt.store.listGames();
    for (const id of games) await this.adopt(id);
    return games;
  }

  async tick(): Promise<void> {
    const now = this.rt.now();
    const lastSeen = await this.rt.schedules.beat(now);
    if (this.options.adoptEveryMs !== undefined && now.getTime() - this.adoptedAt >= this.options.adoptEveryMs) {
      this.adoptedAt = now.getTime();
      await this.adoptAll();
    }
    const parallel = this.options.parallel ?? 8;
    const seen = new Set<string>();
    for (;;) {
      const due = (await this.rt.schedules.due(now, 200)).filter((id) => !seen.has(id));
      if (!due.length) return;
      for (let i = 0; i < due.length; i += parallel) {
        await Promise.all(due.slice(i, i + parallel).map((id) => (seen.add(id), this.look(id, now, lastSeen))));
      }
    }
  }

  start(): void {
    const loop = () => {
      this.running = this.tick()
        .catch((e: unknown) => this.rt.logger.error({ err: e }, 'scheduler tick failed'))
        .finally(() => {
          if (this.running) this.timer = setTimeout(loop, this.options.tickMs);
        });
    };
    loop();
  }

  /** Stops ticking, after the tick in hand. */
  async stop(): Promise<void> {
    const last = this.running;
    this.running = undefined;
    clearTimeout(this.timer);
    await last;
    clearTimeout(this.timer);
  }

  private async look(gameId: string, now: Date, lastSeen: Date | null): Promise<void> {
    try {
      const next = await this.visit(gameId, now, lastSeen);
      if (next) await this.rt.schedules.wake(gameId, next);
    } catch (e) {
      if (e instanceof GameNotFoundError) return void (await this.rt.schedules.forget(gameId));
      // A broken game must not stall the others; look again later (a GM fix wakes it sooner).
      this.rt.logger.error({ err: e, gameId }, 'scheduler could not look at the game');
      await this.rt.schedules.wake(gameId, new Date(now.getTime() + this.rt.settings.sweepMs));
    }
  }

  /** Does what is due for one game; returns when to look again (null: the game is gone). */
  private async visit(gameId: string, now: Date, lastSeen: Date | null): Promise<Date | null> {
    if (!(await this.rt.store.exists(gameId))) {
      await this.rt.schedules.forget(gameId);
      return null;
    }
    const config = await storedConfig(this.rt.store, gameId);
    const s = await ensureSchedule(this.rt, gameId, config);
    const sweep = new Date(now.getTime() + this.rt.settings.sweepMs);
    const committed = await this.rt.store.step(gameId);
    // Before the first step, its starting map and opening post: the job id is fixed by the game's
    // files, so asking at every look queues it once, and again when the GM changes the map.
    if (committed === START_STEP) await this.rt.queues.publish({ gameId, step: START_STEP, epoch: s.epoch, files: await this.rt.store.filesVersion(gameId) });
    if (s.step <= committed) {
      // Committed, but whoever committed died before opening the next step.
      await finishStep(this.rt, gameId, s.step, s.epoch);
      return now;
    }
    switch (s.status) {
      case 'open':
        return this.visitOpen(gameId, config, s, now, lastSeen);
      case 'waiting':
        if (s.waiting?.reason === 'missing' && !(await missingNations(this.rt.store, gameId, config)).length) {
          await startAdjudication(this.rt, gameId, (cur) => cur.step === s.step && cur.epoch === s.epoch && cur.status === 'waiting');
        }
        return sweep;
      case 'adjudicating':
        // The job id is fixed, so this only matters if the job was lost (a Redis crash between writes).
        await queueAdjudication(this.rt, gameId, s);
        return sweep;
      default:
        return s.status === 'paused' || s.status === 'over' ? new Date(now.getTime() + IDLE_MS) : sweep;
    }
  }

  private async visitOpen(gameId: string, config: GameFile, s: TurnSchedule, now: Date, lastSeen: Date | null): Promise<Date> {
    if (!s.deadline) return new Date(now.getTime() + IDLE_MS);
    const deadline = new Date(s.deadline);
    const same = (cur: TurnSchedule) => cur.step === s.step && cur.epoch === s.epoch && cur.status === 'open' && cur.deadline === s.deadline;
    const offsets = config.schedule?.reminders ?? [];
    if (now < deadline) {
      const due = offsets.filter((o) => !s.remindersSent.includes(o) && reminderTime(deadline, o) <= now);
      // Queue first (fixed job ids), then note it: a crash in between repeats the queueing, harmlessly.
      for (const offset of due) await this.rt.queues.remind({ gameId, step: s.step, epoch: s.epoch, offset, deadline: s.deadline });
      if (due.length)
        await this.rt.schedules.update(gameId, (cur) =>
          cur && same(cur) ? { ...cur, remindersSent: [...new Set([...cur.remindersSent, ...due])] } : undefined,
        );
      const upcoming = offsets.filter((o) => !s.remindersSent.includes(o) && !due.includes(o)).map((o) => reminderTime(deadline, o).getTime());
      return new Date(Math.min(deadline.getTime(), ...upcoming));
    }

    // Adjudicating blindly after an outage could use orders players meant to change: ask the GM.
    const wasDown = lastSeen === null || (now.getTime() - lastSeen.getTime() > this.rt.settings.downAfterMs && lastSeen < deadline);
    const label = stepLabel(s.step, s.epoch);
    const { turn } = await this.rt.store.state(gameId);
    if (wasDown) {
      const leftMs = lastSeen ? Math.max(0, deadline.getTime() - lastSeen.getTime()) : 0;
      await tellGm(
        this.rt,
        gameId,
        config,
        `down:${label}:${deadline.getTime()}`,
        `Turn ${turn} deadline missed while Adjutant was down`,
        downNotice(config, turn, deadline, lastSeen, leftMs),
      );
      await this.wait(gameId, same, {
        reason: 'down',
        message: `Adjutant was down at the deadline of turn ${turn}; reply RESUME or PROCESS.`,
        since: now.toISOString(),
        leftMs,
      });
      return new Date(now.getTime() + this.rt.settings.sweepMs);
    }
    const quiet = await stopsForQuietGm(this.rt, config, { gameId, turn, label }, now);
    if (quiet) {
      await this.wait(gameId, same, { reason: 'quiet-gm', message: quiet, since: now.toISOString() });
      return new Date(now.getTime() + this.rt.settings.sweepMs);
    }
    const missing = await missingNations(this.rt.store, gameId, config);
    if (missing.length) {
      const graceEnd = deadline.getTime() + graceMs(config);
      // Look again often during the grace period: the last orders arriving end it.
      if (now.getTime() < graceEnd) return new Date(Math.min(graceEnd, now.getTime() + this.rt.settings.sweepMs));
      if (config.schedule?.missedOrders === 'wait') {
        await tellGm(
          this.rt,
          gameId,
          config,
          `missing:${label}:${deadline.getTime()}`,
          `Turn ${turn} waits for orders from ${missing.join(', ')}`,
          missingNotice(turn, missing),
        );
        await this.wait(gameId, same, {
          reason: 'missing',
          message: `Turn ${turn} waits for orders from ${missing.join(', ')}; reply PROCESS or RESUME.`,
          since: now.toISOString(),
        });
        return new Date(now.getTime() + this.rt.settings.sweepMs);
      }
    }
    await startAdjudication(this.rt, gameId, same);
    return new Date(now.getTime() + this.rt.settings.sweepMs);
  }

  private async wait(gameId: string, same: (s: TurnSchedule) => boolean, waiting: NonNullable<TurnSchedule['waiting']>): Promise<void> {
    const { changed } = await this.rt.schedules.update(gameId, (cur) => (cur && same(cur) ? { ...cur, status: 'waiting', waiting } : undefined));
    // No message moved the clock, so nothing else tells the thread that its deadline no longer holds.
    if (changed) await noteStatusOrLog(statusDepsOf(this.rt), gameId);
  }
}
