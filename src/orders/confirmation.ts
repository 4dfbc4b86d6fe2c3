// The confirmation a player reads after sending orders: each order restated in plain words, what
// waits for the GM, what was refused and why (with "did you mean ...?"), and what was not read.
import type { Order } from '../engine/index.ts';
import { bareOrder } from './check-orders.ts';
import type { ParsedOrder, ParseResult } from './types.ts';

export interface ConfirmationInput {
  result: ParseResult;
  /** The order in plain words: the ruleset's describeOrder. */
  describe: (order: Order) => string;
  /** Who the orders are from, for the heading ("France"). */
  nationName: string;
}

export function confirmationText({ result, describe, nationName }: ConfirmationInput): string {
  const out: string[] = [];
  const say = (o: ParsedOrder) => {
    try {
      return describe(bareOrder(o));
    } catch {
      return o.canonical;
    }
  };
  const quote = (text: string) => `"${text.length > 70 ? `${text.slice(0, 67)}...` : text}"`;

  out.push(result.orders.length ? `Orders received for ${nationName}:` : `No orders were taken from this message for ${nationName}.`);
  result.orders.forEach((o, i) => out.push(`  ${i + 1}. ${o.canonical}: ${say(o)}`));

  if (result.ambiguous.length) {
    out.push('', 'Waiting for the GM (these lines can be read more than one way; nothing is guessed):');
    for (const a of result.ambiguous) {
      out.push(`  line ${a.line} ${quote(a.text)} could mean:`);
      for (const c of a.candidates) out.push(`    - ${c.canonical}: ${say(c)}`);
    }
  }
  if (result.errors.length) {
    out.push('', 'Not accepted (please send these again):');
    for (const e of result.errors) {
      const code = e.code ? ` [${e.code}]` : '';
      const hint = e.suggestions.length ? ` Did you mean ${e.suggestions.map((s) => `"${s}"`).join(' or ')}?` : '';
      out.push(`  line ${e.line} ${quote(e.text)}: ${e.message}${code}${hint}`);
    }
  }
  if (result.ignored.length) {
    out.push('', 'Not read as orders:');
    for (const i of result.ignored) out.push(`  line ${i.line} ${quote(i.text.split('\n')[0])}: ${i.why}.`);
  }
  return out.join('\n');
}
