// How a turn's deadline is set: when a step opens, when the GM moves it, when a stopped game
// resumes. Pure functions over the schedule record; the scheduler and GameControl store the results.
import type { GameFile } from '../game/game-file.ts';
import { afterAbsences, durationMs, nextSlot, oneTurnAfter, reminderTime } from './schedule.ts';
import type { TurnSchedule } from './schedule-store.ts';

/** The schedule of a step that opens now: its deadline is `slot` (by default the next regular one), pushed by absences. */
export function openStep(
  config: GameFile,
  now: Date,
  step: number,
  epoch: number,
  carry: Pick<TurnSchedule, 'missed' | 'absences'>,
  slot: Date | null = firstSlot(config, now),
): TurnSchedule {
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

function firstSlot(config: GameFile, now: Date): Date | null {
  return config.schedule ? nextSlot(config.schedule, config.timezone, now) : null;
}

/** The schedule after step `s.step` was committed: missed turns counted, the next step opened. */
export function nextStep(s: TurnSchedule, config: GameFile, now: Date, players: readonly string[], noticeMs: number): TurnSchedule {
  const missing = new Set(s.missing ?? []);
  const missed = Object.fromEntries(players.map((n) => [n, missing.has(n) ? (s.missed[n] ?? 0) + 1 : 0]));
  const next = openStep(config, now, s.step + 1, s.epoch, { missed, absences: s.absences }, followingSlot(config, s, now, noticeMs));
  return s.status === 'paused' ? pauseAt(next, now) : next;
}

/**
 * When the turn after `s` is due, before absences. Never sooner than a turn after this turn's
 * deadline (so extending a turn does not shorten the next), nor than the minimum notice from now
 * (so a turn that ran late still leaves players time), nor than the slot after this turn's slot (so
 * an early PROCESS does not skip one). `keep: slots` takes the first regular slot from then,
 * `keep: length` that time itself; a list of dates, which has no turn length, takes its next date,
 * moved to the minimum notice if that is sooner.
 */
export function followingSlot(config: GameFile, s: Pick<TurnSchedule, 'slot' | 'deadline'>, now: Date, noticeMs: number): Date | null {
  const schedule = config.schedule;
  if (!schedule) return null;
  const zone = config.timezone;
  const slot = s.slot ? Date.parse(s.slot) : -Infinity;
  const previous = s.deadline ?? s.slot;
  const turnLater = previous ? oneTurnAfter(schedule, zone, new Date(previous))?.getTime() : undefined;
  const notice = now.getTime() + noticeMs;
  if (turnLater === undefined) {
    const date = nextSlot(schedule, zone, new Date(Math.max(slot, now.getTime())));
    return date && new Date(Math.max(date.getTime(), notice));
  }
  if (schedule.keep === 'length') return new Date(Math.max(turnLater, notice, slot + 1));
  // nextSlot finds the first slot strictly after its time, hence the millisecond less.
  return nextSlot(schedule, zone, new Date(Math.max(slot, now.getTime(), turnLater - 1, notice - 1)));
}

/** The least time players get before a deadline: the game's `minimumNotice`, else the service's. */
export function minimumNoticeMs(config: GameFile, serviceMs: number): number {
  return config.schedule?.minimumNotice ? durationMs(config.schedule.minimumNotice) : serviceMs;
}

/**
 * Why a deadline the GM sets would take players by surprise: it is already past, or closer than
 * the minimum notice; null when neither. Moving a running deadline later is no surprise, however
 * little time is left: it only gives players more.
 */
export function surprise(s: TurnSchedule, deadline: Date, now: Date, noticeMs: number): 'past' | 'soon' | null {
  const at = deadline.getTime();
  if (at <= now.getTime()) return 'past';
  if (at >= now.getTime() + noticeMs) return null;
  const running = s.status === 'open' && s.deadline !== null && at >= Date.parse(s.deadline);
  return running ? null : 'soon';
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
