// A step's outputs on disk: the map and the updates in out/<game>/turn-<n>/, served so the update's
// [IMG] link loads the map; private reports only in their own folder, never in the served one.
import { mkdtemp, readdir, readFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { startWebServer } from '../../src/web/web-server.ts';
import { testDeps } from '../web/support.ts';
import { keyImageOf, mapCaption, turnFolder, writeTurnOutputs } from '../../src/render/turn-outputs.ts';
import { loadGame } from '../../src/game/load-game.ts';
import { adjudicate, fixtureGame } from './support.ts';

describe('turn outputs', async () => {
  const game = await fixtureGame('board-nes');
  const record = adjudicate(game);

  it('writes the map and the updates where the server publishes them, with a working [IMG] link', async () => {
    const base = await mkdtemp(path.join(tmpdir(), 'adjutant-turn-'));
    const outDir = path.join(base, 'out');
    const services = await testDeps();
    const server = await startWebServer({ dir: outDir, port: 0, deps: services.deps });
    try {
      const outputs = await writeTurnOutputs({ outDir, game, record, publicUrl: `${server.url}/`, privateDir: path.join(base, 'private') });
      expect(outputs.dir).toBe(path.join(outDir, 'board-nes', 'turn-3'));
      expect((await readdir(outputs.dir)).sort()).toEqual(['map.png', 'update-discourse.md', 'update-phpbb.txt', 'update-xenforo.txt']);
      expect(outputs.mapUrl).toBe(`${server.url}/board-nes/turn-3/map.png`);
      const update = await readFile(path.join(outputs.dir, 'update-xenforo.txt'), 'utf8');
      const link = /\[IMG\](.*)\[\/IMG\]/.exec(update)![1];
      expect(link).toBe(outputs.mapUrl);
      const res = await fetch(link);
      expect(res.headers.get('content-type')).toBe('image/png');
      expect(Buffer.from(await res.arrayBuffer()).equals(await readFile(path.join(outputs.dir, 'map.png')))).toBe(true);
    } finally {
      await server.close();
      await services.close();
    }
  });

  it('keeps private reports out of the published folder', async () => {
    const base = await mkdtemp(path.join(tmpdir(), 'adjutant-turn-'));
    const outputs = await writeTurnOutputs({ outDir: path.join(base, 'out'), game, record, privateDir: path.join(base, 'private') });
    const published = outputs.files.filter((f) => f.startsWith(path.join(base, 'out')));
    expect(published.some((f) => /report|summary/.test(f))).toBe(false);
    expect((await readdir(path.join(base, 'private', 'board-nes', 'turn-3'))).sort()).toEqual([
      'gm-summary.txt',
      'report-blue.html',
      'report-blue.txt',
      'report-green.html',
      'report-green.txt',
      'report-red.html',
      'report-red.txt',
    ]);
    const none = await writeTurnOutputs({ outDir: path.join(base, 'again'), game, record, flavours: ['phpbb'] });
    expect(none.files.map((f) => path.basename(f)).sort()).toEqual(['map.png', 'update-phpbb.txt']);
  });

  it('names the later steps of a turn by their phase', async () => {
    const base = await mkdtemp(path.join(tmpdir(), 'adjutant-turn-'));
    const outputs = await writeTurnOutputs({ outDir: base, game, record: { ...record, phase: 'retreats' }, flavours: ['discourse'] });
    expect(outputs.files.map((f) => path.basename(f)).sort()).toEqual(['map-retreats.png', 'update-discourse-retreats.md']);
  });

  it('names the map beside the update to upload with it when the site has no public URL', async () => {
    const base = await mkdtemp(path.join(tmpdir(), 'adjutant-turn-'));
    const outputs = await writeTurnOutputs({ outDir: base, game, record: { ...record, phase: 'retreats' }, flavours: ['xenforo'] });
    const update = await readFile(path.join(outputs.dir, 'update-xenforo-retreats.txt'), 'utf8');
    expect(update).toContain('The map is attached: map-retreats.png.');
    expect(update).not.toContain('[IMG]');
  });

  it('refuses a game id that would leave the output folder', () => {
    expect(() => turnFolder('../etc', 1)).toThrow(RangeError);
  });

  it('captions the map with the step and the date in the game time zone', () => {
    expect(mapCaption(game, record)).toBe('After Turn 3 · 4 December 2026');
  });

  it('reads the key image a game folder names', async () => {
    const demo = await loadGame('examples/demo-world');
    expect(keyImageOf(demo)!.subarray(1, 4).toString()).toBe('PNG');
    expect(keyImageOf(game)).toBeUndefined();
    const { 'key.png': _image, ...withoutImage } = demo.files;
    expect(() => keyImageOf({ ...demo, files: withoutImage })).toThrow('map.yaml names the key image "key.png", but the game has no file key.png.');
  });
});
