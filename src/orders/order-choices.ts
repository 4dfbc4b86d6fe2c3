// Orders a nation could give now, put together from its own position: for HELP and the welcome
// mail (examples a player can copy that the game takes) and for the nation page's click-to-order
// (what the unit in one province may do, toward another). Nothing here knows a ruleset: each kind's
// slots come from its zod schema (`OrderKindDoc.slots`), and are filled from what the nation sees
// (its private view: its units, the land it owns, the other nations) and the map's neighbours;
// only what the ruleset's `validate` accepts is kept, written in its notation (`formatOrder`), and
// only where the game's reader reads that line back as the same order (a notation the reader does
// not take is no example to copy). Pure: no I/O, and the work is bounded (a few hundred checks a
// kind, a few slot values each, whatever the map's size). A kind with a required slot nothing in a
// position fills (a leader's name, a treaty's id) gets none: HELP then keeps the written examples.
import { z } from 'zod';
import type { AnyRuleset, GameState, Order, OrderKindDoc, RulesetContext, Unit } from '../engine/index.ts';
import { bareOrder } from './check-orders.ts';
import { parseMessage } from './parse-message.ts';

export interface OrderChoice {
  order: Order;
  /** The order in the ruleset's notation, as a player writes it. */
  text: string;
}

export interface KindChoices {
  doc: OrderKindDoc;
  choices: OrderChoice[];
}

/** How many orders each kind may be tried with (a check each), and kept. */
export interface ChoiceLimits {
  tries?: number;
  keep?: number;
}

const TRIES = 300;
/** Provinces an order may start from, at most: the nation's units first, then its land. */
const ANCHORS = 60;
/** Orders of a kind the ruleset allows but the reader does not read back as written, before the kind is given up. */
const UNREAD = 3;
/** Values one slot is tried with, at most. */
const VALUES = 24;

/** What the nation sees of the game, from its private view. */
interface Position {
  nation: string;
  own: Unit[];
  seen: Unit[];
  /** Provinces where it has units, then land it owns without units. */
  anchors: string[];
  held: Set<string>;
  others: string[];
}

function positionOf(ruleset: AnyRuleset, ctx: RulesetContext<unknown>, state: GameState, nation: string): Position {
  const view = ruleset.privateView(ctx, state, [], nation);
  const seen = view.units;
  const own = seen.filter((u) => u.nation === nation);
  const anchors = unique([...own.map((u) => u.province), ...Object.keys(view.provinces).filter((p) => view.provinces[p]?.owner === nation)]);
  return {
    nation,
    own,
    seen,
    anchors,
    held: new Set(anchors),
    others: view.nations.map((n) => n.id).filter((n) => n !== nation),
  };
}

/** The provinces a nation holds: where it has units, and the land it owns (from its own view). */
export function heldProvinces(ruleset: AnyRuleset, ctx: RulesetContext<unknown>, state: GameState, nation: string): ReadonlySet<string> {
  return positionOf(ruleset, ctx, state, nation).held;
}

/** For every kind the game's options take: up to `keep` orders of it the nation could give now (none when none is found). */
export function orderChoices(ruleset: AnyRuleset, ctx: RulesetContext<unknown>, state: GameState, nation: string, limits: ChoiceLimits = {}): KindChoices[] {
  const pos = positionOf(ruleset, ctx, state, nation);
  return availableKinds(ruleset, ctx).map((doc) => ({ doc, choices: choicesOf(ruleset, ctx, state, pos, doc, {}, limits) }));
}

/**
 * What the nation may order with what it has in province `at` (its units there, or its land), and,
 * with `to`, toward that province: the orders of every kind that names `at` as its province, and `to`
 * in another slot. Nothing for a province the nation neither has units in nor owns.
 */
export function choicesAt(
  ruleset: AnyRuleset,
  ctx: RulesetContext<unknown>,
  state: GameState,
  nation: string,
  at: string,
  to?: string,
  limits: ChoiceLimits = {},
): OrderChoice[] {
  const pos = positionOf(ruleset, ctx, state, nation);
  if (!pos.held.has(at) || (to !== undefined && !ctx.map.has(to))) return [];
  const keep = limits.keep ?? 4;
  const out: OrderChoice[] = [];
  for (const doc of availableKinds(ruleset, ctx)) {
    if (!shapeOf(doc)?.province) continue;
    const found = choicesOf(ruleset, ctx, state, pos, doc, { at, to }, { tries: limits.tries, keep });
    out.push(...found.filter((c) => out.every((o) => o.text !== c.text)));
  }
  return out;
}

function availableKinds(ruleset: AnyRuleset, ctx: RulesetContext<unknown>): OrderKindDoc[] {
  const options = (ctx.options ?? {}) as Record<string, unknown>;
  return ruleset.orderKinds.filter((k) => k.available?.(options) ?? true);
}

type Shape = Record<string, z.ZodType>;

