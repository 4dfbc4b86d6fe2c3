// An email or forum post reduced to the lines that may hold orders. Quoted replies, signatures,
// reply headers and text outside an "ORDERS ... END" block are set aside with the reason, so the
// player can see what was not read and why.
import { lineRoles, type LineRole } from './quoted-reply.ts';
import type { IgnoredLine } from './types.ts';

export interface MessageLine {
  /** 1-based line in the message. */
  line: number;
  /** The line without its list marker ("1.", "-", "*"). */
  text: string;
}

export interface CleanMessage {
  lines: MessageLine[];
  ignored: IgnoredLine[];
}

/** More lines than this are not a set of orders; the rest is set aside in one note. */
export const MAX_MESSAGE_LINES = 1000;

// "\s*(?::\s*)?$", not "\s*:?\s*$": two runs of spaces side by side cost the square of a long line.
const BLOCK_START = /^\s*(begin\s+)?orders?\s*(?::\s*)?$/i;
const BLOCK_END = /^\s*end(\s+(of\s+)?orders?)?\s*(?:[.!]\s*)?$/i;
const LIST_MARKER = /^\s*(?:[-*•·+‣◦▪]|\d{1,3}[.)]|\(\d{1,3}\)|\(?[a-z]\)|#\d{1,3}[.):]?)\s+/iu;

const BEYOND_ASCII = /[^\t-~]/;

/** Why a line that is not the writer's own text is set aside. */
const WHY: Record<Exclude<LineRole, 'text'>, string> = {
  quoted: 'quoted from an earlier message',
  'reply-header': 'a reply header',
  'earlier-message': 'an earlier message below a reply',
  signature: 'a signature (after "-- ")',
};

export function cleanMessage(text: string): CleanMessage {
  // ASCII is its own NFC form: most messages need no normalising.
  const raw = (BEYOND_ASCII.test(text) ? text.normalize('NFC') : text).replace(/\r\n?/g, '\n').split('\n');
  const ignored: IgnoredLine[] = [];
  const setAside = (from: number, to: number, why: string) => {
    const body = raw.slice(from, to).join('\n').trim();
    if (body) ignored.push({ line: from + 1, text: body, why });
  };

  // Everything after a signature or an earlier message is not this message's orders.
  const roles = lineRoles(raw);
  let end = raw.length;
  while (end > 0 && (roles[end - 1] === 'signature' || roles[end - 1] === 'earlier-message')) end--;
  if (end < raw.length) setAside(end, raw.length, WHY[roles[end] as 'signature' | 'earlier-message']);

  const inBlock = orderBlocks(raw, end);
  const lines: MessageLine[] = [];
  // Consecutive set-aside lines of one kind (a quoted reply) make one note, not one per line.
  let runFrom = -1;
  let runWhy = '';
  const closeRun = (i: number) => {
    if (runFrom >= 0) setAside(runFrom, i, runWhy);
    runFrom = -1;
  };
  for (let i = 0; i < end; i++) {
    const line = raw[i];
    const role = roles[i];
    const why = inBlock && !inBlock[i] ? 'outside the ORDERS ... END block' : role !== 'text' ? WHY[role] : null;
    if (why) {
      if (runFrom < 0 || runWhy !== why) {
        closeRun(i);
        [runFrom, runWhy] = [i, why];
      }
      continue;
    }
    closeRun(i);
    const body = line.replace(LIST_MARKER, '').trim();
    if (!body) continue;
    if (lines.length === MAX_MESSAGE_LINES) {
      setAside(i, end, `only the first ${MAX_MESSAGE_LINES} lines of a message are read`);
      return { lines, ignored: sortByLine(ignored) };
    }
    lines.push({ line: i + 1, text: body });
  }
  closeRun(end);
  return { lines, ignored: sortByLine(ignored) };
}

/**
 * Which lines lie inside "ORDERS ... END" blocks; null when the message has no complete block. A
 * block runs to the first END after it, and one never ended is no block: one pass, however many
 * ORDERS lines are left open.
 */
function orderBlocks(raw: readonly string[], end: number): boolean[] | null {
  const inside = new Array<boolean>(end).fill(false);
  let found = false;
  let open = -1;
  for (let i = 0; i < end; i++) {
    if (open < 0) {
      if (BLOCK_START.test(raw[i])) open = i;
    } else if (BLOCK_END.test(raw[i])) {
      for (let j = open + 1; j < i; j++) inside[j] = true;
      found = true;
      open = -1;
    }
  }
  return found ? inside : null;
}

function sortByLine(list: IgnoredLine[]): IgnoredLine[] {
  return list.sort((a, b) => a.line - b.line);
}
