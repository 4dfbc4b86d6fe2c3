// Times as people write and read them: a deadline in the reader's own time zone, and the
// durations and dates a GM or player types in a command ("EXTEND 36h", "DEADLINE 2026-12-05 20:00").

export function formatTime(at: Date, timeZone: string): string {
  const text = new Intl.DateTimeFormat('en-GB', {
    timeZone,
    weekday: 'long',
    day: 'numeric',
    month: 'long',
    year: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  }).format(at);
  return `${text} (${timeZone})`;
}

const UNITS: Record<string, number> = { m: 60_000, h: 3_600_000, d: 86_400_000, w: 604_800_000 };
const UNIT_WORDS: Record<string, string> = {
  min: 'm',
  mins: 'm',
  minute: 'm',
  minutes: 'm',
  hour: 'h',
  hours: 'h',
  hr: 'h',
  hrs: 'h',
  day: 'd',
  days: 'd',
  week: 'w',
  weeks: 'w',
};

/** "36h", "2d", "90 minutes", "1 week" -> milliseconds; null when it is not a duration. */
export function parseDuration(text: string): number | null {
  const m = /^\+?\s*(\d+)\s*([a-z]+)$/i.exec(text.trim());
  if (!m) return null;
  const unit = m[2].toLowerCase();
  const key = UNITS[unit] ? unit : UNIT_WORDS[unit];
  return key && Number(m[1]) > 0 ? Number(m[1]) * UNITS[key] : null;
}

/** Minutes to add to UTC to get local time in `timeZone` at that instant. */
function offsetMinutes(at: number, timeZone: string): number {
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
      second: 'numeric',
    })
      .formatToParts(at)
      .map((p) => [p.type, Number(p.value)]),
  );
  const local = Date.UTC(parts.year, parts.month - 1, parts.day, parts.hour, parts.minute, parts.second);
  return Math.round((local - Math.floor(at / 1000) * 1000) / 60_000);
}

/** The instant a wall-clock time in `timeZone` names (in a DST gap, the hour after). */
export function zonedTime(year: number, month: number, day: number, hour: number, minute: number, timeZone: string): Date {
  const guess = Date.UTC(year, month - 1, day, hour, minute);
  let at = guess - offsetMinutes(guess, timeZone) * 60_000;
  at = guess - offsetMinutes(at, timeZone) * 60_000;
  return new Date(at);
}

/**
 * "2026-12-05 20:00", "2026-12-05T20:00Z", "2026-12-05 20:00 Europe/Paris", "2026-12-05" (midnight)
 * -> an instant; times without a zone are read in `timeZone`. Null when it is not a date.
 */
export function parseTime(text: string, timeZone: string): Date | null {
  const m = /^(\d{4})-(\d{1,2})-(\d{1,2})(?:[ T](\d{1,2}):(\d{2}))?\s*(Z|UTC|GMT|[+-]\d{2}:?\d{2}|[A-Za-z_]+\/[A-Za-z_/+-]+)?$/i.exec(text.trim());
  if (!m) return null;
  const [year, month, day, hour, minute] = [m[1], m[2], m[3], m[4] ?? '0', m[5] ?? '0'].map(Number);
  if (month < 1 || month > 12 || day < 1 || day > 31 || hour > 23 || minute > 59) return null;
  const zone = m[6];
  if (!zone) return zonedTime(year, month, day, hour, minute, timeZone);
  if (/^(Z|UTC|GMT)$/i.test(zone)) return new Date(Date.UTC(year, month - 1, day, hour, minute));
  const off = /^([+-])(\d{2}):?(\d{2})$/.exec(zone);
  if (off) return new Date(Date.UTC(year, month - 1, day, hour, minute) - (off[1] === '-' ? -1 : 1) * (Number(off[2]) * 60 + Number(off[3])) * 60_000);
  try {
    return zonedTime(year, month, day, hour, minute, zone);
  } catch {
    return null;
  }
}

/** "2026-12-10 to 2026-12-20", "2026-12-10 - 2026-12-20" or one day: whole days in `timeZone`. */
export function parseDays(text: string, timeZone: string): { from: Date; to: Date } | null {
  const m = /^(\d{4}-\d{1,2}-\d{1,2})(?:\s*(?:to|until|till|-|–|\.\.)?\s*(\d{4}-\d{1,2}-\d{1,2}))?$/i.exec(text.trim());
  if (!m) return null;
  const from = parseTime(m[1], timeZone);
  const last = parseTime(m[2] ?? m[1], timeZone);
  if (!from || !last) return null;
  const [y, mo, d] = (m[2] ?? m[1]).split('-').map(Number);
  // The end is the first moment after the last day, so "10 to 20" includes all of the 20th.
  const to = zonedTime(y, mo, d + 1, 0, 0, timeZone);
  return to > from ? { from, to } : null;
}
