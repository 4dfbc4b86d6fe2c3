// `adjutant game new` writes a valid game whose secrets are freshly generated: never the starter's
// placeholders, never two alike, long enough that one guess per email gets nowhere.
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { parse } from 'yaml';
import { describe, expect, it } from 'vitest';
import { validateGameFolder } from '../../src/game/load-game.ts';
import { newGame } from '../../src/game/new-game.ts';

describe('a new game', () => {
  it.each(['board-nes', 'warfare'])('gives the GM and every nation of a %s starter its own generated secret', async (ruleset) => {
    const dirs = [await mkdtemp(path.join(tmpdir(), 'adjutant-new-')), await mkdtemp(path.join(tmpdir(), 'adjutant-new-'))];
    try {
      const secrets: string[] = [];
      for (const dir of dirs) {
        await newGame(dir, ruleset);
        expect(await validateGameFolder(dir)).toEqual([]);
        const config = parse(await readFile(path.join(dir, 'game.yaml'), 'utf8')) as { gm: { secret: string }; nations: Record<string, { secret: string }> };
        secrets.push(config.gm.secret, ...Object.values(config.nations).map((n) => n.secret));
      }
      for (const secret of secrets) expect(secret).toMatch(/^[a-z0-9]{4}-[a-z0-9]{4}-[a-z0-9]{4}$/);
      expect(new Set(secrets).size).toBe(secrets.length);
    } finally {
      for (const dir of dirs) await rm(dir, { recursive: true, force: true });
    }
  });
});
