// Deadlines from game.yaml's `schedule`, in the game's time zone. Pure: times in, times out, so the
// scheduler, the GM's commands and the tests all agree on when a turn is due.
import { DateTime } from 'luxon';
import type { GameFile } from '../game/game-file.ts';

export type ScheduleConfig = NonNullable<GameFile['schedule']>;

export interface Absence {
  nation: string;
  from: string;
  to: string;
}

const UNIT_MS = { m: 60_000, h: 3_600_000, d: 86_400_000, w: 604_800_000 } as const;
const WEEKDAYS = ['mon', 'tue', 'wed', 'thu', 'fri', 'sat', 'sun'];

/** "90m", "24h", "3d", "1w" in milliseconds (game-file.ts checks the shape). */
export function durationMs(text: string): number {
  const m = /^(\d+)(m|h|d|w)$/.exec(text);
  if (!m) throw new Error(`"${text}" is not a duration like "30m", "24h", "3d" or "1w".`);
  return Number(m[1]) * UNIT_MS[m[2] as keyof typeof UNIT_MS];
}

/** The first regular deadline strictly after `after`, or null when a list of dates has run out. */
export function nextSlot(schedule: ScheduleConfig, zone: string, after: Date): Date | null {
  const from = DateTime.fromJSDate(after, { zone });
  if (schedule.weekly) return nextWeekly(schedule.weekly, from).toJSDate();
  if (schedule.every) return nextEvery(schedule, zone, from).toJSDate();
  const dates = (schedule.dates ?? []).map((d) => withClock(DateTime.fromISO(d, { zone }), schedule.at)).sort((a, b) => a.toMillis() - b.toMillis());
  return dates.find((d) => d > from)?.toJSDate() ?? null;
}

function nextWeekly(weekly: string, from: DateTime): DateTime {
  const [day, clock] = weekly.toLowerCase().split(' ');
  const weekday = WEEKDAYS.indexOf(day.slice(0, 3)) + 1;
  const start = withClock(from.startOf('day'), clock);
  for (let i = 0; i <= 7; i++) {
    // Setting the clock per day (not adding 24h) keeps the wall-clock time across a DST change.
    const candidate = withClock(start.plus({ days: i }), clock);
    if (candidate.weekday === weekday && candidate > from) return candidate;
  }
  return withClock(start.plus({ days: 14 }), clock); // unreachable: a weekday recurs within 8 days
}

function nextEvery(schedule: ScheduleConfig, zone: string, from: DateTime): DateTime {
  const start = withClock(DateTime.fromISO(schedule.start ?? from.toISO()!, { zone }), schedule.at);
  const [, count, unit] = /^(\d+)(m|h|d|w)$/.exec(schedule.every!)!;
  const n = Number(count);
  if (start > from) return start;
  // Minutes and hours are exact intervals; days and weeks are calendar steps in the game's zone,
  // so "every 3d at 20:00" stays at 20:00 when the clocks change.
  const stepMs = n * UNIT_MS[unit as keyof typeof UNIT_MS];
  const at = (k: number) =>
    unit === 'm' || unit === 'h' ? start.plus({ milliseconds: k * stepMs }) : start.plus(unit === 'd' ? { days: k * n } : { weeks: k * n });
  let k = Math.max(0, Math.floor((from.toMillis() - start.toMillis()) / stepMs) - 1);
  while (at(k) <= from) k++;
  return at(k);
}

/**
 * One turn after `from`: a week for `weekly`, the interval of `every` (days and weeks on the
 * calendar of the game's zone, like the slots themselves, so a DST change does not skip a slot);
 * null for a list of dates, which has no turn length.
 */
export function oneTurnAfter(schedule: ScheduleConfig, zone: string, from: Date): Date | null {
  const at = DateTime.fromJSDate(from, { zone });
  if (schedule.weekly) return at.plus({ weeks: 1 }).toJSDate();
  if (!schedule.every) return null;
  const [, count, unit] = /^(\d+)(m|h|d|w)$/.exec(schedule.every)!;
  const n = Number(count);
  if (unit === 'd') return at.plus({ days: n }).toJSDate();
  if (unit === 'w') return at.plus({ weeks: n }).toJSDate();
  return new Date(from.getTime() + n * UNIT_MS[unit as 'm' | 'h']);
}

function withClock(dt: DateTime, clock: string | undefined): DateTime {
  if (!clock) return dt;
  const [hour, minute] = clock.split(':').map(Number);
  return dt.set({ hour, minute, second: 0, millisecond: 0 });
}

/** A deadline that falls inside a player's absence moves to the end of it (and again, if that end falls in another). */
export function afterAbsences(deadline: Date, absences: readonly Absence[]): Date {
  let at = deadline.getTime();
  for (let moved = true; moved;) {
    moved = false;
    for (const a of absences) {
      const [from, to] = [Date.parse(a.from), Date.parse(a.to)];
      if (from <= at && at < to) [at, moved] = [to, true];
    }
  }
  return new Date(at);
}

/** When a reminder `offset` before `deadline` is due. */
export function reminderTime(deadline: Date, offset: string): Date {
  return new Date(deadline.getTime() - durationMs(offset));
}

/** A time as a player reads it, in their zone: "Fri 4 Dec, 20:00 (Europe/London)". */
export function formatTime(at: Date, zone: string): string {
  return `${DateTime.fromJSDate(at, { zone }).toFormat('ccc d LLL, HH:mm')} (${zone})`;
}
