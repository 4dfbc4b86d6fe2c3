// Commands by email. A mail whose first line starts with a command word is a command mail, read
// line by line; anything else from a player is orders. The GM's ORDER takes the lines below it
// as orders for that nation, up to the next ORDER line.
import { bareSubject } from './replies.ts';
import { editDistance } from '../orders/edit-distance.ts';
import type { IncomingMessage } from './incoming-message.ts';
import { readPress, type PressCommand } from './press-command.ts';
import { newText } from './quoted-text.ts';
import { stripSecrets } from './secret.ts';
import { parseDays, parseDuration, parseTime } from './time-text.ts';

export type Command =
  | { name: 'help' }
  /** `orders`: STATUS ORDERS, the GM asking for every nation's orders in force as read. */
  | { name: 'status'; orders?: boolean }
  | { name: 'clear' }
  | { name: 'absence'; from: Date; to: Date }
  | PressCommand
  | { name: 'list' }
  | { name: 'history'; turn: number }
  | { name: 'resign' }
  /** `now`: the GM wrote NOW after it, so a deadline past or closer than the minimum notice is meant. */
  | ({ name: 'extend'; ms: number; now: boolean } & Reason)
  | ({ name: 'deadline'; at: Date; now: boolean } & Reason)
  | ({ name: 'pause' } & Reason)
  | ({ name: 'resume' } & Reason)
  /** `turn`: the GM named the turn open now, which adjudicating it before its deadline needs. */
  | { name: 'process'; turn?: number }
  | { name: 'preview'; reroll: boolean }
  | { name: 'publish' }
  | ({ name: 'rollback'; turn: number } & Reason)
  | { name: 'replace'; nation: string; address: string }
  /** END GAME: the GM ends the game; `winners` as named, or none to take the standing as it is. */
  | ({ name: 'end'; winners: string[] } & Reason)
  | { name: 'order'; nation: string; late: boolean; text: string };

/** The GM's reason for a change players are told of ("EXTEND 24h -- the forum was down"), told with it. */
interface Reason {
  reason?: string;
}

export type Role = 'player' | 'gm';

export interface CommandLine {
  line: number;
  text: string;
  command?: Command;
  /** Why the line is not a command Adjutant can run, in one sentence. */
  problem?: string;
}

const PLAYER_COMMANDS = ['HELP', 'STATUS', 'CLEAR', 'ABSENCE', 'PRESS', 'BROADCAST', 'LIST', 'HISTORY', 'RESIGN'] as const;
const GM_COMMANDS = [
  'HELP',
  'STATUS',
  'EXTEND',
  'DEADLINE',
  'PAUSE',
  'RESUME',
  'PROCESS',
  'PREVIEW',
  'PUBLISH',
  'ROLLBACK',
  'REPLACE',
  'ORDER',
  'END',
] as const;

function words(role: Role): readonly string[] {
  return role === 'gm' ? GM_COMMANDS : PLAYER_COMMANDS;
}

function firstWord(line: string): string {
  return (/^\s*([A-Za-z]+)/.exec(line)?.[1] ?? '').toUpperCase();
}

/** The command word of this role one typing slip from `word` ("PASUE": PAUSE), if there is one. */
function meantCommand(word: string, role: Role): string | undefined {
  if (word.length < 4) return undefined;
  return words(role).find((w) => editDistance(word, w, 1) <= 1);
}

/**
 * True when the first line that says something starts with a command word of this role, or with
 * one slip of it written in capitals as commands are ("PASUE"), to be answered with "did you mean".
 */
export function isCommandText(text: string, role: Role): boolean {
  const first = text.split('\n').find((l) => l.trim());
  if (first === undefined || /^\s*replace\s+all\s*$/i.test(first)) return false;
  const word = firstWord(first);
  return words(role).includes(word) || (/^\s*[A-Z]{4,}\b/.test(first) && meantCommand(word, role) !== undefined);
}

const SIGN_OFF = /^[-–—\s]*[\p{L}'’.]+(?:[\s,]+[\p{L}'’.]+){0,2}[\s,.!]*$/u;

/**
 * "Thanks,", "Roddy", "-- The GM": a short line of words alone after the commands, none a command
 * word or a slip of one, and not in capitals as commands are written ("FROBNICATE" was meant as one).
 */
function isSignOff(line: string): boolean {
  const word = firstWord(line);
  return SIGN_OFF.test(line) && line !== line.toUpperCase() && ![...PLAYER_COMMANDS, ...GM_COMMANDS].some((w) => editDistance(word, w, 1) <= 1);
}

