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
  const [game, state] = await Promise.all([openedGame(store, gameId), store.state(gameId)]);
  return { ...game, state, start: game.state };
}

/** The game's checked game.yaml, without reading its state (a deleted game's files are gone, and so is its version). */
export async function storedConfig(store: GameStore, gameId: string): Promise<Game['config']> {
  return (await openedGame(store, gameId)).config;
}

/** The game's files as opened (its state the one they start from), once per version of them. */
async function openedGame(store: GameStore, gameId: string): Promise<Game> {
  const version = await store.filesVersion(gameId);
  let cached = opened.get(gameId);
  if (cached?.version !== version) {
    const { game, problems } = openGame(gameId, await store.files(gameId));
    if (!game) throw new GameFolderError(problems);
    if (opened.size >= MOST_GAMES) opened.clear();
    opened.set(gameId, (cached = { version, game }));
  }
  return cached.game;
}
