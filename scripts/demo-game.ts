// What a demo game is: a folder of examples/ to play, and the players who order in it turn by turn.
// scripts/demo-run.ts plays any of them through the real service; scripts/demo.ts picks one.
import type { Document } from 'yaml';
import type { Game } from '../src/game/open-game.ts';
import type { ForumNation } from './demo-forum.ts';

export interface DemoGame {
  /** The game's folder, from the project root; copied and adapted for each run. */
  folder: string;
  title: string;
  turns: number;
  /** Nations whose players order on the forum (the others order by email). */
  forumNations: ForumNation[];
  /** What the run's first line says about the game. */
  about: string;
  /** Changes to the copy beyond what every demo makes (secrets, schedule, forum). */
  adapt?(dir: string, game: Document): Promise<void>;
  /** A nation's orders for the turn, as its player writes them; undefined when it sends none. */
  orders(game: Game, nation: string, turn: number): string[] | undefined;
  /** What to point out about the turn's orders. */
  note?(turn: number): string;
  /** The GM's part once the orders are in (answering a ticket). */
  afterOrders?(gameId: string, turn: number): Promise<void>;
  /** Lines telling what came of the turn, from its outputs folder (out/<game>/<turn>/). */
  outcome?(turnDir: string): Promise<string[]>;
}