export interface CommandContext {
  /** Zone for dates without one: the writer's own. */
  timeZone: string;
  nations: readonly string[];
}

export function readCommands(text: string, role: Role, ctx: CommandContext): CommandLine[] {
  const lines = text.split('\n');
  const out: CommandLine[] = [];
  for (let i = 0; i < lines.length; i++) {
    const raw = lines[i].trim();
    if (!raw) continue;
    const entry: CommandLine = { line: i + 1, text: raw };
    out.push(entry);
    const word = firstWord(raw);
    const rest = raw.slice(raw.toUpperCase().indexOf(word) + word.length).trim();
    if (!words(role).includes(word)) {
      const meant = meantCommand(word, role);
      entry.problem =
        role === 'player' && GM_COMMANDS.includes(word as never)
          ? `${word} is for the GM only.`
          : `"${raw.slice(0, 40)}" is not a command.${meant ? ` Did you mean ${meant}?` : ''}`;
      continue;
    }
    if (word === 'PRESS' || word === 'BROADCAST') {
      const { end, ...read } = readPress(word, rest, lines, i, ctx.nations);
      Object.assign(entry, read);
      i = end;
      continue;
    }
    if (word === 'ORDER') {
      let end = i + 1;
      while (end < lines.length && firstWord(lines[end]) !== 'ORDER') end++;
      // Blank lines above keep the parser's line numbers equal to the email's.
      const body = lines.map((l, j) => (j > i && j < end ? l : '')).join('\n');
      Object.assign(entry, readOrder(rest, body, ctx));
      i = end - 1;
      continue;
    }
    Object.assign(entry, readOne(word, rest, ctx));
  }
  while (out.length > 1 && isSignOff(out[out.length - 1].text)) out.pop();
  return out;
}

/** Commands whose change players are told of, which may carry the GM's reason. */
const WITH_REASON = new Set(['EXTEND', 'DEADLINE', 'PAUSE', 'RESUME', 'ROLLBACK', 'END']);
const REASON = /(?:^|\s+)(?:--|—)\s*(.*)$/;
const MAX_REASON_CHARS = 200;

function readOne(word: string, line: string, ctx: CommandContext): Pick<CommandLine, 'command' | 'problem'> {
  const said = WITH_REASON.has(word) ? REASON.exec(line) : null;
  const reason = said?.[1].trim().slice(0, MAX_REASON_CHARS) || undefined;
  const read = readCommand(word, said ? line.slice(0, said.index).trim() : line, ctx);
  return reason && read.command ? { command: { ...read.command, reason } as Command } : read;
}

