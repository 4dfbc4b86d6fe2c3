// The orders a game's players are shown (HELP, the welcome mail): the kinds the game's options
// take, each in players' words; the "Slots: ..." that ends a summary is for those who write
// rulesets, not for players.
import type { Game } from '../game/open-game.ts';

export interface OrderHelp {
  summary: string;
  examples: string[];
}

export function orderHelp(game: Game): OrderHelp[] {
  return game.ruleset.orderKinds
    .filter((k) => k.available?.(game.ctx.options) ?? true)
    .map((k) => ({ summary: k.summary.replace(/\s*Slots:[\s\S]*$/, ''), examples: k.examples }));
}
