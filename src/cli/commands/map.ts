// `adjutant map import KEY.png`: a province-key image becomes a map.yaml to finish by hand.
// `adjutant map render GAME_DIR`: the game's map as it stands, to check a new map at a glance.
import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { parseDocument } from 'yaml';
import type { Command } from 'commander';
import { loadGame } from '../../game/load-game.ts';
import { fileKind } from '../../render/file-kind.ts';
import { decodeImage, type RgbImage } from '../../render/key-image.ts';
import { importedMapYaml, importKeyImage } from '../../render/map-import.ts';
import { renderMap } from '../../render/render-map.ts';
import { nationColours } from '../../render/report-common.ts';
import { schematicPositions } from '../../render/render-schematic-map.ts';
import { keyImageOf } from '../../render/turn-outputs.ts';

const list = (value: string) =>
  value
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);

export function register(program: Command): void {
  const map = program.command('map').description("Maps: turn a province-key image into a map.yaml, draw a game's map.");
  map
    .command('import')
    .description('Read a province-key image (one flat colour per province) and write a map.yaml with provinces, centres and borders.')
    .argument('<key>', 'the key image (PNG)')
    .option('--out <file>', 'the map file to write', 'map.yaml')
    .option('--sea-colours <list>', 'key colours that are seas, e.g. "#1f4e9a,#2a5caa" (default: blue-ish colours)', list)
    .option('--ignore-colours <list>', 'colours that are no province, e.g. black border lines: "#000000"', list)
    .option('--min-pixels <n>', 'colours covering fewer pixels are noise, not provinces', (v) => Number.parseInt(v, 10))
    .action(async (key: string, opts: { out: string; seaColours?: string[]; ignoreColours?: string[]; minPixels?: number }) => {
      const image = await readKeyImage(key);
      const imported = importKeyImage(image, { seaColours: opts.seaColours, ignoreColours: opts.ignoreColours, minPixels: opts.minPixels });
      const imageName = path
        .relative(path.dirname(path.resolve(opts.out)), path.resolve(key))
        .split(path.sep)
        .join('/');
      await writeFile(opts.out, importedMapYaml(imported, imageName));
      const kinds = Object.values(imported.provinces).map((p) => p.kind);
      const count = (k: string) => kinds.filter((x) => x === k).length;
      console.log(
        `Wrote ${opts.out}: ${kinds.length} provinces (${count('land')} land, ${count('coastal')} coastal, ${count('sea')} sea) and ${imported.borders.length} borders.`,
      );
      if (imported.ignored.length) {
        const pixels = imported.ignored.reduce((n, c) => n + c.pixels, 0);
        console.log(
          `Left out ${imported.ignored.length} colours (${pixels} pixels): border lines, anti-aliasing or specks. Use --min-pixels or --ignore-colours to change that.`,
        );
      }
      console.log(`Next: give the provinces their names and ids, check which are seas, then run "adjutant map render" on a game using it.`);
    });
  map
    .command('render')
    .description("Draw a game folder's map as it stands (state.yaml, or the starting position) to a PNG.")
    .argument('<dir>', 'the game folder')
    .option('--out <file>', 'the PNG to write', 'map.png')
    .action(async (dir: string, opts: { out: string }) => {
      const game = await loadGame(dir);
      const view = game.ruleset.publicView(game.ctx, game.state, []);
      const colours = nationColours(game);
      const caption = `Turn ${game.state.turn}, before its orders`;
      const png = await renderMap({ map: game.map, view, title: game.config.title, caption, colours, keyImage: keyImageOf(game) });
      await writeFile(opts.out, png);
      console.log(`Wrote ${opts.out}.`);
    });
  map
    .command('layout')
    .description('Store the schematic layout of a map without a key image in its map.yaml (a "position" per province), to move boxes by hand.')
    .argument('<dir>', 'the game folder')
    .action(async (dir: string) => {
      const game = await loadGame(dir);
      const file = path.join(dir, game.config.map);
      const doc = parseDocument(await readFile(file, 'utf8'));
      for (const [id, [x, y]] of schematicPositions(game.map).positions) doc.setIn(['provinces', id, 'position'], doc.createNode([x, y], { flow: true }));
      await writeFile(file, doc.toString());
      console.log(`Wrote the positions of ${game.map.provinces.size} provinces into ${file}; edit them to move a box.`);
    });
}

export class KeyImageError extends Error {
  override name = 'KeyImageError';
}

async function readKeyImage(file: string): Promise<RgbImage> {
  const bytes = await readFile(file).catch((e: NodeJS.ErrnoException) => {
    throw new KeyImageError(e.code === 'ENOENT' ? `There is no file ${file}.` : `Cannot read ${file}: ${e.message}.`);
  });
  try {
    return await decodeImage(bytes);
  } catch {
    throw new KeyImageError(`${file} is ${fileKind(bytes)}, not an image Adjutant can read: give a PNG of the province key, one flat colour per province.`);
  }
}
