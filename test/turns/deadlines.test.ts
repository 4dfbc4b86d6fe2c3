// The deadline arithmetic, pure: when the turn after an extended or late one is due, and which
// deadlines the GM sets would take players by surprise.
import { describe, expect, it } from 'vitest';
import { gameFileSchema, type GameFile } from '../../src/game/game-file.ts';
import { followingSlot, minimumNoticeMs, surprise } from '../../src/turns/deadlines.ts';
import { oneTurnAfter } from '../../src/turns/schedule.ts';
import type { TurnSchedule } from '../../src/turns/schedule-store.ts';

const HOUR = 3_600_000;

function game(schedule: Record<string, unknown>, timezone = 'UTC'): GameFile {
  return gameFileSchema.parse({
    title: 'T',
    ruleset: 'claims',
    timezone,
    gm: { name: 'GM', email: 'gm@example.org' },
    schedule,
    nations: { red: { name: 'Red', colour: '#ff0000' } },
  });
}

/** The turn after one whose slot and deadline are given, found at `now` with `noticeMs`. */
function next(config: GameFile, slot: string, deadline: string, now: string, noticeMs = 0): string | null {
  return followingSlot(config, { slot, deadline }, new Date(now), noticeMs)?.toISOString() ?? null;
}

const schedule = (status: TurnSchedule['status'], deadline: string | null): TurnSchedule => ({
  step: 1,
  epoch: 0,
  run: 0,
  status,
  slot: deadline,
  deadline,
  remindersSent: [],
  missed: {},
  absences: [],
});

describe('the turn after an extended or late one', () => {
  const fiveMinutes = { every: '5m', start: '2026-11-27T00:00:00Z' };

  it('keeps the next turn whole after an extension: the first slot a turn after the deadline, or a turn after it', () => {
    // Turn 1's slot was 01:50, extended to 01:52: the next is not 01:55 (three minutes).
    expect(next(game(fiveMinutes), '2026-11-27T01:50:00Z', '2026-11-27T01:52:00Z', '2026-11-27T01:52:00Z')).toBe('2026-11-27T02:00:00.000Z');
    expect(next(game({ ...fiveMinutes, keep: 'length' }), '2026-11-27T01:50:00Z', '2026-11-27T01:52:00Z', '2026-11-27T01:52:00Z')).toBe(
      '2026-11-27T01:57:00.000Z',
    );
    // Weekly, extended by six days (Fri 4 Dec to Thu 10 Dec): not the next day, but the Friday after.
    const weekly = { weekly: 'fri 20:00' };
    expect(next(game(weekly), '2026-12-04T20:00:00Z', '2026-12-10T20:00:00Z', '2026-12-10T20:00:05Z')).toBe('2026-12-18T20:00:00.000Z');
    expect(next(game({ ...weekly, keep: 'length' }), '2026-12-04T20:00:00Z', '2026-12-10T20:00:00Z', '2026-12-10T20:00:05Z')).toBe('2026-12-17T20:00:00.000Z');
  });

  it('leaves the regular slots as they were when nothing was extended, early or on time', () => {
    const weekly = game({ weekly: 'fri 20:00' });
    // Run seconds after its deadline, with an hour's notice: the next Friday, not the one after.
    expect(next(weekly, '2026-12-04T20:00:00Z', '2026-12-04T20:00:00Z', '2026-12-04T20:00:03Z', HOUR)).toBe('2026-12-11T20:00:00.000Z');
    // An early PROCESS on Wednesday does not skip Friday's turn.
    expect(next(weekly, '2026-12-04T20:00:00Z', '2026-12-04T20:00:00Z', '2026-12-02T09:00:00Z', HOUR)).toBe('2026-12-11T20:00:00.000Z');
    // The GM's deadline earlier than the slot does not skip the regular one either.
    expect(next(game({ every: '3d', start: '2026-12-01T20:00:00Z' }), '2026-12-01T20:00:00Z', '2026-12-01T13:00:00Z', '2026-12-01T13:00:00Z', HOUR)).toBe(
      '2026-12-04T20:00:00.000Z',
    );
  });

  it('gives a turn run late at least the minimum notice', () => {
    // Due at 02:10, run at 02:12: not 02:15 (three minutes), but the first slot an hour on.
    expect(next(game(fiveMinutes), '2026-11-27T02:10:00Z', '2026-11-27T02:10:00Z', '2026-11-27T02:12:00Z', HOUR)).toBe('2026-11-27T03:15:00.000Z');
    expect(next(game({ ...fiveMinutes, keep: 'length' }), '2026-11-27T02:10:00Z', '2026-11-27T02:10:00Z', '2026-11-27T02:12:00Z', HOUR)).toBe(
      '2026-11-27T03:12:00.000Z',
    );
    // A list of dates has no turn length: its next date, moved to the notice when sooner.
    const dates = game({ dates: ['2026-12-01T20:00:00Z', '2026-12-02T20:00:00Z', '2026-12-09T20:00:00Z'] });
    expect(next(dates, '2026-12-01T20:00:00Z', '2026-12-01T20:00:00Z', '2026-12-02T19:30:00Z', HOUR)).toBe('2026-12-02T20:30:00.000Z');
    expect(next(dates, '2026-12-01T20:00:00Z', '2026-12-04T20:00:00Z', '2026-12-04T20:00:00Z', HOUR)).toBe('2026-12-09T20:00:00.000Z');
  });

  it('measures a turn of days on the calendar, so a clock change does not skip a slot', () => {
    // London springs forward on 29 Mar 2026: 27 Mar 20:00 GMT to 30 Mar 20:00 BST is 71 hours.
    const spring = game({ every: '3d', start: '2026-03-27T20:00:00' }, 'Europe/London');
    expect(oneTurnAfter(spring.schedule!, 'Europe/London', new Date('2026-03-27T20:00:00Z'))?.toISOString()).toBe('2026-03-30T19:00:00.000Z');
    expect(next(spring, '2026-03-27T20:00:00Z', '2026-03-27T20:00:00Z', '2026-03-27T20:00:02Z', HOUR)).toBe('2026-03-30T19:00:00.000Z');
    expect(oneTurnAfter(game({ every: '90m', start: '2026-12-01T00:00:00Z' }).schedule!, 'UTC', new Date('2026-12-01T00:00:00Z'))?.toISOString()).toBe(
      '2026-12-01T01:30:00.000Z',
    );
    expect(oneTurnAfter(game({ dates: ['2026-12-01T20:00:00Z'] }).schedule!, 'UTC', new Date('2026-12-01T00:00:00Z'))).toBeNull();
  });

  it("takes the game's minimum notice, or the service's", () => {
    expect(minimumNoticeMs(game({ weekly: 'fri 20:00', minimumNotice: '90m' }), HOUR)).toBe(90 * 60_000);
    expect(minimumNoticeMs(game({ weekly: 'fri 20:00' }), 2 * HOUR)).toBe(2 * HOUR);
  });
});

