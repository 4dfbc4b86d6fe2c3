// `adjutant map import`: provinces, kinds, centres and borders read from a key image, through a
// drawn border line and anti-aliasing specks, into a map.yaml the game loader accepts.
import { mkdtemp, readFile, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Command } from 'commander';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { register } from '../../src/cli/commands/map.ts';
import { readMapFile } from '../../src/game/map-file.ts';
import { importedMapYaml, importKeyImage, isWater } from '../../src/render/map-import.ts';
import type { RgbImage } from '../../src/render/key-image.ts';

/**
 * 300x200: two land provinces on the left split by a 2-pixel black line, a sea on the right third,
 * an island in the sea, and magenta specks where an editor anti-aliased.
 */
function keyImage(): RgbImage {
  const [width, height] = [300, 200];
  const rgb = Buffer.alloc(width * height * 3);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      let colour = x >= 200 ? [32, 80, 192] : y < 99 ? [192, 64, 48] : y < 101 ? [0, 0, 0] : [160, 128, 32];
      if (x >= 240 && x < 270 && y >= 20 && y < 50) colour = [90, 160, 60];
      if ((x * 7 + y * 13) % 4999 === 0) colour = [255, 0, 255];
      rgb.set(colour, (y * width + x) * 3);
    }
  }
  return { width, height, rgb };
}

describe('map import', () => {
  const imported = importKeyImage(keyImage(), { ignoreColours: ['#000000'] });

  it('finds every province with its key colour and guesses seas from blue-ish colours', () => {
    const byKey = Object.fromEntries(Object.entries(imported.provinces).map(([id, p]) => [p.key, { id, kind: p.kind }]));
    expect(Object.keys(byKey).sort()).toEqual(['#2050c0', '#5aa03c', '#a08020', '#c04030']);
    expect(byKey['#2050c0'].kind).toBe('sea');
    expect(byKey['#c04030'].kind).toBe('coastal');
    expect(byKey['#5aa03c'].kind).toBe('coastal');
    expect(isWater(0x2050c0)).toBe(true);
    expect(isWater(0x469990)).toBe(false);
  });

  it('leaves out border lines and specks', () => {
    expect(imported.ignored.map((c) => c.colour).sort()).toEqual(['#000000', '#ff00ff']);
  });

  it('puts each centre inside its province, away from the edges', () => {
    for (const p of Object.values(imported.provinces)) {
      const [x, y] = p.centre;
      const image = keyImage();
      const at = (y * image.width + x) * 3;
      expect(`#${image.rgb.subarray(at, at + 3).toString('hex')}`).toBe(p.key);
    }
    const island = Object.values(imported.provinces).find((p) => p.key === '#5aa03c')!;
    // The island spans x 240-269 and y 20-49: its deepest point is its middle.
    expect(Math.abs(island.centre[0] - 254.5)).toBeLessThanOrEqual(1.5);
    expect(Math.abs(island.centre[1] - 34.5)).toBeLessThanOrEqual(1.5);
  });

  it('finds borders across the drawn line, and not between provinces that do not touch', () => {
    const id = (key: string) => Object.entries(imported.provinces).find(([, p]) => p.key === key)![0];
    const pair = (a: string, b: string) => [id(a), id(b)].sort().join('-');
    const borders = imported.borders.map((b) => b.join('-')).sort();
    expect(borders).toEqual([pair('#c04030', '#a08020'), pair('#c04030', '#2050c0'), pair('#a08020', '#2050c0'), pair('#5aa03c', '#2050c0')].sort());
  });

  it('writes a map.yaml that the game loader accepts', () => {
    const { map, problems } = readMapFile('map.yaml', importedMapYaml(imported, 'key.png'));
    expect(problems).toEqual([]);
    expect(map!.ids()).toHaveLength(4);
    expect([...map!.provinces.values()].every((p) => typeof p.attributes.key === 'string' && Array.isArray(p.attributes.centre))).toBe(true);
  });

  it('runs as "adjutant map import KEY.png --out map.yaml"', async () => {
    const dir = await mkdtemp(path.join(tmpdir(), 'adjutant-import-'));
    const image = keyImage();
    await writeFile(
      path.join(dir, 'key.png'),
      await sharp(image.rgb, { raw: { width: image.width, height: image.height, channels: 3 } })
        .png()
        .toBuffer(),
    );
    const program = new Command('adjutant').exitOverride();
    register(program);
    const said: string[] = [];
    const log = console.log;
    console.log = (line: string) => said.push(line);
    try {
      await program.parseAsync([
        'node',
        'adjutant',
        'map',
        'import',
        path.join(dir, 'key.png'),
        '--out',
        path.join(dir, 'map.yaml'),
        '--ignore-colours',
        '#000000',
      ]);
    } finally {
      console.log = log;
    }
    expect(said[0]).toMatch(/: 4 provinces \(0 land, 3 coastal, 1 sea\) and 4 borders\.$/);
    const text = await readFile(path.join(dir, 'map.yaml'), 'utf8');
    expect(text).toContain('image: key.png');
    expect(readMapFile('map.yaml', text).problems).toEqual([]);
  });
});
