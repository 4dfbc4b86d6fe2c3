// A line that goes on with the units of the line before: "Rail 2 infantry par -> bre", then
// "then marches to Pic", "it sails on to nth", "the same warship moves to eng". The ruleset names
// where those units stand after the earlier order (OrderLanguage.unitAfter), and the line is read
// again with those words in place of "then", "it" or "the same warship".
import type { Order, OrderLanguage } from '../engine/index.ts';
import type { MessageLine } from './clean-message.ts';
import type { ParsedOrder, ParseResult } from './types.ts';

const GOES_ON = /^\s*(?:(?:and\s+)?then|it|they|the\s+same\s+[\p{L}-]+)(?=\s)/iu;

/** The line with the earlier order's units written in, when it starts by going on with them. */
export function continuedLine(text: string, previous: Order | undefined, language: OrderLanguage | undefined): string | undefined {
  if (!previous || !language?.unitAfter) return undefined;
  const start = GOES_ON.exec(text);
  const unit = start && language.unitAfter(previous);
  return unit ? `${unit}${text.slice(start[0].length)}` : undefined;
}

/**
 * The line read alone; when that gives no order and it goes on with the units of the order before,
 * read again so, quoting what the player wrote. The order before is asked for only then: most lines
 * read alone.
 */
export function readContinued(
  line: MessageLine,
  previous: () => Order | undefined,
  language: OrderLanguage | undefined,
  read: (line: MessageLine) => ParseResult,
): ParseResult {
  const alone = read(line);
  if (alone.orders.length || alone.ambiguous.length) return alone;
  const text = continuedLine(line.text, previous(), language);
  const again = text ? read({ ...line, text }) : undefined;
  if (!again || (!again.orders.length && !again.ambiguous.length)) return alone;
  const quoted = (o: ParsedOrder): ParsedOrder => ({ ...o, text: line.text });
  return {
    ...again,
    orders: again.orders.map(quoted),
    ambiguous: again.ambiguous.map((a) => ({ ...a, text: line.text, candidates: a.candidates.map(quoted) })),
  };
}
