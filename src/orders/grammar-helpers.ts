// Small builders the grammars' postprocessors call, so the .ne files read as grammar, not code.
import type { Draft, NationRef, OwnUnitsRef, PlaceRef, SlotValue, UnitPlaceRef } from './drafts.ts';
import type { Token } from './lexer.ts';

/** The unit an order is for: its type when the player wrote one (null: work it out), and its place. */
export interface UnitRef {
  type: string | null;
  place: PlaceRef | UnitPlaceRef | OwnUnitsRef;
  /** How many of a stack (board NES armies stack): a number or 'all', when the player said. */
  count?: number | 'all';
}

const PLURAL_UNIT_WORDS = new Set(['armies', 'troops', 'fleets', 'ships', 'boats', 'navies']);

/** A unit word as written: its type, and whether it was plural ("my armies in London": all of them). */
export function unitWord(type: string, word: unknown): { type: string; plural: boolean } {
  const token = (Array.isArray(word) ? word[0] : word) as Token | undefined;
  return { type, plural: !!token && PLURAL_UNIT_WORDS.has(token.text) };
}

/** The unit's place when the player left it out ("move army to Wales"): the unit of theirs next to `near`. */
export function unitNear(type: string | null, near: string, count?: number | 'all'): UnitRef {
  const where: UnitPlaceRef = { $: 'unit-place', near };
  return count === undefined ? { type, place: where } : { type, place: where, count };
}

export function place(name: Token, coast?: string | null): PlaceRef {
  return coast ? { $: 'place', token: name, coast } : { $: 'place', token: name };
}

/** The same place without its coast, for slots that have none (the unit supported, a convoy's army). */
export function bare(p: PlaceRef | UnitPlaceRef | OwnUnitsRef): PlaceRef {
  if (p.$ !== 'place') throw new Error('a unit found by context has no place to give');
  return { $: 'place', token: p.token };
}

export function nation(name: Token): NationRef {
  return { $: 'nation', token: name };
}

export function unit(type: string | null, where: PlaceRef, count?: number | 'all'): UnitRef {
  return count === undefined ? { type, place: where } : { type, place: where, count };
}

/** One order for a unit: `unitType`, `province` (and `coast`) and `count` from the unit, then the given slots. */
export function order(at: number | undefined, kind: string, who: UnitRef, slots: Record<string, SlotValue | undefined> = {}, building = false): Draft[] {
  const all: Record<string, SlotValue> = {
    unitType: who.type ?? { $: 'unit-type-of', slot: 'province', building },
    province: who.place,
  };
  if (who.count !== undefined) all.count = who.count;
  for (const [k, v] of Object.entries(slots)) if (v !== undefined) all[k] = v;
  return [{ kind, at: at ?? 0, slots: all }];
}

/** An order with no unit (waive, steal...). */
export function plain(at: number | undefined, kind: string, slots: Record<string, SlotValue | undefined> = {}): Draft[] {
  const all: Record<string, SlotValue> = {};
  for (const [k, v] of Object.entries(slots)) if (v !== undefined) all[k] = v;
  return [{ kind, at: at ?? 0, slots: all }];
}

/** Every unit of the player's (of the type, when given): "all units hold", "all armies hold". */
export function everyUnit(type: string | null): UnitRef {
  return { type, place: { $: 'own-units' } };
}

/** One order for each unit the draft's place stands for, read only from a line of orders. */
export function each(drafts: Draft[]): Draft[] {
  return alone(drafts).map((d) => ({ ...d, each: true }));
}

/** Orders read only when the line is orders, not out of a sentence: the judges' terse shorthands. */
export function alone(drafts: Draft[]): Draft[] {
  return drafts.map((d) => ({ ...d, alone: true }));
}

/** "waive two builds": the same order n times. Capped: nobody waives a hundred builds. */
export function times(n: number, drafts: Draft[]): Draft[] {
  return Array.from({ length: Math.min(Math.max(n, 0), 20) }, () => drafts).flat();
}

/** Joins the orders of a list ("A Par H; A Mar - Spa"). */
export function join(a: Draft[], b: Draft[]): Draft[] {
  return [...a, ...b];
}
