// The GM's everyday commands as a real child process: version, config, game list / status /
// remove, and the one-sentence failures (Redis down, a key image that is no image).
import { execFile, spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdtemp, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { beforeAll, describe, expect, it } from 'vitest';
import { GameStore } from '../../src/store/game-store.ts';
import { connectRedis } from '../../src/store/redis.ts';
import { requireServices, serviceEndpoints } from '../support/services.ts';

const ROOT = path.join(import.meta.dirname, '../..');
const STARTER = path.join(ROOT, 'examples/starter/board-nes');

async function adjutant(args: string[], env: Record<string, string> = {}): Promise<{ code: number; stdout: string; stderr: string; ms: number }> {
  const started = Date.now();
  try {
    const { stdout, stderr } = await promisify(execFile)(process.execPath, [path.join(ROOT, 'bin/adjutant.js'), ...args], {
      cwd: ROOT,
      env: { ...process.env, REDIS_URL: serviceEndpoints().redisUrl, ...env },
      timeout: 60_000,
    });
    return { code: 0, stdout, stderr, ms: Date.now() - started };
  } catch (e) {
    const err = e as { code: number; stdout: string; stderr: string };
    return { code: err.code, stdout: err.stdout, stderr: err.stderr, ms: Date.now() - started };
  }
}

/** Runs the command on a terminal (util-linux `script` gives it one) and types `typed` into it. */
function onTerminal(args: string[], typed: string): Promise<{ code: number | null; output: string }> {
  const command = [process.execPath, path.join(ROOT, 'bin/adjutant.js'), ...args].map((a) => `'${a}'`).join(' ');
  const child = spawn('script', ['-qec', command, '/dev/null'], { cwd: ROOT, env: { ...process.env, REDIS_URL: serviceEndpoints().redisUrl } });
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString('utf8')));
  // The terminal keeps what is typed until the command reads it; stdin stays open until it exits.
  child.stdin.write(`${typed}\n`);
  return new Promise((resolve) => child.on('exit', (code) => resolve({ code, output })));
}

