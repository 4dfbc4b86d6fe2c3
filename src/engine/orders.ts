// Orders as data. The parser produces them (with the slots a ruleset names), the ruleset validates
// them ("illegal": understood but not allowed) and adjudicates them.
import type { z } from 'zod';

export interface Order {
  /** Order type from the ruleset's documented list (`Ruleset.orderKinds`). */
  kind: string;
  /** Slots with canonical ids: unit, province, target, via, count, nation... */
  [slot: string]: unknown;
}

export interface OrderKindDoc {
  kind: string;
  /** In players' words, then "Slots: ..." for those who write rulesets (left out of what players are shown). */
  summary: string;
  /** Lines a player can copy into an email. */
  examples: string[];
  /** Whether a game with these options takes the kind, as written here (absent: every game); players are shown only those. */
  available?: (options: Record<string, unknown>) => boolean;
  /**
   * The kind's slots as a zod object (`kind` and every slot, enums for the words it takes), from which
   * the orders a nation could give now are put together (src/orders/order-choices.ts); absent: none are.
   */
  slots?: z.ZodType;
}

export type Verdict = { ok: true } | { ok: false; code: string; message: string };

export const accepted: Verdict = { ok: true };

export function illegal(code: string, message: string): Verdict {
  return { ok: false, code, message };
}

export type OrdersByNation = Record<string, Order[]>;

/** The kinds' documents, each with its slots from the ruleset's schemas by kind (a kind without one keeps none). */
export function withSlots(docs: readonly OrderKindDoc[], schemas: Readonly<Record<string, z.ZodType>>): readonly OrderKindDoc[] {
  return docs.map((doc) => (Object.hasOwn(schemas, doc.kind) ? { ...doc, slots: schemas[doc.kind] } : doc));
}
