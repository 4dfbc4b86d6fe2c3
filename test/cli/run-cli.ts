// The `adjutant` command as a GM runs it: a process of its own on the test services' Redis.
import { execFile } from 'node:child_process';
import path from 'node:path';
import { promisify } from 'node:util';
import { serviceEndpoints } from '../support/services.ts';

export const ROOT = path.join(import.meta.dirname, '../..');

/** Runs `adjutant <args>`; `env` adds to the environment. Never throws on a non-zero exit. */
export async function adjutant(args: string[], env: Record<string, string> = {}): Promise<{ code: number; stdout: string; stderr: string }> {
  try {
    const { stdout, stderr } = await promisify(execFile)(process.execPath, [path.join(ROOT, 'bin/adjutant.js'), ...args], {
      cwd: ROOT,
      env: { ...process.env, REDIS_URL: serviceEndpoints().redisUrl, ...env },
    });
    return { code: 0, stdout, stderr };
  } catch (e) {
    const err = e as { code: number; stdout: string; stderr: string };
    return { code: err.code, stdout: err.stdout, stderr: err.stderr };
  }
}