describe('a deadline that would take players by surprise', () => {
  const now = new Date('2026-11-27T01:00:00Z');
  const at = (iso: string) => new Date(iso);

  it('is one already past, or closer than the minimum notice', () => {
    const open = schedule('open', '2026-11-28T20:00:00Z');
    expect(surprise(open, at('2026-11-27T00:59:00Z'), now, HOUR)).toBe('past');
    expect(surprise(open, now, now, HOUR)).toBe('past');
    expect(surprise(open, at('2026-11-27T01:30:00Z'), now, HOUR)).toBe('soon');
    expect(surprise(open, at('2026-11-27T02:00:00Z'), now, HOUR)).toBeNull();
    expect(surprise(open, at('2026-11-27T01:30:00Z'), now, 0)).toBeNull();
  });

  it('is not a running deadline moved later, however little time is left', () => {
    expect(surprise(schedule('open', '2026-11-27T01:10:00Z'), at('2026-11-27T01:20:00Z'), now, HOUR)).toBeNull();
    // In the grace period the deadline has passed; moving it on still gives more time.
    expect(surprise(schedule('open', '2026-11-27T00:50:00Z'), at('2026-11-27T01:20:00Z'), now, HOUR)).toBeNull();
    // Moved earlier, or a clock started again (waiting, paused, or no deadline at all): held to the notice.
    expect(surprise(schedule('open', '2026-11-27T01:40:00Z'), at('2026-11-27T01:20:00Z'), now, HOUR)).toBe('soon');
    expect(surprise(schedule('waiting', '2026-11-27T00:50:00Z'), at('2026-11-27T01:20:00Z'), now, HOUR)).toBe('soon');
    expect(surprise(schedule('paused', '2026-11-27T01:10:00Z'), at('2026-11-27T01:20:00Z'), now, HOUR)).toBe('soon');
    expect(surprise(schedule('open', null), at('2026-11-27T01:20:00Z'), now, HOUR)).toBe('soon');
  });
});
