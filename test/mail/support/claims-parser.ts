// A small order reader for the fixture ruleset, independent of the project's parser: "claim <province>",
// where a name several provinces share ("claim vale") is ambiguous and an unknown one an error.
import type { Order } from '../../../src/engine/index.ts';
import type { MessageParser } from '../../../src/messages/message-context.ts';
import type { ParsedOrder, ParseResult } from '../../../src/orders/types.ts';

export const claimsParser: MessageParser = ({ map, text }) => {
  const result: ParseResult = { orders: [], ambiguous: [], errors: [], ignored: [] };
  text.split('\n').forEach((raw, i) => {
    const line = i + 1;
    const t = raw.trim();
    if (!t) return;
    const m = /^claim\s+(.+?)\s*\.?$/i.exec(t);
    if (!m) return void result.ignored.push({ line, text: t, why: 'no order words' });
    const word = m[1].toLowerCase();
    const all = map.ids().map((id) => map.province(id));
    const exact = all.filter((p) => p.id === word || p.name.toLowerCase() === word || p.aliases.some((a) => a.toLowerCase() === word));
    const partial = all.filter((p) => p.name.toLowerCase().includes(word));
    const order = (province: string): ParsedOrder => ({ kind: 'claim', province, line, text: t, canonical: `claim ${province}` }) as ParsedOrder & Order;
    if (exact.length === 1) result.orders.push(order(exact[0].id));
    else if (partial.length > 1) result.ambiguous.push({ line, text: t, candidates: partial.map((p) => order(p.id)) });
    else if (partial.length === 1) result.orders.push(order(partial[0].id));
    else result.errors.push({ line, text: t, message: `There is no province "${m[1]}".`, suggestions: all.slice(0, 2).map((p) => `claim ${p.id}`) });
  });
  return result;
};
