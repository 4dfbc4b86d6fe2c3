// What a grammar produces: orders whose places and nations are still the words the player wrote.
// readings.ts turns each draft into real orders once names are settled against the map.
import type { Token } from './lexer.ts';

/** A place as written, with its coast when one was named. */
export interface PlaceRef {
  $: 'place';
  token: Token;
  coast?: string;
}

/** A nation as written ("red", "the Blues"). */
export interface NationRef {
  $: 'nation';
  token: Token;
}

/** The place of a unit the player did not place ("move army to Wales"): theirs, next to the place in slot `near`. */
export interface UnitPlaceRef {
  $: 'unit-place';
  near: string;
}

/** Every unit of the nation (of the order's unit type, when given): "all units hold". */
export interface OwnUnitsRef {
  $: 'own-units';
}

/** A slot whose value is a unit type the player left out: taken from the unit there, or the place's kind. */
export interface InferredUnitType {
  $: 'unit-type-of';
  /** The slot holding the place the unit stands in. */
  slot: string;
  /** For builds nothing stands there yet, so a coastal place reads both ways. */
  building: boolean;
}

/** A slot as the grammar fills it; lists are for battle plans' unit kinds. */
export type SlotValue = string | number | boolean | readonly string[] | PlaceRef | NationRef | InferredUnitType | UnitPlaceRef | OwnUnitsRef;

export interface Draft {
  kind: string;
  /** Index of the draft's first token in the line: where its text starts. */
  at: number;
  slots: Record<string, SlotValue>;
  /** Read only from a line of orders, never picked out of a sentence ("I have an army in Paris" builds nothing). */
  alone?: true;
  /** Each reading is an order of its own, not one choice among several: "all units hold" holds every unit. */
  each?: true;
}

export function isPlaceRef(v: unknown): v is PlaceRef {
  return (v as PlaceRef | undefined)?.$ === 'place';
}

export function isNationRef(v: unknown): v is NationRef {
  return (v as NationRef | undefined)?.$ === 'nation';
}

export function isUnitPlaceRef(v: unknown): v is UnitPlaceRef {
  return (v as UnitPlaceRef | undefined)?.$ === 'unit-place';
}

export function isOwnUnitsRef(v: unknown): v is OwnUnitsRef {
  return (v as OwnUnitsRef | undefined)?.$ === 'own-units';
}

export function isInferredUnitType(v: unknown): v is InferredUnitType {
  return (v as InferredUnitType | undefined)?.$ === 'unit-type-of';
}

/** The slot a place's coast goes in: `province` -> `coast`, `target` -> `targetCoast`. */
export function coastSlot(slot: string): string {
  return slot === 'province' ? 'coast' : `${slot}Coast`;
}
