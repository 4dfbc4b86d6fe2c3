// Understood but not allowed: with the game's state at hand, each order goes through the ruleset's
// own validation, given the orders accepted ahead of it, as the adjudicator will check it.
import type { AnyRuleset, GameState, MapGraph, Order, RulesetContext } from '../engine/index.ts';
import { combatSystems } from '../combat/index.ts';
import type { ParsedOrder, ParseResult } from './types.ts';

export interface CheckInput {
  ruleset: AnyRuleset;
  map: MapGraph;
  nation: string;
  state: GameState;
  options?: Record<string, unknown>;
}

/** The order alone, without where it came from: what the ruleset validates and adjudicates. */
export function bareOrder(parsed: ParsedOrder): Order {
  const { line: _line, text: _text, canonical: _canonical, blanket: _blanket, ...order } = parsed;
  return order as Order;
}

/**
 * Moves illegal orders to `errors` (with the ruleset's code and sentence), and ambiguities no reading
 * of which is allowed; one step per order or ambiguity checked (see parseMessage), the result at the end.
 */
export function* checkOrderSteps(result: ParseResult, input: CheckInput): Generator<void, ParseResult> {
  const options = input.options ?? (input.ruleset.options.parse({}) as Record<string, unknown>);
  const ctx: RulesetContext = { map: input.map, options, combat: combatSystems };
  const accepted: Order[] = [];
  const orders: ParsedOrder[] = [];
  const errors = [...result.errors];
  const verdict = (o: ParsedOrder) => input.ruleset.validate(ctx, input.state, input.nation, bareOrder(o), accepted);
  const ignored = [...result.ignored];
  for (const parsed of result.orders) {
    const v = verdict(parsed);
    if (v.ok) {
      orders.push(parsed);
      accepted.push(bareOrder(parsed));
    } else {
      const own = parsed.blanket ? ownOrder(parsed, orders, input) : undefined;
      if (own) {
        ignored.push({
          line: parsed.line,
          text: parsed.text,
          why: `"${parsed.canonical}" is left out: line ${own.line} gives that unit its own order, "${own.canonical}"`,
        });
        yield;
        continue;
      }
      const earlier = takeReplaced(parsed, orders, accepted, input, verdict);
      if (!earlier) errors.push({ line: parsed.line, text: parsed.text, message: v.message, suggestions: [], code: v.code });
      else {
        orders.push(parsed);
        accepted.push(bareOrder(parsed));
        ignored.push({
          line: earlier.line,
          text: earlier.text,
          why: earlier.blanket
            ? `"${earlier.canonical}" is left out: line ${parsed.line} gives that unit its own order, "${parsed.canonical}"`
            : `replaced by line ${parsed.line}, "${parsed.canonical}", a later order about the same thing`,
        });
      }
    }
    yield;
  }
  const ambiguous: ParseResult['ambiguous'] = [];
  for (const line of result.ambiguous) {
    const verdicts = line.candidates.map(verdict);
    const legal = line.candidates.filter((_, i) => verdicts[i].ok);
    if (legal.length) {
      // Readings the rules forbid are no choice worth putting to the GM, unless dropping them
      // would leave one reading: that would be a guess, and the GM still decides.
      ambiguous.push(legal.length > 1 ? { ...line, candidates: legal } : line);
    } else {
      const first = verdicts[0];
      if (!first.ok) errors.push({ line: line.line, text: line.text, message: first.message, suggestions: [], code: first.code });
    }
    yield;
  }
  errors.sort((a, b) => a.line - b.line);
  ignored.sort((a, b) => a.line - b.line);
  return { ...result, orders, ambiguous, errors, ignored };
}

/** The unit's own order, accepted ahead of one a blanket order gives it: "A Par - Bur" before "All units hold". */
function ownOrder(parsed: ParsedOrder, orders: readonly ParsedOrder[], input: CheckInput): ParsedOrder | undefined {
  const subject = input.ruleset.orderSubject(bareOrder(parsed));
  return orders.find((o) => !o.blanket && input.ruleset.orderSubject(bareOrder(o)) === subject);
}

/**
 * "A Par - Bur" and later in the same message "A Par - Pic": the later order replaces the earlier
 * one about the same thing (the ruleset's orderSubject), as the classic judges keep a unit's last
 * order, when the later one is allowed in its place and on a later line. The earlier order is taken out of `orders`
 * and `accepted` and returned; without one, or when the later order is refused all the same, nothing changes.
 */
function takeReplaced(
  parsed: ParsedOrder,
  orders: ParsedOrder[],
  accepted: Order[],
  input: CheckInput,
  verdict: (o: ParsedOrder) => { ok: boolean },
): ParsedOrder | undefined {
  const subject = input.ruleset.orderSubject(bareOrder(parsed));
  let index = accepted.length - 1;
  while (index >= 0 && input.ruleset.orderSubject(accepted[index]) !== subject) index--;
  // The orders of one line are each meant ("waive both builds"): only a later line replaces, but a
  // unit's own order replaces what a blanket order gave it on any line ("All units hold, A Par - Bur").
  if (index < 0 || (orders[index].line === parsed.line && !orders[index].blanket) || (parsed.blanket && !orders[index].blanket)) return undefined;
  const [earlierOrder] = accepted.splice(index, 1);
  const [earlier] = orders.splice(index, 1);
  if (verdict(parsed).ok) return earlier;
  accepted.splice(index, 0, earlierOrder);
  orders.splice(index, 0, earlier);
  return undefined;
}
