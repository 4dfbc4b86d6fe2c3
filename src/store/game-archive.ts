// A game with its whole history as a folder a GM can read and keep in git:
//   game.yaml, map.yaml, ...   the files as the GM wrote them
//   state.yaml                 the state the next step starts from
//   orders.yaml                orders in force for the next step (when any)
//   history/step-0001.yaml     one record per adjudication
//   mail/<sha256>.eml          the raw emails orders came from
// Export, import and export again gives identical files.
import { mkdir, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { parse } from 'yaml';
import type { GameState } from '../engine/index.ts';
import type { GameFile } from '../game/game-file.ts';
import { missingSecrets } from '../game/generated-secrets.ts';
import { readGameFolder } from '../game/load-game.ts';
import { gameFileBytes, openGame, STATE_FILE, toYaml } from '../game/open-game.ts';
import { GameFolderError } from '../game/problems.ts';
import type { GameStore, OrdersInForce } from './game-store.ts';
import type { TurnRecord } from './turn-record.ts';

/** The orders in force, in an exported folder: the store's, never one of the game's own files. */
export const ORDERS_FILE = 'orders.yaml';

export async function exportGame(store: GameStore, id: string, dir: string): Promise<string[]> {
  const files = await store.files(id);
  const written: Array<[string, string | Buffer]> = Object.keys(files)
    .filter((name) => name !== STATE_FILE)
    .map((name) => [name, gameFileBytes(files, name)!]);
  written.push([STATE_FILE, toYaml(await store.state(id))]);
  const orders = await store.ordersInForce(id);
  if (Object.keys(orders).length) written.push([ORDERS_FILE, toYaml(sortKeys(orders))]);
  for (const record of await store.history(id)) written.push([historyFile(record.step), toYaml(record)]);
  for (const [messageId, raw] of await store.allMail(id)) written.push([`mail/${messageId}.eml`, raw]);

  // Clear what an earlier export left, so the folder says exactly what the store holds.
  await rm(path.join(dir, 'history'), { recursive: true, force: true });
  await rm(path.join(dir, 'mail'), { recursive: true, force: true });
  await rm(path.join(dir, ORDERS_FILE), { force: true });
  for (const [name, content] of written) {
    await mkdir(path.dirname(path.join(dir, name)), { recursive: true });
    await writeFile(path.join(dir, name), content);
  }
  return written.map(([name]) => name).sort();
}

/**
 * Stores a game folder (new, or exported with history) under `id`. The folder is checked first.
 * A player the GM gave no secret gets one in the stored game.yaml (their welcome mail carries it);
 * returns the names of those nations, and the game's nations (their colours are checked for the GM).
 */
export async function importGame(store: GameStore, id: string, dir: string): Promise<{ secretsGiven: string[]; nations: GameFile['nations'] }> {
  const read = await readGameFolder(dir);
  const secrets = read['game.yaml'] === undefined ? { text: undefined, given: [] } : missingSecrets(read['game.yaml']);
  const files = secrets.text === undefined ? read : { ...read, 'game.yaml': secrets.text };
  const { game, problems } = openGame(id, files);
  if (!game) throw new GameFolderError(problems.map((p) => ({ ...p, file: path.join(dir, p.file) })));
  const { [ORDERS_FILE]: ordersText, ...gameFiles } = files;
  const history: TurnRecord[] = [];
  for (const name of (await listDir(path.join(dir, 'history'))).sort()) {
    history.push(parse(await readFile(path.join(dir, 'history', name), 'utf8')) as TurnRecord);
  }
  history.forEach((record, i) => {
    if (record.step !== i + 1)
      throw new GameFolderError([
        {
          file: path.join(dir, 'history', historyFile(record.step)),
          message: `steps must run 1, 2, 3... without gaps; found step ${record.step} where step ${i + 1} belongs.`,
        },
      ]);
  });
  const mail = new Map<string, Buffer>();
  for (const name of (await listDir(path.join(dir, 'mail'))).sort()) mail.set(name.replace(/\.eml$/, ''), await readFile(path.join(dir, 'mail', name)));
  await store.createGame(id, {
    files: gameFiles,
    state: game.state as GameState,
    history,
    orders: ordersText ? (parse(ordersText) as Record<string, OrdersInForce>) : undefined,
    mail,
  });
  return { secretsGiven: secrets.given.map((nation) => game.config.nations[nation].name), nations: game.config.nations };
}

function historyFile(step: number): string {
  return `history/step-${String(step).padStart(4, '0')}.yaml`;
}

async function listDir(dir: string): Promise<string[]> {
  try {
    return await readdir(dir);
  } catch {
    return [];
  }
}

function sortKeys<T>(record: Record<string, T>): Record<string, T> {
  return Object.fromEntries(Object.entries(record).sort(([a], [b]) => a.localeCompare(b)));
}
