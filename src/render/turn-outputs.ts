// What a step leaves on disk: the map image and the public updates in out/<game>/turn-<n>/, the
// folder the output server publishes (so the update's [IMG] link works), and, only when asked, the
// private reports and the GM's summary in a separate folder that is never served.
import { mkdir, rename, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { gameFileBytes, type Game } from '../game/open-game.ts';
import { readMapFile } from '../game/map-file.ts';
import type { TurnRecord } from '../store/turn-record.ts';
import { MapImageError } from './render-key-map.ts';
import { renderMap } from './render-map.ts';
import { flavourIds, flavourSpec, type Flavour } from './flavours.ts';
import { renderGmSummary, renderPrivateReport, renderPublicUpdate } from './report.ts';
import { nationColours, reportOf, stepLabel } from './report-common.ts';
import { renderStartMap } from './start-position.ts';

export interface TurnOutputInput {
  /** Root of the published folder; the step goes to <outDir>/<game>/turn-<n>/. */
  outDir: string;
  game: Game;
  record: TurnRecord;
  /** The province-key PNG of the map, if it has one (see readKeyImage). */
  keyImage?: Buffer;
  /** Public base URL of outDir as the output server serves it, for the [IMG] link in the updates. */
  publicUrl?: string;
  nextDeadline?: Date | string;
  flavours?: readonly Flavour[];
  /** Where private reports and the GM summary go; left out, they are not written at all. */
  privateDir?: string;
}

export interface TurnOutputs {
  /** The step's published folder. */
  dir: string;
  /** Every file written, absolute. */
  files: string[];
  mapUrl?: string;
}

/** Files of a turn's later steps (retreats, adjustments) carry the phase: map-retreats.png. */
function named(file: string, phase: string): string {
  if (!phase || phase === 'orders') return file;
  const ext = path.extname(file);
  return `${file.slice(0, -ext.length)}-${phase}${ext}`;
}

/** Written aside and renamed into place, so the server never hands out half a file. */
async function put(file: string, content: string | Buffer): Promise<string> {
  await mkdir(path.dirname(file), { recursive: true });
  const draft = `${file}.${process.pid}.part`;
  await writeFile(draft, content);
  await rename(draft, file);
  return file;
}

function gameFolder(gameId: string): string {
  // The id becomes a folder under the published root: nothing that could climb out of it.
  if (!/^[a-z0-9][a-z0-9_-]*$/i.test(gameId)) throw new RangeError(`"${gameId}" cannot name an output folder (letters, digits, "-" and "_" only).`);
  return gameId;
}

export function turnFolder(gameId: string, turn: number): string {
  return path.join(gameFolder(gameId), `turn-${turn}`);
}

/** The address a file of the published folder is served at, under its public base URL. */
function publicAddress(publicUrl: string | undefined, file: string): string | undefined {
  return publicUrl ? `${publicUrl.replace(/\/+$/, '')}/${file.split(path.sep).map(encodeURIComponent).join('/')}` : undefined;
}

/** "After Turn 3 · 4 December 2026" (or "After Spring 1901 ..."), the date in the game's time zone. */
export function mapCaption(game: Game, record: TurnRecord): string {
  const date = new Intl.DateTimeFormat('en-GB', { timeZone: game.config.timezone, day: 'numeric', month: 'long', year: 'numeric' }).format(
    new Date(record.committedAt),
  );
  return `After ${stepLabel(game, record)} · ${date}`;
}

export async function writeTurnOutputs(input: TurnOutputInput): Promise<TurnOutputs> {
  const { game, record } = input;
  const folder = turnFolder(game.id, record.turn);
  const dir = path.join(input.outDir, folder);
  const mapFile = named('map.png', record.phase);
  const mapUrl = publicAddress(input.publicUrl, path.join(folder, mapFile));
  const view = game.ruleset.publicView(game.ctx, record.stateAfter, record.events);
  const colours = nationColours(game);
  const marks = reportOf(game).turnMarks(game.ctx, view);
  const png = await renderMap({ map: game.map, view, title: game.config.title, caption: mapCaption(game, record), colours, keyImage: input.keyImage, marks });
  const files = [await put(path.join(dir, mapFile), png)];
  for (const flavour of input.flavours ?? flavourIds()) {
    // Without a public URL the map is the file beside the update, to upload with it.
    const update = renderPublicUpdate(game, record, { flavour, mapUrl, mapAttachment: mapUrl ? undefined : mapFile, nextDeadline: input.nextDeadline });
    files.push(await put(path.join(dir, named(flavourSpec(flavour).file, record.phase)), update.text));
  }
  if (input.privateDir) {
    const secret = path.join(input.privateDir, folder);
    for (const nation of Object.keys(record.stateAfter.nations)) {
      const report = renderPrivateReport(game, record, nation, { nextDeadline: input.nextDeadline });
      files.push(await put(path.join(secret, named(`report-${nation}.txt`, record.phase)), report.text));
      if (report.html) files.push(await put(path.join(secret, named(`report-${nation}.html`, record.phase)), report.html));
    }
    files.push(await put(path.join(secret, named('gm-summary.txt', record.phase)), renderGmSummary(game, record, { nextDeadline: input.nextDeadline }).text));
  }
  return { dir, files, mapUrl };
}

/** Where the map of the game's starting state lies in the published folder, which is also its URL path: <game>/start/map.png. */
export function startMapPath(gameId: string): string {
  return path.join(gameFolder(gameId), 'start', 'map.png');
}

/** Draws the game's current state as its starting map (see startMapPath); returns the file and, with a public URL, its address. */
export async function writeStartMap(input: Pick<TurnOutputInput, 'outDir' | 'game' | 'keyImage' | 'publicUrl'>): Promise<{ file: string; mapUrl?: string }> {
  const where = startMapPath(input.game.id);
  const file = await put(path.join(input.outDir, where), await renderStartMap(input.game, input.keyImage));
  return { file, mapUrl: publicAddress(input.publicUrl, where) };
}

/** The key image the game's map names (map.yaml `image`), from the game's files, if it has one. */
export function keyImageOf(game: Game): Buffer | undefined {
  const text = game.files[game.config.map];
  const image = text === undefined ? undefined : readMapFile(game.config.map, text).data?.image;
  if (!image) return undefined;
  const name = path.posix.join(path.posix.dirname(game.config.map), image);
  const bytes = gameFileBytes(game.files, name);
  if (!bytes) throw new MapImageError(`${game.config.map} names the key image "${image}", but the game has no file ${name}.`);
  return bytes;
}

/** Where a step's map lies in the published folder, which is also its URL path: <game>/turn-<n>/map[-phase].png. */
export function mapPath(gameId: string, record: Pick<TurnRecord, 'turn' | 'phase'>): string {
  return path.join(turnFolder(gameId, record.turn), named('map.png', record.phase));
}
