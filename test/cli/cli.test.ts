// The adjutant command as a GM runs it: a real child process, its output and exit code.
import { randomUUID } from 'node:crypto';
import { cp, mkdtemp, readdir, readFile, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { readMapFile } from '../../src/game/map-file.ts';
import { schematicPositions } from '../../src/render/render-schematic-map.ts';
import { forumKeys } from '../../src/store/keys.ts';
import { connectRedis } from '../../src/store/redis.ts';
import { adjutant } from './run-cli.ts';
import { requireServices } from '../support/services.ts';

const ROOT = path.join(import.meta.dirname, '../..');
const STARTER = path.join(ROOT, 'examples/starter/board-nes');

const run = (...args: string[]) => adjutant(args);

async function starterCopy(edit?: { file: string; from: string; to: string }): Promise<string> {
  const dir = path.join(await mkdtemp(path.join(os.tmpdir(), 'adjutant-cli-')), 'isles');
  await cp(STARTER, dir, { recursive: true });
  if (edit) {
    const file = path.join(dir, edit.file);
    const text = await readFile(file, 'utf8');
    expect(text).toContain(edit.from);
    await writeFile(file, text.replace(edit.from, edit.to));
  }
  return dir;
}

describe('adjutant command line', () => {
  it('stores a schematic layout in map.yaml with map layout, and the map is drawn from it afterwards', async () => {
    const dir = await starterCopy();
    const { code, stdout } = await run('map', 'layout', dir);
    expect(code).toBe(0);
    expect(stdout).toMatch(/Wrote the positions of \d+ provinces/);
    const { map } = readMapFile('map.yaml', await readFile(path.join(dir, 'map.yaml'), 'utf8'));
    const computed = schematicPositions(map!);
    const stored = [...map!.provinces.values()].map((p) => [p.id, p.attributes.position]);
    expect(stored.every(([, at]) => Array.isArray(at))).toBe(true);
    expect(new Map(stored as Array<[string, [number, number]]>)).toEqual(computed.positions);
    // A box moved by hand in map.yaml is where the schematic draws it.
    const [id] = stored[0] as [string];
    const moved = readMapFile('map.yaml', (await readFile(path.join(dir, 'map.yaml'), 'utf8')).replace(/position: \[[^\]]*\]/, 'position: [123, 456]'));
    expect(schematicPositions(moved.map!).positions.get(id)).toEqual([123, 456]);
  }, 60_000);

  it('lists every command in --help', async () => {
    const { code, stdout } = await run('--help');
    expect(code).toBe(0);
    for (const command of ['game validate', 'game new', 'game import', 'game export', 'scenario run']) expect(stdout).toContain(`adjutant ${command}`);
  });

  it('validates a good game folder and exits 0', async () => {
    const { code, stdout } = await run('game', 'validate', STARTER);
    expect(code).toBe(0);
    expect(stdout).toContain('the game folder is valid');
  });

  it.each([
    [
      'a missing neighbour',
      { file: 'map.yaml', from: '- [mid, wal]', to: '- [mid, wales]' },
      /isles\/map\.yaml:\d+: borders\[\d+\]: the border names "wales", which is not a province of this map/,
    ],
    [
      'an unknown ruleset',
      { file: 'game.yaml', from: 'ruleset: board-nes', to: 'ruleset: board-nse' },
      /isles\/game\.yaml:4: ruleset: there is no ruleset "board-nse" \(did you mean "board-nes"\?\)/,
    ],
    [
      'a typo in a field',
      { file: 'game.yaml', from: 'timezone: Europe/London', to: 'timezon: Europe/London' },
      /isles\/game\.yaml:8: timezon: "timezon" is not a field here \(did you mean "timezone"\?\)/,
    ],
    ['bad YAML', { file: 'game.yaml', from: 'title: The Isles', to: 'title: [The Isles' }, /isles\/game\.yaml:\d+: this is not valid YAML/],
  ])('rejects a folder with %s: one clear line with file and line, exit 1', async (_what, edit, line) => {
    const { code, stderr } = await run('game', 'validate', await starterCopy(edit));
    expect(code).toBe(1);
    const lines = stderr.trim().split('\n');
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatch(line);
    expect(stderr).not.toMatch(/at .*\.ts:\d+/);
  });

  it.each(['board-nes', 'warfare', 'industrial'])('writes a starter %s game that validates', async (ruleset) => {
    const dir = path.join(await mkdtemp(path.join(os.tmpdir(), 'adjutant-cli-')), 'fresh');
    expect((await run('game', 'new', dir, '--ruleset', ruleset)).code).toBe(0);
    expect((await run('game', 'validate', dir)).code).toBe(0);
    const again = await run('game', 'new', dir, '--ruleset', ruleset);
    expect(again.code).toBe(1);
    expect(again.stderr).toContain('this folder is not empty');
  });

  it('runs scenarios, ending with the count line, and fails on a failing one', async () => {
    const good = await run('scenario', 'run', path.join(ROOT, 'test/scenarios/board-nes'));
    expect(good.code).toBe(0);
    expect(good.stdout.trim().split('\n').at(-1)).toMatch(/^\d+ passed, 0 failed$/);
    const bad = await run('scenario', 'run', path.join(ROOT, 'test/fixtures/scenarios/malformed.yaml'));
    expect(bad.code).toBe(1);
    expect(bad.stdout).toContain('0 passed, 1 failed');
  });

  it('runs the whole DATC and reports every case passed', async () => {
    const { code, stdout } = await run('datc');
    expect(stdout.trim().split('\n').at(-1)).toMatch(/^(\d+) passed, 0 failed$/);
    expect(Number(/^(\d+) passed/m.exec(stdout.trim().split('\n').at(-1)!)![1])).toBeGreaterThanOrEqual(164);
    expect(code).toBe(0);
  });

  describe('with the store', () => {
    beforeAll(() => requireServices(['redis']));

    it('exports, imports and exports again to identical files', async () => {
      const id = `cli-${randomUUID()}`;
      const copy = `${id}-copy`;
      const first = await mkdtemp(path.join(os.tmpdir(), 'adjutant-export-'));
      const second = await mkdtemp(path.join(os.tmpdir(), 'adjutant-export-'));
      const before = Date.now();
      expect((await run('game', 'import', STARTER, '--id', id)).code).toBe(0);
      // The forum's history before the import is never read as the new game's orders.
      const redis = connectRedis((await requireServices(['redis'])).redisUrl);
      const readsFrom = Date.parse((await redis.get(forumKeys(id).readsFrom)) ?? '');
      await redis.quit();
      expect(readsFrom).toBeGreaterThanOrEqual(before);
      expect(readsFrom).toBeLessThanOrEqual(Date.now());
      expect((await run('game', 'export', id, first)).code).toBe(0);
      expect((await run('game', 'import', first, '--id', copy)).code).toBe(0);
      expect((await run('game', 'export', copy, second)).code).toBe(0);
      const names = (await readdir(first)).sort();
      expect(names).toEqual((await readdir(second)).sort());
      for (const name of names) expect(await readFile(path.join(second, name), 'utf8')).toBe(await readFile(path.join(first, name), 'utf8'));
      const dup = await run('game', 'import', STARTER, '--id', id);
      expect(dup.code).toBe(1);
      expect(dup.stderr).toContain(`A game "${id}" is already stored`);
    }, 120_000);
  });
});
