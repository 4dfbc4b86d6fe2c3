// The game folder the flood tests serve: the board NES mail fixture with no flood limit to speak of
// and its first deadline ten days off, so no turn ends mid-flood.
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { parseDocument } from 'yaml';

const FIXTURE = new URL('../fixtures/board-nes/', import.meta.url);

/** Writes the game's folder as `dir/games/<gameId>`. */
export async function writeFloodGame(dir: string, gameId: string): Promise<void> {
  const folder = path.join(dir, 'games', gameId);
  await mkdir(folder, { recursive: true });
  const doc = parseDocument(await readFile(new URL('game.yaml', FIXTURE), 'utf8'));
  doc.setIn(['mail', 'rateLimit'], doc.createNode({ count: 100_000, per: '1h' }));
  doc.set('schedule', doc.createNode({ every: '30d', start: new Date(Date.now() + 10 * 86_400_000).toISOString().slice(0, 19) }));
  await writeFile(path.join(folder, 'game.yaml'), doc.toString());
  await writeFile(path.join(folder, 'map.yaml'), await readFile(new URL('map.yaml', FIXTURE), 'utf8'));
}
