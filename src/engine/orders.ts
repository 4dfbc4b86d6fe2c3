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
  /** In players' words, then "Slots: ..." for those who write rulesets (left out of what players are shown). */
  summary: string;
  /** Lines a player can copy into an email. */
  examples: string[];
  /** Whether a game with these options takes the kind, as written here (absent: every game); players are shown only those. */
  available?: (options: Record<string, unknown>) => boolean;
}

export type Verdict = { ok: true } | { ok: false; code: string; message: string };

export const accepted: Verdict = { ok: true };

export function illegal(code: string, message: string): Verdict {
  return { ok: false, code, message };
}

export type OrdersByNation = Record<string, Order[]>;
