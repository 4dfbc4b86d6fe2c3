// When a game update changes game.yaml's schedule, the turn under way follows it: the scheduler
// reads reminders, grace and missed orders from game.yaml at every look, but the open turn's
// deadline was fixed when the turn opened, so it moves to the new schedule's first deadline that
// leaves players the minimum notice. A paused or stopped turn keeps its own; turns after it follow.
import type { GameFile } from '../game/game-file.ts';
import { minimumNoticeMs, passedReminders } from './deadlines.ts';
import { afterAbsences, formatTime, nextSlot } from './schedule.ts';
import type { TurnSchedule } from './schedule-store.ts';
import type { TurnRuntime } from './turn-runtime.ts';

/** What the open turn's schedule becomes, with the sentence the GM reads before it is applied. */
export interface ScheduleFollow {
  /** The turn's schedule as read; it changes only if still the same when applied. */
  from: TurnSchedule;
  to: TurnSchedule;
  said: string;
}

type Schedule = GameFile['schedule'];

/** The deadline's own fields: the others (reminders, grace...) are read afresh at each look. */
function timing(schedule: Schedule, zone: string): string {
  const { weekly, every, start, dates, at } = schedule ?? {};
  return JSON.stringify({ weekly, every, start, dates, at, zone });
}

/** How the turn under way follows the changed schedule; undefined when it has nothing to follow (no change, no turn open yet). */
export function followSchedule(rt: TurnRuntime, s: TurnSchedule | null, before: GameFile, after: GameFile): ScheduleFollow | undefined {
  if (!s || JSON.stringify([before.schedule, before.timezone]) === JSON.stringify([after.schedule, after.timezone])) return undefined;
  const now = rt.now();
  const follow = (to: TurnSchedule, said: string): ScheduleFollow => ({ from: s, to, said });
  const kept = s.deadline ? `keeps its deadline, ${formatTime(new Date(s.deadline), after.timezone)}` : 'keeps having no deadline';
  if (s.status !== 'open')
    return follow(s, `the turn under way is ${s.status === 'paused' ? 'paused' : 'waiting for the GM'}; the turns after it follow the new schedule`);
  if (timing(before.schedule, before.timezone) === timing(after.schedule, after.timezone)) {
    // Reminders whose time is already past are marked sent, so a reminder added now is not sent late.
    const remindersSent = [...new Set([...s.remindersSent, ...passedReminders(after, s.deadline ? new Date(s.deadline) : null, now)])];
    return follow({ ...s, remindersSent }, `the turn under way ${kept}`);
  }
  if (!after.schedule) return follow(s, `the turn under way ${kept}; the turns after it have none (the GM says PROCESS)`);
  const noticeMs = minimumNoticeMs(after, rt.settings.minimumNoticeMs);
  const slot = nextSlot(after.schedule, after.timezone, new Date(now.getTime() + noticeMs - 1));
  if (!slot) return follow(s, `the turn under way ${kept}: the new schedule has no date left`);
  const deadline = afterAbsences(slot, s.absences);
  const to = { ...s, slot: slot.toISOString(), deadline: deadline.toISOString(), remindersSent: passedReminders(after, deadline, now) };
  const was = s.deadline ? formatTime(new Date(s.deadline), before.timezone) : 'none';
  return follow(to, `the turn under way: deadline ${was} → ${formatTime(deadline, after.timezone)}`);
}

/** Writes the followed schedule if the turn is still as it was read, and wakes the scheduler to look again; false if it moved on. */
export async function applyScheduleFollow(rt: TurnRuntime, gameId: string, follow: ScheduleFollow): Promise<boolean> {
  const { from, to } = follow;
  const { changed, schedule } = await rt.schedules.update(gameId, (cur) => (cur && JSON.stringify(cur) === JSON.stringify(from) ? to : undefined));
  await rt.schedules.wake(gameId, rt.now());
  return changed || JSON.stringify(schedule) === JSON.stringify(to);
}
