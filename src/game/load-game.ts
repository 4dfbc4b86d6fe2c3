// Game folders on disk: read every file a game uses, then open it.
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { GameFolderError, type Problem } from './problems.ts';
import { GAME_FILE, isBinaryGameFile, openGame, type Game, type GameFiles } from './open-game.ts';

/** Reads the files of a game folder: YAML, templates, and images (history is the store's business). */
export async function readGameFolder(dir: string): Promise<GameFiles> {
  let names: string[];
  try {
    names = await readdir(dir);
  } catch {
    throw new GameFolderError([{ file: dir, message: 'there is no game folder here.' }]);
  }
  if (!names.includes(GAME_FILE)) throw new GameFolderError([{ file: path.join(dir, GAME_FILE), message: 'the game folder has no game.yaml.' }]);
  const files: GameFiles = {};
  for (const name of names.filter((n) => /\.(ya?ml|hbs)$/.test(n))) files[name] = await readFile(path.join(dir, name), 'utf8');
  for (const name of names.filter(isBinaryGameFile)) files[name] = (await readFile(path.join(dir, name))).toString('base64');
  return files;
}

export function gameIdFromFolder(dir: string): string {
  return path
    .basename(path.resolve(dir))
    .toLowerCase()
    .replace(/[^a-z0-9_-]+/g, '-');
}

export async function loadGame(dir: string): Promise<Game> {
  const { game, problems } = openGame(gameIdFromFolder(dir), await readGameFolder(dir));
  if (!game) throw new GameFolderError(problems.map((p) => withFolder(dir, p)));
  return game;
}

export async function validateGameFolder(dir: string): Promise<Problem[]> {
  try {
    return (await loadGame(dir), []);
  } catch (e) {
    if (e instanceof GameFolderError) return e.problems;
    throw e;
  }
}

function withFolder(dir: string, p: Problem): Problem {
  return { ...p, file: path.join(dir, p.file) };
}
