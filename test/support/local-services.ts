// The services of scripts/services.sh for a bench or test that runs alone: those already running
// are used and left up (they are someone's); the others are started, and stopped again by release().
// The script's env (ports, URLs, mail users) is copied into process.env.
import { execFile } from 'node:child_process';
import path from 'node:path';
import { promisify } from 'node:util';

const run = promisify(execFile);
const SCRIPT = path.join(import.meta.dirname, '../../scripts/services.sh');

export type LocalService = 'redis' | 'mail' | 'cluster';

export interface LocalServices {
  /** Stops what this process started. */
  release(): Promise<void>;
}

export async function services(...args: string[]): Promise<string> {
  const { stdout } = await run('bash', [SCRIPT, ...args], { env: process.env, timeout: 90_000 });
  return stdout;
}

/** Starts what is not running; a failure is one line saying what is missing (the script's last words). */
export async function localServices(names: readonly LocalService[]): Promise<LocalServices> {
  const started: LocalService[] = [];
  for (const name of names) {
    const running = await services('status', name).then(
      () => true,
      () => false,
    );
    if (running) continue;
    try {
      await services('start', name);
      started.push(name);
    } catch (e) {
      const err = e as { stderr?: string; message: string };
      if (started.length) await services('stop', ...started).catch(() => undefined);
      throw new Error(`the local ${name} service did not start: ${(err.stderr || err.message).trim().split('\n').pop()}`, { cause: e });
    }
  }
  for (const [, key, value] of (await services('env')).matchAll(/^export (\w+)=(.*)$/gm)) process.env[key] = value.replace(/^'(.*)'$/, '$1');
  return {
    release: async () => {
      if (started.length) await services('stop', ...started);
    },
  };
}
