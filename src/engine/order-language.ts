// How players write a ruleset's orders, and what an order is about. The grammar itself is compiled
// from the ruleset's grammar/<id>.ne (scripts/build-grammar.ts); src/orders reads text with it.
import type { ProvinceKind } from './map.ts';
import type { Order } from './orders.ts';
import type { GameState } from './state.ts';

/**
 * How a nation's order reads in the game's phase (the state, when known): the order, the orders it
 * may be (several: the GM is asked which), or why it cannot be read so.
 */
export type OrderInPhase = (order: Order, state: GameState | undefined, nation: string) => Order | readonly Order[] | string;

/** What nearleyc emits: plain data plus the postprocessors the grammar wrote. */
export interface CompiledGrammar {
  Lexer?: unknown;
  ParserStart: string;
  ParserRules: Array<{ name: string; symbols: unknown[]; postprocess?: (d: unknown[], location?: number, reject?: object) => unknown }>;
}

export interface OrderLanguage {
  /** The compiled grammar.generated.ts next to the ruleset. */
  grammar: CompiledGrammar;
  /**
   * Rules whose words show that a line was meant as an order (verbs and unit words), as opposed
   * to the fillers, numbers and prepositions everyday sentences use too.
   */
  orderWords: readonly string[];
  /** The unit types that may stand in each kind of province: a unit type left out is one of these. */
  unitTypes: Readonly<Record<ProvinceKind, readonly string[]>>;
  /**
   * How an order reads in the game's current phase, when players write it another way then; a
   * string is why the order cannot be read so now (or, with no state, without knowing the phase).
   */
  inPhase?: OrderInPhase;
  /**
   * Where the units of an order stand after it, in words a line can start with: a later line that
   * goes on with them ("then marches to Pic", "it sails on to nth") is read with these words in
   * place of "then" or "it". Undefined when the order is for no unit.
   */
  unitAfter?: (order: Order) => string | undefined;
  /**
   * The season and year the game is in, for rulesets that count time so: a line that names another
   * season or year is not an order for this turn (src/orders/order-modifiers.ts).
   */
  calendar?: (state: GameState, options: Record<string, unknown>) => { season: string; year: number };
}

/**
 * The usual answer to "what is this order about?" (Ruleset.orderSubject): orders that tell the units
 * in a province what to do are about those units, so "A par - bur" replaces "A par H" whatever
 * their kinds; any other order is about its kind, place and nation ("buy-unit@lon@", "caravan@@blue"),
 * so a new "buy army in lon" replaces the old one but leaves the move out of London alone.
 */
export function unitOrderSubject(unitOrderKinds: readonly string[]): (order: Order) => string {
  const unitKinds = new Set(unitOrderKinds);
  return (order) => {
    const slot = (name: string) => (typeof order[name] === 'string' ? (order[name] as string) : '');
    if (typeof order.unit === 'string') return `unit@${order.unit}`;
    if (unitKinds.has(order.kind) && slot('province')) return `units@${slot('province')}`;
    return `${order.kind}@${slot('province')}@${slot('nation')}`;
  };
}
