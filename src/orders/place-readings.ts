// How a line's readings become the message's orders: words around them that say the orders are
// not given now ("do not", "if", "next turn") refuse the line, as does an order kind the ruleset
// lacks; a single reading stands, readings that agree stand where they agree, and each place where
// they differ (or the whole line, when they differ in shape) is an ambiguity for the GM.
import type { AnyRuleset } from '../engine/index.ts';
import type { MessageLine } from './clean-message.ts';
import type { Token } from './lexer.ts';
import { applyModifiers, mayHoldModifier, modifierRefusal, modifiersIn, wordsRead, type LineCalendar, type Modifier, type Span } from './order-modifiers.ts';
import { segmentText } from './order-segments.ts';
import { sameOrderKey, type PlacedOrder } from './readings.ts';
import type { ParsedOrder, ParseResult } from './types.ts';

export interface LineInContext {
  line: MessageLine;
  tokens: readonly Token[];
  ruleset: AnyRuleset;
  alternatives: PlacedOrder[][];
}

/**
 * The readings placed, unless words around the orders say they are not given now ("do not", "if",
 * "maybe", "next turn", a heading for another season): then the line is refused with the reason.
 * "Instead of X, Y" places Y and sets X aside as withdrawn.
 */
export function placeUnmodified(
  reading: { alternatives: PlacedOrder[][]; read?: Span[] },
  where: LineInContext,
  ctx: { heading?: Modifier; calendar?: LineCalendar },
  result: ParseResult,
): void {
  const { line, tokens, ruleset } = where;
  // Most lines hold no word that could be a modifier: they are placed without working out which words the orders took.
  const modifiers = mayHoldModifier(line.text) ? modifiersIn(line.text, reading.read ?? wordsRead(tokens), ctx.calendar) : [];
  const applied = applyModifiers(
    reading.alternatives,
    ctx.heading ? [ctx.heading, ...modifiers] : modifiers,
    (p) => tokens[p.at].offset,
    (offset) => clauseEnd(tokens, offset, line.text.length),
  );
  if ('refused' in applied) {
    const orders = reading.alternatives.length === 1 ? reading.alternatives[0].map((p) => ruleset.formatOrder(p.order)) : [];
    return void result.errors.push({
      line: line.line,
      text: line.text,
      message: modifierRefusal(applied.refused, orders, applied.refused === ctx.heading),
      suggestions: [],
    });
  }
  for (const p of applied.withdrawn)
    result.ignored.push({
      line: line.line,
      text: ruleset.formatOrder(p.order),
      why: 'withdrawn: the line puts another order in its place ("instead of", "rather than")',
    });
  placeKnownKinds(applied.readings, { ...where, alternatives: applied.readings }, result);
}

/** Where the clause holding `offset` ends: at the next comma, semicolon or full stop, else the line's end. */
function clauseEnd(tokens: readonly Token[], offset: number, lineEnd: number): number {
  return tokens.find((t) => t.offset > offset && (t.type === 'comma' || t.type === 'semi' || t.type === 'dot'))?.offset ?? lineEnd;
}

/** The readings placed, unless one holds an order kind the ruleset does not have. */
function placeKnownKinds(alternatives: PlacedOrder[][], where: LineInContext, result: ParseResult): void {
  const { line, ruleset } = where;
  const known = orderKindsOf(ruleset);
  let stray: PlacedOrder | undefined;
  for (const reading of alternatives) stray ??= reading.find((p) => !known.has(p.order.kind));
  if (stray)
    return void result.errors.push({
      line: line.line,
      text: line.text,
      message: `The ${ruleset.title} rules have no "${stray.order.kind}" order.`,
      suggestions: [],
    });
  placeReadings(alternatives, where, result);
}

const orderKinds = new WeakMap<AnyRuleset, ReadonlySet<string>>();

function orderKindsOf(ruleset: AnyRuleset): ReadonlySet<string> {
  let kinds = orderKinds.get(ruleset);
  if (!kinds) orderKinds.set(ruleset, (kinds = new Set(ruleset.orderKinds.map((k) => k.kind))));
  return kinds;
}

function toParsed(p: PlacedOrder, where: LineInContext): ParsedOrder {
  return {
    ...p.order,
    line: where.line.line,
    text: segmentText(where.line.text, where.tokens, p.at, where.alternatives),
    canonical: where.ruleset.formatOrder(p.order),
    ...(p.blanket && { blanket: p.blanket }),
  };
}

/**
 * One reading: its orders stand. Several readings of the same shape: orders they agree on stand,
 * each place where they differ is one ambiguity. Readings of different shapes: the line is one ambiguity.
 */
function placeReadings(alternatives: PlacedOrder[][], where: LineInContext, result: ParseResult): void {
  const [first] = alternatives;
  const { line } = where;
  if (alternatives.length === 1) {
    for (const placed of first) result.orders.push(toParsed(placed, where));
    return;
  }
  const sameShape = alternatives.every((a) => a.length === first.length && a.every((p, i) => p.at === first[i].at));
  if (!sameShape) {
    result.ambiguous.push({ line: line.line, text: line.text, candidates: distinct(alternatives.flat()).map((p) => toParsed(p, where)) });
    return;
  }
  first.forEach((placed, i) => {
    const options = distinct(alternatives.map((a) => a[i]));
    if (options.length === 1) result.orders.push(toParsed(placed, where));
    else result.ambiguous.push({ line: line.line, text: toParsed(placed, where).text, candidates: options.map((p) => toParsed(p, where)) });
  });
}

function distinct(list: PlacedOrder[]): PlacedOrder[] {
  const seen = new Set<string>();
  return list.filter((p) => {
    const key = sameOrderKey(p.order);
    return seen.has(key) ? false : (seen.add(key), true);
  });
}
