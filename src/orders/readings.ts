// From grammar drafts to orders. Each name is settled against the map (or the game's nations), a
// unit type left out is taken from the unit standing there, and every way the line can be read is
// kept: one reading is an order, several are an ambiguity for the GM, none is an error.
import type { GameState, MapGraph, Order, OrderInPhase, ProvinceKind, Unit } from '../engine/index.ts';
import {
  coastSlot,
  isInferredUnitType,
  isNationRef,
  isOwnUnitsRef,
  isPlaceRef,
  isUnitPlaceRef,
  type Draft,
  type InferredUnitType,
  type NationRef,
  type OwnUnitsRef,
  type PlaceRef,
  type UnitPlaceRef,
} from './drafts.ts';
import { isOwnPlace } from './context-ranking.ts';
import type { Token } from './lexer.ts';
import type { LineResult } from './parse-line.ts';
import { normalizeName, type NameResolver } from './names.ts';

export interface ReadingContext {
  map: MapGraph;
  nation: string;
  state?: GameState;
  /** Places and, with a state, nations; without one a nation is taken as written. */
  names: NameResolver;
  /** The unit types that may stand in each kind of province (the grammar's ruleset says). */
  unitTypes: Readonly<Record<ProvinceKind, readonly string[]>>;
  /** How an order reads in the game's current phase (a move is a retreat in a retreat phase). */
  inPhase?: OrderInPhase;
  /** False: no name is guessed from a slip, even with the game's state (for saying why a line failed). */
  guess?: boolean;
  /** An example of an order kind the player can copy (the ruleset's first documented one). */
  example?: (kind: string) => string | undefined;
}

/** An order, and the index of the token its text starts at. */
export interface PlacedOrder {
  order: Order;
  at: number;
  /** A name in it was not found but guessed from a slip (only kept when the game's state bears it out). */
  guess?: boolean;
  /** One of the orders a blanket order gives ("All units hold"): a unit's own order wins over it. */
  blanket?: true;
}

/** Marks a reading that rests on a guessed name, until readLine moves the mark to its PlacedOrder. */
const GUESS = Symbol('guessed name');

export interface Failure {
  message: string;
  suggestions: string[];
}

export interface LineReadings {
  /** Each distinct reading of the whole line: the orders it holds, in order. */
  alternatives: PlacedOrder[][];
  /** Why the readings that failed did (unknown names, a place where a nation was wanted...). */
  failures: Failure[];
}

/** Several ambiguous names in one line multiply; past this the line is not worth reading. */
const MAX_ALTERNATIVES = 64;

type Partial = Record<string, unknown>;

export function readLine(results: readonly LineResult[], ctx: ReadingContext): LineReadings {
  const failures: Failure[] = [];
  const alternatives: PlacedOrder[][] = [];
  for (const drafts of results) {
    let lists: PlacedOrder[][] = [[]];
    for (const draft of drafts) {
      const options = readDraft(draft, ctx);
      if (!Array.isArray(options)) {
        failures.push(options);
        lists = [];
        break;
      }
      lists = extend(lists, options, draft);
    }
    alternatives.push(...lists.filter((list) => list.length));
  }
  if (alternatives.length < 2) return { alternatives, failures };
  // Readings that differ only in how the grammar got there are one reading.
  const seen = new Set<string>();
  return {
    alternatives: alternatives.filter((list) => {
      const key = list.map((p) => sameOrderKey(p.order)).join('|');
      return seen.has(key) ? false : (seen.add(key), true);
    }),
    failures,
  };
}

/** Each list with the draft's orders after it (a blanket order's all in one); loops, not flatMap: every draft passes here. */
function extend(lists: readonly PlacedOrder[][], options: readonly Order[], draft: Draft): PlacedOrder[][] {
  if (draft.each) return lists.map((list) => [...list, ...options.map((order) => ({ ...placed(order, draft.at), blanket: true as const }))]);
  const next: PlacedOrder[][] = [];
  for (const list of lists) for (const order of options) if (next.length < MAX_ALTERNATIVES) next.push([...list, placed(order, draft.at)]);
  return next;
}

function placed(order: Order, at: number): PlacedOrder {
  if (!(GUESS in order)) return { order, at };
  const { [GUESS]: _guess, ...plain } = order as Order & { [GUESS]?: true };
  return { order: plain as Order, at, guess: true };
}

/** The same order whatever order its slots were written in. */
export function sameOrderKey(order: Order): string {
  return JSON.stringify(
    Object.keys(order)
      .sort()
      .map((k) => [k, order[k]]),
  );
}

function readDraft(draft: Draft, ctx: ReadingContext): Order[] | Failure {
  const read = readSlots(draft, ctx);
  if (Array.isArray(read)) return read;
  const example = ctx.example?.(draft.kind);
  return example ? { ...read, message: `${read.message} For example: "${example}".` } : read;
}

