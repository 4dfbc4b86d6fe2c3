import { describe, expect, it } from 'vitest';
import { afterAbsences, durationMs, formatTime, nextSlot, reminderTime, type ScheduleConfig } from '../../src/turns/schedule.ts';

const base = { reminders: ['24h', '2h'], grace: '0m', missedOrders: 'hold', alertAfterMissed: 2 } as const;
const schedule = (s: Partial<ScheduleConfig>): ScheduleConfig => ({ ...base, ...s }) as ScheduleConfig;
const iso = (d: Date | null) => d?.toISOString() ?? null;

describe('deadlines from game.yaml', () => {
  it('finds the next weekly deadline in the game time zone, keeping wall-clock time across DST', () => {
    const weekly = schedule({ weekly: 'fri 20:00' });
    // Friday 23 Oct 2026 20:00 in London is 19:00 UTC (BST); a week later the clocks have gone back.
    expect(iso(nextSlot(weekly, 'Europe/London', new Date('2026-10-21T12:00:00Z')))).toBe('2026-10-23T19:00:00.000Z');
    expect(iso(nextSlot(weekly, 'Europe/London', new Date('2026-10-23T19:00:00Z')))).toBe('2026-10-30T20:00:00.000Z');
    expect(iso(nextSlot(schedule({ weekly: 'Sunday 09:30' }), 'America/New_York', new Date('2026-12-01T00:00:00Z')))).toBe('2026-12-06T14:30:00.000Z');
  });

  it('steps every N days from the start at its local time, and every N hours exactly', () => {
    const every = schedule({ every: '3d', start: '2026-10-20T20:00:00' });
    expect(iso(nextSlot(every, 'Europe/London', new Date('2026-10-01T00:00:00Z')))).toBe('2026-10-20T19:00:00.000Z');
    // 20, 23, 26 Oct: the 26th is after the change back to GMT, still 20:00 local.
    expect(iso(nextSlot(every, 'Europe/London', new Date('2026-10-23T19:00:00Z')))).toBe('2026-10-26T20:00:00.000Z');
    const hourly = schedule({ every: '90m', start: '2026-12-01T00:00:00Z' });
    expect(iso(nextSlot(hourly, 'UTC', new Date('2026-12-01T04:00:00Z')))).toBe('2026-12-01T04:30:00.000Z');
    const at = schedule({ every: '1w', start: '2026-12-01T08:00:00Z', at: '21:15' });
    expect(iso(nextSlot(at, 'UTC', new Date('2026-12-02T00:00:00Z')))).toBe('2026-12-08T21:15:00.000Z');
  });

  it('takes fixed dates in order and says when they have run out', () => {
    const dates = schedule({ dates: ['2026-12-10T20:00:00Z', '2026-12-03T20:00:00+01:00'] });
    expect(iso(nextSlot(dates, 'UTC', new Date('2026-12-01T00:00:00Z')))).toBe('2026-12-03T19:00:00.000Z');
    expect(iso(nextSlot(dates, 'UTC', new Date('2026-12-03T19:00:00Z')))).toBe('2026-12-10T20:00:00.000Z');
    expect(nextSlot(dates, 'UTC', new Date('2026-12-10T20:00:00Z'))).toBeNull();
  });

  it('pushes a deadline that falls in an absence to its end, through chained absences', () => {
    const absences = [
      { nation: 'red', from: '2026-12-01T00:00:00Z', to: '2026-12-05T00:00:00Z' },
      { nation: 'blue', from: '2026-12-04T00:00:00Z', to: '2026-12-06T12:00:00Z' },
    ];
    expect(iso(afterAbsences(new Date('2026-12-03T20:00:00Z'), absences))).toBe('2026-12-06T12:00:00.000Z');
    expect(iso(afterAbsences(new Date('2026-12-07T20:00:00Z'), absences))).toBe('2026-12-07T20:00:00.000Z');
  });

  it('reads durations and reminder times, and shows times in a reader’s zone', () => {
    expect(durationMs('90m')).toBe(5_400_000);
    expect(durationMs('1w')).toBe(7 * 86_400_000);
    expect(() => durationMs('soon')).toThrow(/not a duration/);
    expect(iso(reminderTime(new Date('2026-12-04T20:00:00Z'), '2h'))).toBe('2026-12-04T18:00:00.000Z');
    expect(formatTime(new Date('2026-12-04T20:00:00Z'), 'Europe/Paris')).toBe('Fri 4 Dec, 21:00 (Europe/Paris)');
  });
});
