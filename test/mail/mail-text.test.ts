// The small readers the mail loop is built on: secrets, quoted text, routing, times.
import { describe, expect, it } from 'vitest';
import { newText } from '../../src/messages/quoted-text.ts';
import { routeMail } from '../../src/channels/email/route-mail.ts';
import { carriesSecret, redactSecrets, stripSecrets } from '../../src/messages/secret.ts';
import { formatTime, parseDays, parseDuration, parseTime } from '../../src/messages/time-text.ts';

describe('secrets', () => {
  it('finds a secret only as a whole word, in any case', () => {
    expect(carriesSecret('Orders RUBY-FALCON', 'ruby-falcon')).toBe(true);
    expect(carriesSecret('ruby-falcons', 'ruby-falcon')).toBe(false);
    expect(carriesSecret('xruby-falcon', 'ruby-falcon')).toBe(false);
    expect(carriesSecret('anything', undefined)).toBe(false);
  });

  it('blanks sign-on lines (keeping line numbers) and removes other mentions', () => {
    expect(stripSecrets('SIGNON ruby-falcon\nclaim nor ruby-falcon\nsecret: grey-heron', ['ruby-falcon', 'grey-heron'])).toBe('\nclaim nor \n');
  });

  it('redacts every secret in text sent back', () => {
    expect(redactSecrets('my code is Ruby-Falcon, ok?', ['ruby-falcon'])).toBe('my code is [secret], ok?');
  });
});

describe('quoted text', () => {
  it('blanks quotes, reply headers and signatures, keeping the line count', () => {
    const text = 'claim nor\n-- \nPlayer One\nclaim sou';
    expect(newText(text)).toBe('claim nor\n\n\n');
    expect(newText('claim nor\n> claim mid\nclaim sou')).toBe('claim nor\n\nclaim sou');
    expect(newText('claim nor\n\nOn Mon, 30 Dec 2029 at 10:00, Adjutant <game@adjutant.test> wrote:\nclaim mid').split('\n')).toEqual([
      'claim nor',
      '',
      '',
      '',
    ]);
  });

  it('cuts an Outlook reply at its "From: / Sent:" block', () => {
    expect(newText('claim nor\n________________________________\nFrom: Adjutant\nSent: Monday\nclaim mid').trim()).toBe('claim nor');
    expect(newText('claim nor\nFrom: Adjutant <game@adjutant.test>\nSent: Monday\nclaim mid').trim()).toBe('claim nor');
  });

  it('keeps a forwarded message when nothing was written above it', () => {
    const forwarded =
      '---------- Forwarded message ---------\nFrom: Me <player1@adjutant.test>\nDate: Mon\nSubject: orders\nTo: game@adjutant.test\n\nclaim nor';
    expect(newText(forwarded).trim()).toBe('claim nor');
    expect(newText(`claim sou\n${forwarded}`).trim()).toBe('claim sou');
  });
});

describe('routing', () => {
  const routes = [
    { id: 'alpha', mailbox: 'game@adjutant.test' },
    { id: 'beta', mailbox: 'beta@adjutant.test' },
    { id: 'gamma', mailbox: 'game@adjutant.test' },
  ];
  it('routes by the [game-id] tag first, then by a unique address', () => {
    expect(routeMail({ subject: 'Re: [gamma] orders', recipients: ['game@adjutant.test'] }, routes)).toEqual({ gameId: 'gamma', via: 'tag' });
    expect(routeMail({ subject: 'orders', recipients: ['BETA@adjutant.test'] }, routes)).toEqual({ gameId: 'beta', via: 'address', otherTag: undefined });
    expect(routeMail({ subject: '[urgent] orders', recipients: ['beta@adjutant.test'] }, routes)).toEqual({
      gameId: 'beta',
      via: 'address',
      otherTag: 'urgent',
    });
  });

  it('says why mail routes nowhere', () => {
    expect(routeMail({ subject: 'orders', recipients: ['game@adjutant.test'] }, routes)).toMatchObject({
      gameId: null,
      why: expect.stringContaining('several games share'),
    });
    expect(routeMail({ subject: '[delta] orders', recipients: ['x@adjutant.test'] }, routes)).toMatchObject({ gameId: null, tagged: 'delta' });
  });
});

describe('times', () => {
  it('reads durations as GMs write them', () => {
    expect(parseDuration('36h')).toBe(36 * 3_600_000);
    expect(parseDuration('2 days')).toBe(2 * 86_400_000);
    expect(parseDuration('+90m')).toBe(90 * 60_000);
    expect(parseDuration('soon')).toBeNull();
    expect(parseDuration('0h')).toBeNull();
  });

  it("reads a wall-clock time in the writer's zone, across daylight saving", () => {
    expect(parseTime('2026-12-05 20:00', 'Europe/Paris')?.toISOString()).toBe('2026-12-05T19:00:00.000Z');
    expect(parseTime('2026-07-05 20:00', 'Europe/Paris')?.toISOString()).toBe('2026-07-05T18:00:00.000Z');
    expect(parseTime('2026-07-05T20:00Z', 'Europe/Paris')?.toISOString()).toBe('2026-07-05T20:00:00.000Z');
    expect(parseTime('2026-07-05 20:00 America/New_York', 'UTC')?.toISOString()).toBe('2026-07-06T00:00:00.000Z');
    expect(parseTime('2026-07-05 20:00 +02:00', 'UTC')?.toISOString()).toBe('2026-07-05T18:00:00.000Z');
    expect(parseTime('next friday', 'UTC')).toBeNull();
  });

  it('reads absences as whole days, the last one included', () => {
    expect(parseDays('2030-01-10 to 2030-01-12', 'UTC')).toEqual({ from: new Date('2030-01-10T00:00:00Z'), to: new Date('2030-01-13T00:00:00Z') });
    expect(parseDays('2030-01-10', 'UTC')).toEqual({ from: new Date('2030-01-10T00:00:00Z'), to: new Date('2030-01-11T00:00:00Z') });
    expect(parseDays('2030-01-12 to 2030-01-10', 'UTC')).toBeNull();
  });

  it("writes a deadline in the reader's zone and names the zone", () => {
    expect(formatTime(new Date('2030-01-01T20:00:00Z'), 'Asia/Tokyo')).toBe('Wednesday, 2 January 2030 at 05:00 (Asia/Tokyo)');
  });
});