function readCommand(word: string, rest: string, ctx: CommandContext): Pick<CommandLine, 'command' | 'problem'> {
  const noArgs = (command: Command) => (rest ? { problem: `${word} takes nothing after it.` } : { command });
  switch (word) {
    case 'HELP':
      return { command: { name: 'help' } };
    case 'STATUS':
      return /^orders$/i.test(rest) ? { command: { name: 'status', orders: true } } : noArgs({ name: 'status' });
    case 'CLEAR':
      return noArgs({ name: 'clear' });
    case 'LIST':
      return noArgs({ name: 'list' });
    case 'RESIGN':
      return noArgs({ name: 'resign' });
    case 'HISTORY': {
      const turn = /^(?:turn\s+)?(\d{1,4})$/i.exec(rest);
      return turn ? { command: { name: 'history', turn: Number(turn[1]) } } : { problem: 'write HISTORY and a turn number, like HISTORY 3.' };
    }
    case 'PAUSE':
      return noArgs({ name: 'pause' });
    case 'RESUME':
      return noArgs({ name: 'resume' });
    case 'PROCESS': {
      if (!rest) return { command: { name: 'process' } };
      const turn = /^(?:turn\s+)?(\d{1,5})$/i.exec(rest);
      return turn ? { command: { name: 'process', turn: Number(turn[1]) } } : { problem: 'write PROCESS and the turn open now, like PROCESS 3.' };
    }
    case 'PUBLISH':
      return noArgs({ name: 'publish' });
    case 'PREVIEW':
      if (!rest || /^(reroll|new dice)$/i.test(rest)) return { command: { name: 'preview', reroll: !!rest } };
      return { problem: 'write PREVIEW, or PREVIEW REROLL for new dice.' };
    case 'ABSENCE': {
      const days = parseDays(rest, ctx.timeZone);
      return days ? { command: { name: 'absence', ...days } } : { problem: 'write ABSENCE 2026-12-10 to 2026-12-20 (or one day: ABSENCE 2026-12-10).' };
    }
    case 'EXTEND': {
      const { text, now } = sayingNow(rest);
      const ms = parseDuration(text);
      return ms ? { command: { name: 'extend', ms, now } } : { problem: 'write EXTEND with a duration, like EXTEND 24h, EXTEND 3d or EXTEND 90m.' };
    }
    case 'DEADLINE': {
      const { text, now } = sayingNow(rest);
      const at = parseTime(text, ctx.timeZone);
      return at
        ? { command: { name: 'deadline', at, now } }
        : { problem: `write DEADLINE 2026-12-05 20:00 (your time zone, ${ctx.timeZone}, unless you add one).` };
    }
    case 'ROLLBACK': {
      const turn = /^(?:to\s+)?(?:turn\s+)?(\d+)$/i.exec(rest);
      return turn ? { command: { name: 'rollback', turn: Number(turn[1]) } } : { problem: 'write ROLLBACK and a turn number, like ROLLBACK 3.' };
    }
    case 'REPLACE': {
      const m = /^([a-z0-9_-]+)\s+(?:with\s+|by\s+)?<?([^\s<>@]+@[^\s<>@]+\.[^\s<>@]+)>?$/i.exec(rest);
      if (!m) return { problem: "write REPLACE, the nation and the new player's address, like REPLACE red new.player@example.com." };
      const nation = m[1].toLowerCase();
      if (!ctx.nations.includes(nation)) return { problem: `there is no nation "${m[1]}"; the nations are ${ctx.nations.join(', ')}.` };
      return { command: { name: 'replace', nation, address: m[2].toLowerCase() } };
    }
    case 'END':
      return readEnd(rest, ctx);
    default:
      return { problem: `"${word}" is not a command.` };
  }
}

/** END GAME, or END GAME red, blue: the two words guard against a stray END ending a game. */
function readEnd(rest: string, ctx: CommandContext): Pick<CommandLine, 'command' | 'problem'> {
  const m = /^game\b(.*)$/i.exec(rest);
  if (!m) return { problem: 'write END GAME to end the game as it stands, or END GAME red, blue naming who won.' };
  const winners = [
    ...new Set(
      m[1]
        .toLowerCase()
        .split(/[\s,]+|\band\b/)
        .filter(Boolean),
    ),
  ];
  const unknown = winners.filter((w) => !ctx.nations.includes(w));
  if (unknown.length) return { problem: `there is no nation "${unknown[0]}"; the nations are ${ctx.nations.join(', ')}.` };
  return { command: { name: 'end', winners } };
}

/** "2026-11-27 01:00 NOW": the argument, and whether the GM added NOW to mean a deadline that soon. */
function sayingNow(rest: string): { text: string; now: boolean } {
  const m = /^(.*?)\s+now$/i.exec(rest);
  return m ? { text: m[1], now: true } : { text: rest, now: false };
}

function readOrder(rest: string, body: string, ctx: CommandContext): Pick<CommandLine, 'command' | 'problem'> {
  const m = /^([a-z0-9_-]+)(\s+late)?$/i.exec(rest);
  if (!m) return { problem: 'write ORDER and the nation on one line, its orders on the lines below (or ORDER red LATE to apply its late email).' };
  const nation = m[1].toLowerCase();
  if (!ctx.nations.includes(nation)) return { problem: `there is no nation "${m[1]}"; the nations are ${ctx.nations.join(', ')}.` };
  const late = !!m[2];
  if (!late && !body.trim()) return { problem: `ORDER ${nation} has no orders below it.` };
  return { command: { name: 'order', nation, late, text: body } };
}

/**
 * The commands a message gives, read from what its writer typed (secrets and quotes left out), or
 * from its subject when the text is empty; null when it gives none (then it holds orders or answers).
 */
export function messageCommands(
  message: Pick<IncomingMessage, 'text' | 'subject'>,
  secrets: readonly string[],
  role: Role,
  ctx: CommandContext,
): CommandLine[] | null {
  const text = newText(stripSecrets(message.text, secrets));
  const body = text.trim() ? text : stripSecrets(bareSubject(message.subject), secrets);
  return isCommandText(body, role) ? readCommands(body, role, ctx) : null;
}
