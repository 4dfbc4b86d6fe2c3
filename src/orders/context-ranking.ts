// When a line reads several ways (a name two places share, a slip that fits more than one name), the
// game decides what a GM would: readings whose orders the rules allow (the player's own units and
// provinces, a place next to the unit, what the order kind permits) win over those they forbid. A
// guessed name stands only when the rules bear it out; without the game's state nothing is guessed.
import type { AnyRuleset, GameState, MapGraph, Order, RulesetContext } from '../engine/index.ts';
import { combatSystems } from '../combat/index.ts';
import type { PlacedOrder } from './readings.ts';

/** Whether the rules allow an order, judged alone. */
export type OrderAllowed = (order: Order) => boolean;

/** One list for "no orders ahead", so the ruleset may keep what it worked out for it (board NES does). */
const NOTHING_AHEAD: readonly Order[] = [];

export function allowedInGame(input: {
  ruleset: AnyRuleset;
  map: MapGraph;
  nation: string;
  state: GameState;
  options?: Record<string, unknown>;
}): OrderAllowed {
  const options = input.options ?? (input.ruleset.options.parse({}) as Record<string, unknown>);
  const ctx: RulesetContext = { map: input.map, options, combat: combatSystems };
  return (order) => {
    try {
      return input.ruleset.validate(ctx, input.state, input.nation, order, NOTHING_AHEAD).ok;
    } catch {
      return false;
    }
  };
}

/** The game as the ranking sees it: what the rules allow, and where the nation stands. */
export interface RankingContext {
  allowed: OrderAllowed;
  nation: string;
  state: GameState;
}

/** The readings worth keeping: allowed ones first, then those in the nation's own places; guesses only when allowed. */
export function rankByContext(alternatives: PlacedOrder[][], game?: RankingContext): PlacedOrder[][] {
  const guessed = alternatives.some((a) => a.some((p) => p.guess));
  if (!game && !guessed) return alternatives;
  const sure = guessed ? alternatives.filter((a) => !a.some((p) => p.guess)) : alternatives;
  if (!game || (alternatives.length === 1 && sure.length === 1)) return sure;
  const legal = alternatives.filter((a) => a.every((p) => game.allowed(p.order)));
  if (!legal.length) return sure;
  // "Naval attack in N. Sea": the rules allow either sea; the nation's fleets are in one of them.
  const score = (a: PlacedOrder[]) => a.filter((p) => ownPlace(p.order, game)).length;
  const best = Math.max(...legal.map(score));
  return legal.filter((a) => score(a) === best);
}

function ownPlace(order: Order, game: RankingContext): boolean {
  return typeof order.province === 'string' && isOwnPlace(game.state, game.nation, order.province);
}

/** A province the nation holds, or where one of its units stands. */
export function isOwnPlace(state: GameState, nation: string, province: string): boolean {
  return state.provinces[province]?.owner === nation || state.units.some((u) => u.nation === nation && u.province === province);
}
