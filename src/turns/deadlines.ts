// How a turn's deadline is set: when a step opens, when the GM moves it, when a stopped game
// resumes. Pure functions over the schedule record; the scheduler and GameControl store the results.
import type { GameFile } from '../game/game-file.ts';
import { afterAbsences, durationMs, nextSlot, reminderTime } from './schedule.ts';
import type { TurnSchedule } from './schedule-store.ts';

/** The schedule of a step that opens now: its deadline is the next regular slot, pushed by absences. */
export function openStep(config: GameFile, now: Date, step: number, epoch: number, carry: Pick<TurnSchedule, 'missed' | 'absences'>, after: Date = now): TurnSchedule {
  const slot = config.schedule ? nextSlot(config.schedule, config.timezone, after.getTime() > now.getTime() ? after : now) : null;
  // Absences that ended are of no further use; they stay only while they can still push a deadline.
  const absences = carry.absences.filter((a) => Date.parse(a.to) > now.getTime());
  const deadline = slot ? afterAbsences(slot, absences) : null;
  return {
    step,
    epoch,
    run: 0,
    status: 'open',
    slot: slot?.toISOString() ?? null,
    deadline: deadline?.toISOString() ?? null,
    remindersSent: passedReminders(config, deadline, now),
    missed: carry.missed,
    absences,
  };
}

/** The schedule after step `s.step` was committed: missed turns counted, the next step opened. */
export function nextStep(s: TurnSchedule, config: GameFile, now: Date, players: readonly string[]): TurnSchedule {
  const missing = new Set(s.missing ?? []);
  const missed = Object.fromEntries(players.map((n) => [n, missing.has(n) ? (s.missed[n] ?? 0) + 1 : 0]));
  // An early PROCESS must not skip a week: the next deadline is the slot after this turn's slot.
  const after = s.slot ? new Date(s.slot) : now;
  const next = openStep(config, now, s.step + 1, s.epoch, { missed, absences: s.absences }, after);
  return s.status === 'paused' ? pauseAt(next, now) : next;
}

/** Nations whose missed turns reach the GM's alert threshold with this step. */
export function missedAlerts(s: TurnSchedule, config: GameFile): string[] {
  const threshold = config.schedule?.alertAfterMissed ?? 2;
  return (s.missing ?? []).filter((n) => (s.missed[n] ?? 0) + 1 >= threshold);
}

export function withDeadline(s: TurnSchedule, config: GameFile, deadline: Date, now: Date): TurnSchedule {
  const { waiting: _waiting, pausedLeftMs: _left, ...rest } = s;
  return { ...rest, status: 'open', deadline: deadline.toISOString(), remindersSent: passedReminders(config, deadline, now) };
}

export function pauseAt(s: TurnSchedule, now: Date): TurnSchedule {
  const left = s.deadline ? Math.max(0, Date.parse(s.deadline) - now.getTime()) : undefined;
  return { ...s, status: 'paused', pausedLeftMs: left };
}

/** The deadline a paused or stopped game gets back: the time its players had left, never less than the minimum notice. */
export function resumedDeadline(s: TurnSchedule, now: Date, minimumNoticeMs: number): Date | null {
  const left = s.status === 'paused' ? s.pausedLeftMs : s.waiting?.leftMs;
  if (left === undefined && !s.deadline) return null;
  return new Date(now.getTime() + Math.max(left ?? 0, minimumNoticeMs));
}

/** Reminders whose time is already past for this deadline: never sent late after a change. */
export function passedReminders(config: GameFile, deadline: Date | null, now: Date): string[] {
  if (!deadline) return [];
  return (config.schedule?.reminders ?? []).filter((offset) => reminderTime(deadline, offset).getTime() <= now.getTime());
}

export function graceMs(config: GameFile): number {
  return durationMs(config.schedule?.grace ?? '0m');
}