function shapeOf(doc: OrderKindDoc): Shape | null {
  return doc.slots instanceof z.ZodObject ? (doc.slots.shape as Shape) : null;
}

/** The slots in the order they are filled: where the order starts, then what depends on it. */
const SLOT_ORDER = ['province', 'unitType', 'unitKind', 'coast', 'count', 'target', 'targetCoast', 'from', 'sea', 'subject', 'subjectType'];
const rank = (slot: string) => {
  const i = SLOT_ORDER.indexOf(slot);
  return i < 0 ? SLOT_ORDER.length : i;
};

/** A slot's value left out. */
const ABSENT = Symbol('absent');
type Value = unknown;

interface Focus {
  at?: string;
  to?: string;
}

function choicesOf(
  ruleset: AnyRuleset,
  ctx: RulesetContext<unknown>,
  state: GameState,
  pos: Position,
  doc: OrderKindDoc,
  focus: Focus,
  limits: ChoiceLimits,
): OrderChoice[] {
  const shape = shapeOf(doc);
  if (!shape || !doc.slots) return [];
  const slots = Object.keys(shape)
    .filter((s) => s !== 'kind')
    .sort((a, b) => rank(a) - rank(b));
  const keep = limits.keep ?? 2;
  let tries = limits.tries ?? TRIES;
  const found: OrderChoice[] = [];
  const seen = new Set<string>();
  // A notation the reader does not take fails for every order of the kind: a few are enough to tell.
  let unread = UNREAD;
  let plainFirst = false;
  /** Fills the slots from the i-th on; true once `goal` orders are found or the tries are spent. */
  const fill = (i: number, order: Order, goal: number): boolean => {
    if (found.length >= goal || tries <= 0 || unread <= 0) return true;
    if (i === slots.length) {
      if (focus.to !== undefined && !slots.some((s) => s !== 'province' && order[s] === focus.to)) return false;
      if (!doc.slots!.safeParse(order).success) return false;
      tries--;
      if (!ruleset.validate(ctx, state, pos.nation, order, []).ok) return false;
      const text = ruleset.formatOrder(order);
      if (seen.has(text) || (plainFirst && found.some((f) => addsSlotsTo(order, f.order)))) return false;
      seen.add(text);
      if (readsBack(ruleset, ctx, state, pos.nation, text)) found.push({ order, text });
      else unread--;
      return found.length >= goal;
    }
    const slot = slots[i];
    for (const value of valuesOf(slot, shape[slot], order, pos, ctx, focus).slice(0, VALUES)) {
      if (fill(i + 1, value === ABSENT ? order : { ...order, [slot]: value }, goal)) return true;
    }
    return false;
  };
  const start: Order = { kind: doc.kind };
  // One order from each place first, where the kind starts from a place: examples that differ.
  if (slots[0] === 'province' && keep > 1) {
    for (const value of valuesOf('province', shape.province, start, pos, ctx, focus)) {
      if (found.length >= keep || tries <= 0 || unread <= 0) break;
      fill(1, value === ABSENT ? start : { ...start, province: value }, found.length + 1);
    }
  }
  // Then orders that are more than one found with a slot added ("Buy army in lon at nth"), then any.
  plainFirst = true;
  fill(0, start, keep);
  plainFirst = false;
  fill(0, start, keep);
  return found.slice(0, keep);
}

/** The order is another with slots added, the other's all the same. */
function addsSlotsTo(order: Order, other: Order): boolean {
  const keys = Object.keys(other);
  return Object.keys(order).length > keys.length && keys.every((k) => order[k] === other[k]);
}

/**
 * Whether the game's reader reads the notation back as this one order, allowed: a ruleset's notation
 * the reader does not take (or takes as another order) is no example to copy.
 */
function readsBack(ruleset: AnyRuleset, ctx: RulesetContext<unknown>, state: GameState, nation: string, text: string): boolean {
  const read = parseMessage({ ruleset, map: ctx.map, nation, text, state, options: ctx.options as Record<string, unknown> });
  const single = read.ambiguous.filter((a) => a.candidates.length === 1).map((a) => a.candidates[0]);
  const orders = [...read.orders, ...single];
  if (orders.length !== 1 || read.errors.length || read.ignored.length || read.ambiguous.length > single.length) return false;
  return ruleset.formatOrder(bareOrder(orders[0])) === text;
}

/** Enum or literal words a type takes, optional and unions looked through. */
function wordsOf(type: z.ZodType): unknown[] | null {
  if (type instanceof z.ZodOptional || type instanceof z.ZodNullable || type instanceof z.ZodDefault) return wordsOf(type.unwrap() as z.ZodType);
  if (type instanceof z.ZodEnum) return [...type.options];
  if (type instanceof z.ZodLiteral) return [...type.values];
  if (type instanceof z.ZodUnion) {
    const all = (type.options as z.ZodType[]).map(wordsOf);
    return all.every((w) => w !== null) ? all.flat() : null;
  }
  return null;
}

