// `npm run demo -- cnes` as a user runs it: scripts/demo.ts in a process of its own, against the
// real Redis, Dovecot and SMTP relay, with deadlines 15 seconds apart instead of 20. Then the game
// it exported, its public updates, maps and private reports are read back: the CNES orders the
// simulated players sent by email and on the forum must have been applied.
import { spawn } from 'node:child_process';
import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import type { CnesState } from '../../src/rulesets/cnes/state.ts';
import { requireServices } from '../support/services.ts';

const ROOT = path.resolve(import.meta.dirname, '../..');
let runDir: string;
let output: { code: number | null; stdout: string; stderr: string };
let demoDir: string;

/** Runs the demo to its end; resolves with its exit code and what it printed. */
async function runCnesDemo(env: NodeJS.ProcessEnv): Promise<typeof output> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'scripts/demo.ts', 'cnes'], { cwd: ROOT, env });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (d: Buffer) => (stdout += d.toString()));
  child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
  const code = await new Promise<number | null>((resolve) => child.on('close', resolve));
  return { code, stdout, stderr };
}

beforeAll(async () => {
  const services = await requireServices(['redis', 'imap', 'smtp']);
  runDir = await mkdtemp(path.join(tmpdir(), 'adjutant-cnes-demo-'));
  output = await runCnesDemo({
    ...process.env,
    REDIS_URL: services.redisUrl,
    ADJUTANT_IMAP_HOST: services.imap.host,
    ADJUTANT_IMAP_PORT: String(services.imap.port),
    ADJUTANT_SMTP_HOST: services.smtp.host,
    ADJUTANT_SMTP_PORT: String(services.smtp.port),
    ADJUTANT_MAIL_DOMAIN: services.domain,
    ADJUTANT_MAIL_PASSWORD: services.password,
    ADJUTANT_RUN_DIR: runDir,
    // The deadlines are fixed when the game starts, and each turn's orders go out once the last
    // turn's update is posted: the time left must cover a loaded machine's adjudication, map render
    // and mail round trip, or red's turn-2 email arrives late (the demo then fails saying so).
    ADJUTANT_DEMO_TURN_SECONDS: '15',
  });
  const [stamp] = await readdir(path.join(runDir, 'demo'));
  demoDir = path.join(runDir, 'demo', stamp);
}, 150_000);

afterAll(async () => {
  if (runDir) await rm(runDir, { recursive: true, force: true });
});

const read = (...parts: string[]) => readFile(path.join(demoDir, ...parts), 'utf8');
/**
 * The demo game's folder under `out` or `private`: the one with turns. The service the demo runs
 * also draws the starting map of any game not yet begun that it finds in the shared test Redis.
 */
async function gameDir(dir: 'out' | 'private'): Promise<string> {
  for (const game of await readdir(path.join(demoDir, dir))) if ((await readdir(path.join(demoDir, dir, game))).includes('turn-1')) return game;
  throw new Error(`No game folder with turns in ${dir}.`);
}
const turnFile = async (dir: 'out' | 'private', turn: number, file: string) => read(dir, await gameDir(dir), `turn-${turn}`, file);

describe('npm run demo -- cnes', () => {
  it('plays two turns at their deadlines and says where the outputs are', () => {
    expect(output.stderr).not.toContain('demo: failed');
    expect(output.code).toBe(0);
    expect(output.stdout).toContain('demo: done: 2 turns adjudicated, every one at its deadline.');
    expect(output.stdout).toMatch(/red's orders confirmed by email, read as:\n\s+You build urbanization in Red Hills\./);
    expect(output.stdout).toContain(`maps and forum updates   ${path.join(demoDir, 'out')}`);
  });

  it("applied the players' CNES orders to the stored game", async () => {
    const state = parse(await read('export', 'state.yaml')) as CnesState;
    expect(state.turn).toBe(3);
    // Red's "Urbanize Red Hills" (turn 1) and "build an airbase in Red Hills" (turn 2), by email.
    // What the demo printed of turn 2 and red's report say why, should the airbase be missing.
    const turn2 = `${output.stdout
      .split('\n')
      .filter((l) => /turn 2/.test(l))
      .join('\n')}\n${await turnFile('private', 2, 'report-red.txt')}`;
    expect(state.provinces.rhl, turn2).toMatchObject({ urban: true, airbase: true });
    // Green's "build an airbase in Green Plains", in the forum thread.
    expect(state.provinces.gpl.airbase).toBe(true);
    // Red's "Buy 2 infantry in Redhaven" beside the 2 it started with; green's 2 beside its 1.
    expect(state.units.filter((u) => u.nation === 'red' && u.type === 'infantry' && u.province === 'rha')).toHaveLength(4);
    expect(state.units.filter((u) => u.nation === 'green' && u.type === 'infantry' && u.province === 'gpl')).toHaveLength(3);
    // Red and green named each other; red and blue fought.
    expect(state.extra.relations).toMatchObject({ 'green|red': 'allied', 'blue|red': 'war' });
  });

  it('fought the battle for Midmarch with dice, told heat by heat only to those in it', async () => {
    const update = await turnFile('out', 1, 'update-xenforo.txt');
    expect(update).toContain('Clash in Midmarch');
    expect(update).toMatch(/tank moved from Redwood to Midmarch/);
    expect(update).toMatch(/urbanized Red Hills/);
    expect(update).not.toMatch(/to hit \d/);
    // The dice differ each run: a heat's first shot may be a critical hit, which has no roll to show.
    for (const nation of ['red', 'blue'])
      expect(await turnFile('private', 1, `report-${nation}.txt`)).toMatch(/Heat 1:\n\s+\S.* shoots .*: (to hit -?\d+ against \d+|critical hit)/);
    expect(await turnFile('private', 1, 'report-green.txt')).not.toContain('Heat 1:');
    const map = await readFile(path.join(demoDir, 'out', await gameDir('out'), 'turn-2', 'map.png'));
    expect(map.subarray(1, 4).toString()).toBe('PNG');
  });
});