function readSlots(draft: Draft, ctx: ReadingContext): Order[] | Failure {
  let partials: Partial[] = [{ kind: draft.kind }];
  const inferred: Array<[string, InferredUnitType]> = [];
  const unitPlaces: Array<[string, UnitPlaceRef | OwnUnitsRef]> = [];
  for (const slot in draft.slots) {
    const value = draft.slots[slot];
    if (isInferredUnitType(value)) {
      inferred.push([slot, value]);
      for (const p of partials) p[slot] = undefined; // keeps the slot's place among the others
    } else if (isUnitPlaceRef(value) || isOwnUnitsRef(value)) {
      unitPlaces.push([slot, value]);
      for (const p of partials) p[slot] = undefined;
    } else if (isPlaceRef(value)) {
      const places = readPlace(value, ctx);
      if (!Array.isArray(places)) return places;
      // Each partial is this draft's own: one place is written into it, several each take a copy.
      if (places.length === 1) for (const p of partials) withPlace(p, slot, places[0]);
      else partials = partials.flatMap((p) => places.map((place) => withPlace({ ...p }, slot, place)));
    } else if (isNationRef(value)) {
      const nations = readNation(value, ctx);
      if (!Array.isArray(nations)) return nations;
      partials = partials.flatMap((p) => nations.map((n) => ({ ...p, [slot]: n })));
    } else {
      for (const p of partials) p[slot] = value;
    }
  }
  for (const [slot, ref] of unitPlaces) {
    const next: Partial[] = [];
    for (const p of partials) {
      const found = isOwnUnitsRef(ref) ? ownUnits(p, ctx) : unitsNear(p, ref, ctx);
      if (!Array.isArray(found)) return found;
      next.push(...found.map((province) => ({ ...p, [slot]: province })));
    }
    partials = next;
  }
  for (const [slot, want] of inferred) {
    partials = partials.flatMap((p) => unitTypesAt(String(p[want.slot]), want.building, ctx).map((t) => ({ ...p, [slot]: t })));
  }
  return inPhase(partials as Order[], ctx);
}

function inPhase(orders: Order[], ctx: ReadingContext): Order[] | Failure {
  if (!ctx.inPhase) return orders;
  const out: Order[] = [];
  for (const order of orders) {
    const read = ctx.inPhase(order, ctx.state, ctx.nation);
    if (typeof read === 'string') return { message: read, suggestions: [] };
    if (isOrderList(read)) out.push(...read);
    else out.push(read);
  }
  return out;
}

function isOrderList(read: Order | readonly Order[]): read is readonly Order[] {
  return Array.isArray(read);
}

/**
 * The provinces of the nation's units (of the type, when given) next to the place in `ref.near`: a
 * step for the unit's type, or any border for a type the map draws none for (industrial infantry).
 */
function unitsNear(partial: Partial, ref: UnitPlaceRef, ctx: ReadingContext): string[] | Failure {
  const near = String(partial[ref.near]);
  const type = typeof partial.unitType === 'string' ? partial.unitType : undefined;
  const what = type ?? 'unit';
  const name = ctx.map.has(near) ? ctx.map.province(near).name : near;
  if (!ctx.state) return { message: `Say which ${what} this is for, and where it stands.`, suggestions: [] };
  const { map } = ctx;
  const beside = (u: Unit) => (map.hasBordersFor(u.type) ? map.adjacent(u.province, near, u.type) : map.touches(u.province).has(near));
  const found = new Set<string>();
  for (const u of ctx.state.units) {
    if (u.nation === ctx.nation && (!type || u.type === type) && u.province !== near && map.has(u.province) && beside(u)) found.add(u.province);
  }
  if (!found.size) return { message: `You have no ${what} next to ${name}; say which ${what} this is for, and where it stands.`, suggestions: [] };
  return [...found].sort();
}

/** The provinces of the nation's units (of the type, when given), for "all units hold". */
function ownUnits(partial: Partial, ctx: ReadingContext): string[] | Failure {
  const type = typeof partial.unitType === 'string' ? partial.unitType : undefined;
  const what = type ? `${type}s` : 'units';
  if (!ctx.state) return { message: `Name each of your ${what}: which they are cannot be told without the game at hand.`, suggestions: [] };
  const found = new Set(ctx.state.units.filter((u) => u.nation === ctx.nation && (!type || u.type === type)).map((u) => u.province));
  if (!found.size) return { message: `You have no ${what} to order.`, suggestions: [] };
  return [...found].sort();
}

interface PlaceReading {
  province: string;
  coast?: string;
  guess?: boolean;
}