describe("the GM's commands", () => {
  it('prints the version of package.json', async () => {
    const { code, stdout } = await adjutant(['--version']);
    expect(code).toBe(0);
    expect(stdout.trim()).toMatch(/^\d+\.\d+\.\d+$/);
  });

  it('prints the effective settings with secrets masked, and one line per bad value', async () => {
    const env = {
      REDIS_URL: 'redis://:hunter2@127.0.0.1:6399',
      ADJUTANT_MAIL_PASSWORD: 'mail-secret-1',
      ADJUTANT_SMTP_USER: 'game@example.org',
      ADJUTANT_OUTPUT_PORT: '9090',
      ADJUTANT_WEB_SECRET: 'web-secret-0123456789abcdef0123456789',
    };
    const json = await adjutant(['config', '--json'], env);
    expect(json.code).toBe(0);
    const config = JSON.parse(json.stdout);
    expect(config.outputs.port).toBe(9090);
    expect(config.mail.smtp.auth).toEqual({ user: 'game@example.org', pass: '********' });
    const text = await adjutant(['config'], env);
    expect(text.stdout).toMatch(/^outputs\.port\s+9090$/m);
    expect(config.outputs.webSecret).toBe('********');
    for (const out of [json.stdout, text.stdout]) expect(out).not.toMatch(/hunter2|mail-secret-1|web-secret-/);
    const bad = await adjutant(['config'], { ...env, ADJUTANT_UNROUTED: 'lave', ADJUTANT_TICK_MS: '1s' });
    expect(bad.code).toBe(1);
    expect(bad.stderr.trim().split('\n')).toEqual(['ADJUTANT_UNROUTED=lave: write answer or leave.', 'ADJUTANT_TICK_MS=1s: write a whole number.']);
  });

  it('fails within seconds with one sentence when Redis is down', async () => {
    for (const args of [['game', 'import', STARTER, '--id', 'never'], ['game', 'list'], ['serve']]) {
      const { code, stderr, stdout } = await adjutant(args, { REDIS_URL: 'redis://127.0.0.1:1', ADJUTANT_OUTPUT_PORT: 'off' });
      expect(code).toBe(1);
      expect(stderr.trim()).toBe('Cannot reach Redis at redis://127.0.0.1:1: connection refused.');
      expect(stdout).toBe('');
    }
  }, 120_000);

  it('says what a key image that is no image is', async () => {
    const dir = await mkdtemp(path.join(os.tmpdir(), 'adjutant-key-'));
    await writeFile(path.join(dir, 'key.pdf'), '%PDF-1.7\n...');
    const { code, stderr } = await adjutant(['map', 'import', path.join(dir, 'key.pdf'), '--out', path.join(dir, 'map.yaml')]);
    expect(code).toBe(1);
    expect(stderr.trim()).toBe(
      `${path.join(dir, 'key.pdf')} is a PDF document, not an image Adjutant can read: give a PNG of the province key, one flat colour per province.`,
    );
  });

  describe('with the store', () => {
    beforeAll(() => requireServices(['redis']));

    it('lists, shows and removes a stored game', async () => {
      const id = `gm-${randomUUID().slice(0, 8)}`;
      const imported = await adjutant(['game', 'import', STARTER, '--id', id]);
      expect(imported.stdout).toContain('Welcome mails to 3 players are in the outbox');
      // A stored game that no longer opens (its ruleset gone) is listed with why, and hides no other.
      const broken = `${id}-broken`;
      const redis = connectRedis(serviceEndpoints().redisUrl);
      await new GameStore(redis).createGame(broken, {
        files: { 'game.yaml': 'title: Gone\nruleset: no-such-ruleset\n' },
        state: { turn: 1, phase: 'orders', nations: {}, provinces: {}, units: [] } as never,
      });
      const list = JSON.parse((await adjutant(['game', 'list', '--json'])).stdout) as Array<{ id: string; turn: number; problem?: string }>;
      await new GameStore(redis).deleteGame(broken);
      await redis.quit();
      expect(list.find((g) => g.id === id)).toMatchObject({ id, turn: 1 });
      expect(list.find((g) => g.id === broken)?.problem).toContain('there is no ruleset "no-such-ruleset"');
      const status = await adjutant(['game', 'status', id, '--json']);
      const s = JSON.parse(status.stdout);
      expect(s).toMatchObject({ id, ordered: [], tickets: [], outbox: { sent: 0, pending: 3, failed: [] } });
      expect(s.missing.length).toBeGreaterThan(0);
      const text = await adjutant(['game', 'status', id]);
      expect(text.stdout).toContain(`Missing: ${s.missing.join(', ')}.`);
      const wrong = await onTerminal(['game', 'remove', id], 'not-the-id');
      expect(wrong.output).toContain(`Remove game "${id}" (0 steps adjudicated)`);
      expect(wrong.output).toContain(`Game "${id}" was not removed.`);
      expect(wrong.code).toBe(1);
      const unasked = await adjutant(['game', 'remove', id]);
      expect(unasked.code).toBe(1);
      expect(unasked.stderr.trim()).toBe('This asks for confirmation and there is no terminal to ask on; add --yes to go ahead.');
      const typed = await onTerminal(['game', 'remove', id], id);
      expect(typed.output).toContain(`Removed game "${id}".`);
      const gone = await adjutant(['game', 'status', id]);
      expect(gone.code).toBe(1);
      expect(gone.stderr.trim()).toMatch(new RegExp(`^There is no game "${id}" in the store`));
      const again = `${id}-b`;
      expect((await adjutant(['game', 'import', STARTER, '--id', again, '--no-welcome'])).stdout).not.toContain('Welcome');
      expect((await adjutant(['game', 'remove', again, '--yes'])).stdout.trim()).toBe(`Removed game "${again}".`);
    }, 240_000);
  });
});
