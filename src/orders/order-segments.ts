// The words of one order in a line of several, as the confirmation echoes them: "Move 2 army lon
// -> wal, buy army in yor" is "Move 2 army lon -> wal" and "buy army in yor". An order's reading
// starts where the grammar placed it (for a purchase, at the unit bought), so the line is cut at
// the separators between two orders rather than at their starts.
import type { Token } from './lexer.ts';
import type { PlacedOrder } from './readings.ts';

const SEPARATOR_TYPES = new Set(['comma', 'semi', 'dot']);
const SEPARATOR_WORDS = new Set(['and', 'then', 'plus']);

function isSeparator(t: Token): boolean {
  return SEPARATOR_TYPES.has(t.type) || SEPARATOR_WORDS.has(t.text);
}

/** The text of the order starting at token `at`: from after the separator before it to before the one after it. */
export function segmentText(line: string, tokens: readonly Token[], at: number, alternatives: PlacedOrder[][]): string {
  if (alternatives[0].length === 1) return line;
  const starts = [...new Set(alternatives[0].map((p) => p.at))].sort((a, b) => a - b);
  const index = starts.indexOf(at);
  if (starts.length <= 1 || index < 0) return line;
  let from = index === 0 ? 0 : cutBetween(tokens, starts[index - 1], at);
  let to = index === starts.length - 1 ? tokens.length : cutBetween(tokens, at, starts[index + 1]);
  while (from < to - 1 && isSeparator(tokens[from])) from++;
  while (to - 1 > from && isSeparator(tokens[to - 1])) to--;
  return line.slice(tokens[from].offset, tokens[to - 1].end).trim();
}

/**
 * Where the line is cut between the orders starting at `a` and `b`: after the last separator
 * between them (a comma inside the first order, "Spa, nc", comes before it), else at `b`.
 */
function cutBetween(tokens: readonly Token[], a: number, b: number): number {
  for (let j = b - 1; j > a; j--) if (isSeparator(tokens[j])) return j + 1;
  return b;
}