function withPlace(partial: Partial, slot: string, place: PlaceReading): Partial {
  partial[slot] = place.province;
  if (place.coast) partial[coastSlot(slot)] = place.coast;
  if (place.guess) (partial as Record<symbol, unknown>)[GUESS] = true;
  return partial;
}

function readPlace(ref: PlaceRef, ctx: ReadingContext): PlaceReading[] | Failure {
  if (ref.token.type !== 'name') {
    const key = normalizeName(ref.token.raw);
    // With the game at hand, a short name one slip off ("Mxo" for Mao; short names forgive no slip
    // by themselves) is kept as a guess: context-ranking.ts keeps it only when the rules allow the
    // order it makes, and puts several such readings to the GM.
    const guesses = ctx.state && ctx.guess !== false && key.length <= 4 ? ctx.names.near(key, new Set(['province']), 1) : [];
    if (guesses.length) return guesses.map((c) => ({ province: c.id, guess: true }));
    const state = ctx.state;
    return {
      message: `I do not know a place called "${ref.token.raw}".`,
      suggestions: ctx.names.suggest(key, new Set(['province']), 3, state && ((id) => isOwnPlace(state, ctx.nation, id))),
    };
  }
  const provinces = (ref.token.names ?? []).filter((c) => c.kind === 'province');
  if (!provinces.length) return { message: `"${ref.token.raw}" is a nation, not a place.`, suggestions: [] };
  return provinces.map((c) => ({ province: c.id, coast: ref.coast && mapCoast(c.id, ref.coast, ctx.map) }));
}

/** The coast as the map names it: a map may call Spain's north coast "nc" or "n". */
function mapCoast(province: string, coast: string, map: MapGraph): string {
  const coasts = map.province(province).coasts;
  if (coasts.includes(coast)) return coast;
  return coasts.find((c) => c[0] === coast[0]) ?? coast;
}

const PRONOUNS = new Set(['they', 'them', 'he', 'him', 'his', 'she', 'her', 'their']);

function readNation(ref: NationRef, ctx: ReadingContext): string[] | Failure {
  if (PRONOUNS.has(ref.token.text)) return { message: `Name the nation: Adjutant cannot tell who "${ref.token.raw}" is.`, suggestions: [] };
  const nations = (ref.token.names ?? []).filter((c) => c.kind === 'nation').map((c) => c.id);
  if (nations.length) return nations;
  if (ref.token.type === 'name') return { message: `"${ref.token.raw}" is a place, not a nation.`, suggestions: [] };
  if (!ctx.names.knowsNations) return [normalizeName(ref.token.raw)];
  return { message: `I do not know a nation called "${ref.token.raw}".`, suggestions: ctx.names.suggest(normalizeName(ref.token.raw), new Set(['nation'])) };
}

/** "England: A Lon - Wal" from England is fine; from France it is a mistake worth saying. */
export function checkHeading(token: Token, ctx: ReadingContext): Failure | undefined {
  const ref: NationRef = { $: 'nation', token };
  const nations = readNation(ref, ctx);
  if (!Array.isArray(nations)) return nations;
  if (ctx.names.knowsNations && !nations.includes(ctx.nation)) {
    return {
      message: `These orders are headed "${ref.token.raw}", but you play ${ctx.state?.nations[ctx.nation]?.name ?? ctx.nation}; you can only order your own units.`,
      suggestions: [],
    };
  }
  return undefined;
}

/**
 * The unit type a player left out: that of the nation's unit standing there, else what the place
 * allows (an army inland, a fleet at sea; on a warfare coast either: then both readings stand).
 */
function unitTypesAt(province: string, building: boolean, ctx: ReadingContext): string[] {
  if (ctx.state && !building) {
    const types = unitTypesByPlace(ctx.state.units).get(`${ctx.nation}\n${province}`);
    if (types) return [...types].sort();
  }
  const kind = ctx.map.has(province) ? ctx.map.province(province).kind : 'coastal';
  return [...ctx.unitTypes[kind]];
}

const typesByPlace = new WeakMap<readonly Unit[], { count: number; types: Map<string, Set<string>> }>();

/** Each nation's unit types by province, worked out once per unit list: a long email of a big game looks them up line by line. */
function unitTypesByPlace(units: readonly Unit[]): Map<string, Set<string>> {
  let kept = typesByPlace.get(units);
  // A list that grew or shrank since was edited in place: worked out afresh.
  if (!kept || kept.count !== units.length) {
    kept = { count: units.length, types: new Map() };
    for (const u of units) {
      const key = `${u.nation}\n${u.province}`;
      const set = kept.types.get(key) ?? new Set<string>();
      set.add(u.type);
      kept.types.set(key, set);
    }
    typesByPlace.set(units, kept);
  }
  return kept.types;
}
