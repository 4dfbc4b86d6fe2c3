// When a line reads several ways (a name two places share, a slip that fits more than one name), the
// game decides what a GM would: readings whose orders the rules allow (the player's own units and
// provinces, a place next to the unit, what the order kind permits) win over those they forbid. A
// guessed name stands only when the rules bear it out; without the game's state nothing is guessed.
import type { AnyRuleset, GameState, MapGraph, Order, RulesetContext } from '../engine/index.ts';
import { combatSystems } from '../combat/index.ts';
import type { PlacedOrder } from './readings.ts';

/** Whether the rules allow an order, judged alone. */
export type OrderAllowed = (order: Order) => boolean;

export function allowedInGame(input: { ruleset: AnyRuleset; map: MapGraph; nation: string; state: GameState; options?: Record<string, unknown> }): OrderAllowed {
  const options = input.options ?? (input.ruleset.options.parse({}) as Record<string, unknown>);
  const ctx: RulesetContext = { map: input.map, options, combat: combatSystems };
  return (order) => {
    try {
      return input.ruleset.validate(ctx, input.state, input.nation, order, []).ok;
    } catch {
      return false;
    }
  };
}

/** The readings worth keeping: allowed ones first; guesses only when allowed. */
export function rankByContext(alternatives: PlacedOrder[][], allowed?: OrderAllowed): PlacedOrder[][] {
  const sure = alternatives.filter((a) => !a.some((p) => p.guess));
  if (!allowed || (alternatives.length === 1 && sure.length === 1)) return sure;
  const legal = alternatives.filter((a) => a.every((p) => allowed(p.order)));
  return legal.length ? legal : sure;
}