function baseOf(type: z.ZodType): z.ZodType {
  if (type instanceof z.ZodOptional || type instanceof z.ZodNullable || type instanceof z.ZodDefault) return baseOf(type.unwrap() as z.ZodType);
  return type;
}

function numberIn(type: z.ZodType): number | null {
  const base = baseOf(type);
  if (base instanceof z.ZodNumber) return Math.max(1, base.minValue ?? 1);
  if (base instanceof z.ZodUnion) for (const option of base.options as z.ZodType[]) if (numberIn(option) !== null) return numberIn(option);
  return null;
}

function unique<T>(values: Iterable<T>): T[] {
  return [...new Set(values)];
}

/** Provinces one step from `province`, for the unit type when the map draws its borders, else for any. */
function neighbours(ctx: RulesetContext<unknown>, province: unknown, unitType: unknown): string[] {
  if (typeof province !== 'string' || !ctx.map.has(province)) return [];
  const typed = typeof unitType === 'string' && ctx.map.hasBordersFor(unitType) ? ctx.map.neighbours(province, unitType).map((p) => p.province) : [];
  return unique([...typed, ...ctx.map.touches(province)]);
}

/** The values a slot is tried with, given the slots filled before it; ABSENT leaves it out. */
function valuesOf(slot: string, type: z.ZodType, order: Order, pos: Position, ctx: RulesetContext<unknown>, focus: Focus): Value[] {
  const optional = type.safeParse(undefined).success;
  const words = wordsOf(type);
  const base = baseOf(type);
  const here = pos.own.filter((u) => u.province === order.province);
  const derived = (values: unknown[]): Value[] => {
    const found = unique(values.filter((v) => v !== undefined && v !== null && v !== ''));
    return found.length ? (optional ? [...found, ABSENT] : found) : optional ? [ABSENT] : [];
  };
  const choice = (values: unknown[]): Value[] => (optional ? [ABSENT, ...unique(values)] : unique(values));
  const inWords = (values: unknown[]) => (words ? values.filter((v) => words.includes(v)) : values);
  switch (slot) {
    case 'province':
      return focus.at !== undefined ? [focus.at] : choice(pos.anchors.slice(0, ANCHORS));
    case 'unitType': {
      const types = inWords([...here.map((u) => u.type), ...pos.own.map((u) => u.type), ...(words ?? [])]);
      // The types of its units there first (an order for them), then any other (a purchase may name any).
      const first = unique(inWords(here.map((u) => u.type)));
      return first.length ? [...unique([...first, ...types]), ...(optional ? [ABSENT] : [])] : optional ? [ABSENT, ...unique(types)] : unique(types);
    }
    case 'unitKind': {
      const kinds = (units: Unit[]) => units.flatMap((u) => [u.unitKind, u.kind, u.type]).filter((k) => typeof k === 'string');
      return derived(inWords(here.length ? kinds(here) : kinds(pos.own)));
    }
    case 'coast': {
      const unitCoasts = here.map((u) => u.coast);
      const mapCoasts = typeof order.province === 'string' && ctx.map.has(order.province) ? ctx.map.province(order.province).coasts : [];
      return derived(here.length ? unitCoasts : mapCoasts);
    }
    case 'subjectType':
      return derived(pos.seen.filter((u) => u.province === order.subject).map((u) => u.type));
    case 'targetCoast': {
      const coasts = typeof order.target === 'string' && ctx.map.has(order.target) ? ctx.map.province(order.target).coasts : [];
      return optional ? [ABSENT, ...coasts] : coasts;
    }
    case 'target':
    case 'from':
    case 'sea': {
      const near = neighbours(ctx, order.province, order.unitType).filter((p) => slot !== 'sea' || ctx.map.province(p).kind === 'sea');
      const toFirst = focus.to !== undefined && near.includes(focus.to) ? [focus.to] : near;
      return choice(toFirst);
    }
    case 'subject': {
      // A unit the nation sees one or two steps away (a support or a convoy names it).
      const near = neighbours(ctx, order.province, undefined);
      const twoSteps = unique([...near, ...near.flatMap((p) => [...ctx.map.touches(p)])]).filter((p) => p !== order.province);
      const occupied = new Set(pos.seen.map((u) => u.province));
      return choice(twoSteps.filter((p) => occupied.has(p)));
    }
    case 'nation':
    case 'payer':
    case 'payee':
      return choice(pos.others);
    default:
      break;
  }
  if (words) return optional ? [ABSENT, ...words] : words;
  if (optional) return [ABSENT];
  if (base instanceof z.ZodBoolean) return [true, false];
  const n = numberIn(type);
  if (n !== null) return [n];
  // A name, a treaty's id, terms: nothing in the position says what to write.
  return [];
}
