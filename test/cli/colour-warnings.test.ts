// A GM's own nation colours that readers may not tell apart are warned about by `adjutant game
// validate` and `adjutant game import`, with the file, the nations and a palette colour to try, and
// never refused: the folder still validates and imports (a real child process, on game folders
// written here from the board NES starter).
import { randomUUID } from 'node:crypto';
import { cp, mkdtemp, readFile, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { adjutant } from './run-cli.ts';
import { requireServices } from '../support/services.ts';

const ROOT = path.join(import.meta.dirname, '../..');
const STARTER = path.join(ROOT, 'examples/starter/board-nes');

const run = (...args: string[]) => adjutant(args);

/** The starter game with its nations' colours replaced: red, blue, green in that order. */
async function gameWithColours(red: string, blue: string, green: string): Promise<string> {
  const dir = path.join(await mkdtemp(path.join(os.tmpdir(), 'adjutant-colours-')), 'isles');
  await cp(STARTER, dir, { recursive: true });
  const file = path.join(dir, 'game.yaml');
  let text = await readFile(file, 'utf8');
  for (const [from, to] of [
    ['#ee1100', red],
    ['#1100ff', blue],
    ['#008855', green],
  ]) {
    expect(text).toContain(`colour: "${from}"`);
    text = text.replace(`colour: "${from}"`, `colour: "${to}"`);
  }
  await writeFile(file, text);
  return dir;
}

describe('nation colour warnings on the command line', () => {
  it('validates a folder whose colours are apart without a warning', async () => {
    const { code, stdout, stderr } = await run('game', 'validate', await gameWithColours('#ee1100', '#1100ff', '#008855'));
    expect(code).toBe(0);
    expect(stdout).toMatch(/the game folder is valid\.$/m);
    expect(stderr).not.toContain('Warning');
  });

  it('warns of two nations alike and of a red and green colour-blind readers confuse, and still validates', async () => {
    const dir = await gameWithColours('#d62728', '#2ca02c', '#d8231f');
    const { code, stdout, stderr } = await run('game', 'validate', dir);
    expect(code).toBe(0);
    expect(stdout).toContain('the game folder is valid, with 3 warnings.');
    const lines = stderr.trim().split('\n');
    expect(lines).toHaveLength(3);
    const file = path.join(dir, 'game.yaml');
    expect(lines[0]).toMatch(
      new RegExp(
        `^Warning: ${file}: nations\\.blue\\.colour: Kingdom of Londinium \\(#d62728\\) and Caledonia \\(#2ca02c\\) are hard to tell apart for colour-blind readers`,
      ),
    );
    expect(lines[0]).toMatch(/Try #[0-9a-f]{6} for Caledonia/);
    expect(lines[1]).toContain(`${file}: nations.green.colour: Kingdom of Londinium (#d62728) and Mersey League (#d8231f) look almost the same`);
    expect(lines[2]).toContain('Caledonia (#2ca02c) and Mersey League (#d8231f) are hard to tell apart for colour-blind readers');
    const json = JSON.parse((await run('game', 'validate', dir, '--json')).stdout) as { valid: boolean; warnings: Array<{ field: string }> };
    expect(json.valid).toBe(true);
    expect(json.warnings.map((w) => w.field)).toEqual(['nations.blue.colour', 'nations.green.colour', 'nations.green.colour']);
  }, 60_000);

  describe('with the store', () => {
    beforeAll(() => requireServices(['redis']));

    it('imports a folder with a nation coloured like the sea, and warns of it', async () => {
      const dir = await gameWithColours('#ee1100', '#a8cce8', '#008855');
      const { code, stdout, stderr } = await run('game', 'import', dir, '--id', `colours-${randomUUID()}`, '--no-welcome');
      expect(code).toBe(0);
      expect(stdout).toContain('Stored game');
      expect(stderr.trim()).toMatch(
        /^Warning: .*isles\/game\.yaml: nations\.blue\.colour: Caledonia's territory \(#a8cce8, painted lighter\) is hard to tell from the unclaimed land and the sea on the map\. Try #[0-9a-f]{6} for Caledonia/,
      );
    }, 60_000);
  });
});
