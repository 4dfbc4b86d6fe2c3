// Orders as data. The parser produces them (with the slots a ruleset names), the ruleset validates
// them ("illegal": understood but not allowed) and adjudicates them.

export interface Order {
  /** Order type from the ruleset's documented list (`Ruleset.orderKinds`). */
  kind: string;
  /** Slots with canonical ids: unit, province, target, via, count, nation... */
  [slot: string]: unknown;
}

export interface OrderKindDoc {
  kind: string;
  summary: string;
  /** Lines a player can copy into an email. */
  examples: string[];
}

export type Verdict = { ok: true } | { ok: false; code: string; message: string };

export const accepted: Verdict = { ok: true };

export function illegal(code: string, message: string): Verdict {
  return { ok: false, code, message };
}

export type OrdersByNation = Record<string, Order[]>;
