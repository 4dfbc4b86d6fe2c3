// `npx adjutant` in a fresh clone, before `npm ci`: one sentence saying what to do, not a trace.
import { spawnSync } from 'node:child_process';
import { copyFileSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';

const clone = mkdtempSync(path.join(tmpdir(), 'adjutant-clone-'));
afterAll(() => rmSync(clone, { recursive: true, force: true }));

describe('the adjutant command without its dependencies installed', () => {
  it('says to run npm ci in the checkout, and exits 1', () => {
    mkdirSync(path.join(clone, 'bin'));
    copyFileSync(new URL('../../bin/adjutant.js', import.meta.url), path.join(clone, 'bin', 'adjutant.js'));
    copyFileSync(new URL('../../package.json', import.meta.url), path.join(clone, 'package.json'));
    const run = spawnSync(process.execPath, [path.join(clone, 'bin', 'adjutant.js'), '--version'], { encoding: 'utf8' });
    expect(run.status).toBe(1);
    expect(run.stderr.trim()).toBe(
      `Adjutant's dependencies are not installed. Run \`npm ci\` in ${clone}${path.sep} first (once), then run the command again.`,
    );
    expect(run.stderr).not.toMatch(/ERR_MODULE_NOT_FOUND|at .*:\d+:\d+/);
  });
});
