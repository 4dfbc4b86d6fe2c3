// The one way to open a stored game. Opening (YAML, map, options, combat data) costs far more
// than reading an email or a deadline, and the files change only when the GM edits them, so a
// game is opened once per version of its files and kept; the state is read fresh every time.
import { openGame, type Game } from '../game/open-game.ts';
import { GameFolderError } from '../game/problems.ts';
import type { GameStore } from './game-store.ts';

const opened = new Map<string, { version: string; game: Game }>();
/** Enough for every game one process serves; past it the cache starts again rather than grow. */
const MOST_GAMES = 500;

/** The game as stored: its files, opened, at the state the next step starts from. */
export async function storedGame(store: GameStore, gameId: string): Promise<Game> {
  const [version, state] = await Promise.all([store.filesVersion(gameId), store.state(gameId)]);
  let cached = opened.get(gameId);
  if (cached?.version !== version) {
    const { game, problems } = openGame(gameId, await store.files(gameId));
    if (!game) throw new GameFolderError(problems);
    if (opened.size >= MOST_GAMES) opened.clear();
    opened.set(gameId, (cached = { version, game }));
  }
  return { ...cached.game, state };
}
