// The game as stored, opened once per version of its files: opening (YAML, map, options) costs
// far more than reading an email, and the files change only when the GM edits them.
import { createHash } from 'node:crypto';
import { openGame, type Game } from '../game/open-game.ts';
import { GameFolderError } from '../game/problems.ts';
import type { GameStore } from '../store/game-store.ts';

const opened = new Map<string, { hash: string; game: Game }>();

/** Like storedGame (src/turns/run-step.ts), with the opened files kept between emails. */
export async function currentGame(store: GameStore, gameId: string): Promise<Game> {
  const [files, state] = await Promise.all([store.files(gameId), store.state(gameId)]);
  const hash = createHash('sha256').update(JSON.stringify(Object.entries(files).sort())).digest('hex');
  let cached = opened.get(gameId);
  if (cached?.hash !== hash) {
    const { game, problems } = openGame(gameId, files);
    if (!game) throw new GameFolderError(problems);
    if (opened.size > 500) opened.clear();
    opened.set(gameId, (cached = { hash, game }));
  }
  return { ...cached.game, state };
}
