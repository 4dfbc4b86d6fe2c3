// What the writer typed, apart from what they quoted. A reply to a confirmation quotes the orders
// Adjutant restated; read as new orders, they would come back twice. Quoted lines are blanked
// rather than removed, so the parser's line numbers still match the email the player sees.

// Lines that start a quoted original in the common mail clients.
const REPLY_HEADERS: RegExp[] = [
  /^\s*On .{3,200}wrote:\s*$/i, // Gmail, Apple Mail, Thunderbird
  /^\s*Le .{3,200}a écrit\s*:\s*$/i,
  /^\s*Am .{3,200}schrieb .{0,200}:\s*$/i,
  /^\s*-{2,}\s*Original Message\s*-{2,}\s*$/i, // Outlook, older
  /^\s*-{2,}\s*Forwarded message\s*-{2,}\s*$/i, // Gmail forward
  /^\s*Begin forwarded message:\s*$/i, // Apple Mail forward
  /^\s*_{10,}\s*$/, // Outlook's rule above "From: ... Sent: ..."
  /^\s*From: .+\s*$/i, // Outlook, when followed by Sent:/Date: (checked below)
];

function startsQuote(lines: string[], i: number): boolean {
  const line = lines[i];
  const match = REPLY_HEADERS.findIndex((re) => re.test(line));
  if (match === -1) return false;
  if (REPLY_HEADERS[match].source.startsWith('^\\s*From:')) return /^\s*(Sent|Date):/i.test(lines[i + 1] ?? '');
  // Gmail may wrap "On ... wrote:" across two lines; the single-line patterns catch the usual case.
  return true;
}

const FORWARD = /forward/i;
const FORWARD_HEADER_LINE = /^\s*(From|Date|Sent|Subject|To|Cc|Reply-To)\s*:/i;

/**
 * The text with quoted lines (">"), everything after a reply header, and the signature (after
 * "-- ") replaced by empty lines. A forwarded message is kept when the writer added nothing above
 * it: a player who forwards their earlier orders means to send them again.
 */
export function newText(text: string): string {
  const lines = text.replace(/\r\n?/g, '\n').split('\n');
  const blank = new Set<number>();
  let cut = lines.length;
  for (let i = 0; i < lines.length; i++) {
    if (/^-- ?$/.test(lines[i])) {
      cut = i;
      break;
    }
    if (!startsQuote(lines, i)) continue;
    const wroteAbove = lines.slice(0, i).some((l, j) => !blank.has(j) && l.trim() && !/^\s*>/.test(l));
    if (!FORWARD.test(lines[i]) || wroteAbove) {
      cut = i;
      break;
    }
    blank.add(i);
    while (i + 1 < lines.length && (FORWARD_HEADER_LINE.test(lines[i + 1]) || !lines[i + 1].trim())) blank.add(++i);
  }
  return lines.map((line, i) => (i >= cut || blank.has(i) || /^\s*>/.test(line) ? '' : line)).join('\n');
}

/** The first lines that say something, for commands and ticket answers. */
export function meaningfulLines(text: string): string[] {
  return newText(text)
    .split('\n')
    .map((l) => l.trim())
    .filter(Boolean);
}
