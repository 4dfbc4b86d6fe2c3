// The example maps: the demo world (key image + map.yaml + a twelve-nation game) and the standard
// Diplomacy map, both written by scripts that give the same files every time.
import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { loadGame } from '../../src/game/load-game.ts';
import { readMapFile } from '../../src/game/map-file.ts';
import { decodeImage, hexKey } from '../../src/render/key-image.ts';
import { schematicPositions } from '../../src/render/render-schematic-map.ts';

const run = (script: string, ...args: string[]) => execFileSync(process.execPath, ['--import', 'tsx', script, ...args], { encoding: 'utf8' });

describe('the demo world', () => {
  const text = readFileSync('examples/demo-world/map.yaml', 'utf8');
  const { map, data, problems } = readMapFile('map.yaml', text);

  it('is a valid map of 40 land provinces and 8 seas, with names, keys and centres', () => {
    expect(problems).toEqual([]);
    const provinces = [...map!.provinces.values()];
    expect(provinces.filter((p) => p.kind === 'sea')).toHaveLength(8);
    expect(provinces.filter((p) => p.kind !== 'sea')).toHaveLength(40);
    expect(new Set(provinces.map((p) => p.name)).size).toBe(48);
    expect(new Set(provinces.map((p) => p.attributes.key)).size).toBe(48);
    expect(data!.image).toBe('key.png');
  });

  it('has every centre inside its own province on the key image', async () => {
    const image = await decodeImage(readFileSync('examples/demo-world/key.png'));
    for (const p of map!.provinces.values()) {
      const [x, y] = p.attributes.centre as [number, number];
      const at = (y * image.width + x) * 3;
      expect((image.rgb[at] << 16) | (image.rgb[at + 1] << 8) | image.rgb[at + 2], p.id).toBe(hexKey(p.attributes.key as string));
    }
  });

  it('gives twelve nations a home city, and is a board NES game that loads', async () => {
    const homes = [...map!.provinces.values()].filter((p) => p.attributes.home);
    expect(new Set(homes.map((p) => p.attributes.home)).size).toBe(12);
    expect(homes.every((p) => p.attributes.structure === 'city')).toBe(true);
    const game = await loadGame('examples/demo-world');
    expect(Object.keys(game.state.nations)).toHaveLength(12);
    expect(Object.values(game.state.provinces).filter((p) => p.owner)).toHaveLength(12);
  });

  it('is written again, byte for byte, by scripts/make-demo-world.ts', () => {
    const out = mkdtempSync(path.join(tmpdir(), 'adjutant-demo-'));
    run('scripts/make-demo-world.ts', out);
    for (const file of ['key.png', 'map.yaml', 'game.yaml'])
      expect(readFileSync(path.join(out, file)).equals(readFileSync(`examples/demo-world/${file}`)), file).toBe(true);
  }, 90_000);
});

describe('the standard map', () => {
  const text = readFileSync('examples/standard/map.yaml', 'utf8');
  const { map, problems } = readMapFile('map.yaml', text);

  it('holds the DATC provinces, coasts, supply centres and homes', () => {
    expect(problems).toEqual([]);
    expect(map!.ids()).toHaveLength(76);
    expect(map!.province('spa').coasts).toEqual(['nc', 'sc']);
    expect(map!.province('stp').coasts).toEqual(['nc', 'sc']);
    expect(map!.province('bul').coasts).toEqual(['ec', 'sc']);
    const centres = [...map!.provinces.values()].filter((p) => p.attributes.supplyCenter);
    expect(centres).toHaveLength(34);
    expect(
      centres
        .filter((p) => p.attributes.home === 'russia')
        .map((p) => p.id)
        .sort(),
    ).toEqual(['mos', 'sev', 'stp', 'war']);
  });

  it('keeps fleets to the coasts the CSV names', () => {
    expect(map!.adjacent('mao', { province: 'spa', coast: 'nc' }, 'fleet')).toBe(true);
    expect(map!.adjacent('lyo', { province: 'spa', coast: 'nc' }, 'fleet')).toBe(false);
    expect(map!.adjacent('par', 'bur', 'army')).toBe(true);
    expect(map!.adjacent('par', 'bur', 'fleet')).toBe(false);
  });

  it('is written again, byte for byte, by scripts/make-standard-map.ts', () => {
    const out = path.join(mkdtempSync(path.join(tmpdir(), 'adjutant-standard-')), 'map.yaml');
    const csv = ['test/datc/standard-map'].find((dir) => existsSync(path.join(dir, 'borders.csv')))!;
    run('scripts/make-standard-map.ts', csv, out);
    expect(readFileSync(out, 'utf8')).toBe(text);
  });

  it('draws Europe on key.png: every province owns the pixels around its label centre, off-board land hatched into the sea', async () => {
    const { data, info } = await sharp('examples/standard/key.png').removeAlpha().raw().toBuffer({ resolveWithObject: true });
    const colourAt = (x: number, y: number) => `#${data.subarray((y * info.width + x) * 3, (y * info.width + x) * 3 + 3).toString('hex')}`;
    for (const p of map!.provinces.values()) {
      const [x, y] = p.attributes.centre as [number, number];
      const around = [
        [0, 0],
        [3, 0],
        [-3, 0],
        [0, 3],
        [0, -3],
      ].map(([dx, dy]) => colourAt(x + dx, y + dy));
      expect(around, p.id).toEqual(around.map(() => p.attributes.key));
    }
    const keys = new Set([...map!.provinces.values()].map((p) => p.attributes.key));
    const unnamed = new Set<string>();
    for (let i = 0; i < data.length; i += 3) {
      const colour = `#${data.subarray(i, i + 3).toString('hex')}`;
      if (!keys.has(colour)) unnamed.add(colour);
    }
    // Only the hatching of off-board land is on no province.
    expect([...unnamed]).toEqual(['#000000']);
  });

  it('is laid out the same way every time, with no two provinces overlapping', () => {
    const first = schematicPositions(map!);
    expect(schematicPositions(map!).positions).toEqual(first.positions);
    const boxes = [...first.positions.values()];
    for (let i = 0; i < boxes.length; i++) {
      for (let j = i + 1; j < boxes.length; j++) {
        const apart = Math.abs(boxes[i][0] - boxes[j][0]) >= 100 || Math.abs(boxes[i][1] - boxes[j][1]) >= 60;
        expect(apart, `${i} and ${j}`).toBe(true);
      }
    }
  });
});
