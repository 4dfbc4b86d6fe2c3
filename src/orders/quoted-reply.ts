// What the writer typed, apart from what they quoted: the one reader of reply structure that the
// mail loop (src/messages/quoted-text.ts) and the order reader (clean-message.ts) share. Each line of
// a message gets a role; a reply to a confirmation quotes the orders Adjutant restated, and read as
// new orders they would come back twice. One pass over the lines: cost grows with the message.

export type LineRole =
  /** Typed by the writer: may hold orders. */
  | 'text'
  /** A ">" line. */
  | 'quoted'
  /** "On ... wrote:" above quoted lines, or the header block of a forwarded message. */
  | 'reply-header'
  /** Everything below a reply header with unquoted text, an "Original Message" or an Outlook "From: / Sent:" block. */
  | 'earlier-message'
  /** The "-- " line and everything after it. */
  | 'signature';

const SIGNATURE = /^--\s?$/;
const QUOTED = /^\s*>/;
// Gmail, Apple Mail, Thunderbird and their French, German, Spanish, Italian wordings.
const REPLY_HEADER = /^\s*(on\b.{0,200}\bwrote|.{0,200}\b(schrieb|a écrit|escribió|scrisse)\b.{0,200})\s*:\s*$/iu;
// Outlook's and older clients' separators; a forward keeps its message when nothing was written above.
const EARLIER_MESSAGE = /^\s*(-{2,}\s*(original|forwarded) message\s*-{2,}|_{10,}|begin forwarded message:?)\s*$/i;
const FORWARD = /forward/i;
const OUTLOOK_FROM = /^\s*\*?from:\*?\s/i;
const OUTLOOK_SENT = /^\s*\*?(sent|date):\*?\s/i;
const FORWARD_HEADER_FIELD = /^\s*\*?(from|date|sent|subject|to|cc|reply-to):\*?\s*/i;

export function lineRoles(lines: readonly string[]): LineRole[] {
  const roles: LineRole[] = [];
  let wroteAbove = false;
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i];
    const first = line.trimStart()[0];
    if (first === '>') {
      roles.push('quoted');
      continue;
    }
    // Every marker below starts with "-", "_" or "b", or holds a colon: most lines are none of them.
    if (first !== '-' && first !== '_' && first !== 'b' && first !== 'B' && !line.includes(':')) {
      if (first !== undefined) wroteAbove = true;
      roles.push('text');
      continue;
    }
    if (SIGNATURE.test(line)) return fill(roles, lines.length, 'signature');
    if (EARLIER_MESSAGE.test(line) || (OUTLOOK_FROM.test(line) && OUTLOOK_SENT.test(lines[i + 1] ?? ''))) {
      // A player who forwards their earlier orders with nothing above means to send them again.
      if (!FORWARD.test(line) || wroteAbove) return fill(roles, lines.length, 'earlier-message');
      roles.push('reply-header');
      while (i + 1 < lines.length && (FORWARD_HEADER_FIELD.test(lines[i + 1]) || !lines[i + 1].trim())) {
        roles.push('reply-header');
        i++;
      }
      continue;
    }
    if (line.trimEnd().endsWith(':') && REPLY_HEADER.test(line)) {
      // Gmail quotes below its header with ">"; text there unquoted is the earlier message itself.
      let next = i + 1;
      while (next < lines.length && !lines[next].trim()) next++;
      if (next < lines.length && !QUOTED.test(lines[next])) return fill([...roles, 'reply-header'], lines.length, 'earlier-message');
      roles.push('reply-header');
      continue;
    }
    if (line.trim()) wroteAbove = true;
    roles.push('text');
  }
  return roles;
}

function fill(roles: LineRole[], length: number, role: LineRole): LineRole[] {
  while (roles.length < length) roles.push(role);
  return roles;
}
