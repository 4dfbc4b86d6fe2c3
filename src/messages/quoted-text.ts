// What the writer typed, apart from what they quoted, for commands, ticket answers and orders:
// quoted lines, reply headers, earlier messages and the signature are blanked rather than removed,
// so the parser's line numbers still match the email the player sees. The reading of reply
// structure itself is shared with the order reader (src/orders/quoted-reply.ts).
import { lineRoles } from '../orders/quoted-reply.ts';

/**
 * The text with quoted lines (">"), reply headers, earlier messages and the signature (after "-- ")
 * replaced by empty lines. A forwarded message is kept when the writer added nothing above it: a
 * player who forwards their earlier orders means to send them again.
 */
export function newText(text: string): string {
  const lines = text.replace(/\r\n?/g, '\n').split('\n');
  const roles = lineRoles(lines);
  return lines.map((line, i) => (roles[i] === 'text' ? line : '')).join('\n');
}

/** The first lines that say something, for commands and ticket answers. */
export function meaningfulLines(text: string): string[] {
  return newText(text)
    .split('\n')
    .map((l) => l.trim())
    .filter(Boolean);
}
