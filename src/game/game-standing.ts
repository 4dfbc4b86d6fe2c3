// Where the nations of a game stand at a state: who is out, and whether the game is over, by the
// ruleset's standing rules and game.yaml's `end` (src/engine/game-end.ts).
import {
  eliminatedNations,
  gameEnd,
  provinceStanding,
  standingOf,
  type EndRule,
  type GameEnd,
  type GameState,
  type PublicView,
  type StandingRules,
} from '../engine/index.ts';
import type { Game } from './open-game.ts';

function rulesOf(game: Game): StandingRules<never> {
  return game.ruleset.standing ?? provinceStanding;
}

/** game.yaml's `end`, with the ruleset's winning count where the game sets none. */
export function endRule(game: Game): EndRule {
  const target = game.config.end?.target ?? game.ruleset.standing?.defaultTarget?.(game.ctx);
  return { ...(target !== undefined && { target }), ...(game.config.end?.lastTurn !== undefined && { lastTurn: game.config.end.lastTurn }) };
}

// A turn's reports ask of the same states once per nation; a state is never changed once made, so
// its public view (a copy of the whole board) is taken once, and let go with the state.
const views = new WeakMap<GameState, PublicView>();

function viewOf(game: Game, state: GameState): PublicView {
  let view = views.get(state);
  if (!view) views.set(state, (view = game.ruleset.publicView(game.ctx, state, [])));
  return view;
}

/** Nations out of the game at `state` (the game's current state by default). */
export function nationsOut(game: Game, state: GameState = game.state): string[] {
  return eliminatedNations(rulesOf(game), viewOf(game, game.start ?? game.state), viewOf(game, state));
}

/** The end of the game at `state`, the state the step of turn `played` left; null while it goes on. */
export function endAt(game: Game, state: GameState, played: number): GameEnd | null {
  return gameEnd(rulesOf(game), viewOf(game, state), nationsOut(game, state), endRule(game), played);
}

/**
 * The GM ends the game at its current state after turn `played` (END GAME): the winners are the
 * nations the GM names, or, naming none, those with the highest count.
 */
export function endedByGm(game: Game, played: number, winners: readonly string[]): GameEnd {
  const rules = rulesOf(game);
  const { standing, leaders } = standingOf(rules, viewOf(game, game.state), nationsOut(game));
  return { turn: played, why: 'gm', winners: winners.length ? [...winners] : leaders, counts: rules.counts, standing };
}
