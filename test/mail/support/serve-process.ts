// `adjutant serve` as an operator runs it, in a child process the fault test can SIGKILL: its own
// queue prefix and scheduler scope, the test's game folder, the test services, no web port.
import { spawn, type ChildProcess } from 'node:child_process';
import { rm } from 'node:fs/promises';
import path from 'node:path';
import { QUEUES, connectionFromUrl, openQueue } from '../../../jobs/queues.ts';
import type { GameStore } from '../../../src/store/game-store.ts';
import { schedulerKeys } from '../../../src/store/keys.ts';
import { serviceEndpoints } from '../../support/services.ts';
import { purgeGameMail } from './attack-game.ts';
import { dropGame } from './mail-game.ts';

const ROOT = path.join(import.meta.dirname, '../../..');

export interface ServeProcess {
  child: ChildProcess;
  /** Resolves when the process says it is running; rejects if it exits first. */
  ready: Promise<void>;
  isReady(): boolean;
  exited: Promise<void>;
  /** Error lines it logged (pino level 50 and up). */
  errors: string[];
}

export interface ServeSettings {
  gameId: string;
  gamesDir: string;
  outDir: string;
  /** Job locks (and so the wait before a killed process's jobs go to another). */
  lockMs: number;
  /** A Redis of the test's own (one it makes full or stops); the test services' by default. */
  redisUrl?: string;
}

/** The environment of a service that serves the test's game alone, on the test services. */
export function serveEnv(settings: ServeSettings): Record<string, string> {
  const svc = serviceEndpoints();
  return {
    REDIS_URL: settings.redisUrl ?? svc.redisUrl,
    ADJUTANT_IMAP_HOST: svc.imap.host,
    ADJUTANT_IMAP_PORT: String(svc.imap.port),
    ADJUTANT_SMTP_HOST: svc.smtp.host,
    ADJUTANT_SMTP_PORT: String(svc.smtp.port),
    ADJUTANT_MAIL_DOMAIN: svc.domain,
    ADJUTANT_IMAP_USER: `game@${svc.domain}`,
    ADJUTANT_MAIL_PASSWORD: svc.password,
    ADJUTANT_QUEUE_PREFIX: `{adjutant-${settings.gameId}}`,
    ADJUTANT_SCHEDULER_SCOPE: settings.gameId,
    ADJUTANT_INTAKE_GAMES: settings.gameId,
    ADJUTANT_UNROUTED: 'leave',
    ADJUTANT_GAMES_DIR: settings.gamesDir,
    ADJUTANT_OUT_DIR: settings.outDir,
    ADJUTANT_OUTPUT_PORT: 'off',
    ADJUTANT_LOCK_MS: String(settings.lockMs),
    LOG_LEVEL: 'info',
  };
}

export function startServe(settings: ServeSettings): ServeProcess {
  const env = { ...process.env, ...serveEnv(settings) };
  const child = spawn(process.execPath, [path.join(ROOT, 'bin/adjutant.js'), 'serve'], { cwd: ROOT, env, stdio: ['ignore', 'pipe', 'pipe'] });
  const errors: string[] = [];
  let ready = false;
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const readyPromise = new Promise<void>((resolve, reject) => {
    let buffered = '';
    child.stdout!.on('data', (chunk: Buffer) => {
      buffered += chunk.toString();
      const lines = buffered.split('\n');
      buffered = lines.pop() ?? '';
      for (const line of lines) {
        if (!ready && line.includes('"msg":"running;')) {
          ready = true;
          resolve();
        }
        if (/"level":(50|60)/.test(line)) errors.push(line);
      }
    });
    child.stderr!.on('data', (chunk: Buffer) => errors.push(chunk.toString()));
    void exited.then(() => reject(new Error(`adjutant serve exited before it was running: ${errors.join(' ').slice(0, 500)}`)));
  });
  readyPromise.catch(() => undefined);
  return { child, ready: readyPromise, isReady: () => ready && child.exitCode === null && child.signalCode === null, exited, errors };
}

/** Leaves nothing of a served game behind: its queues (and `moreQueues`), mail, schedules, store and folder. */
export async function dropServedGame(store: GameStore, gameId: string, dir: string, moreQueues: string[] = []): Promise<void> {
  const connection = connectionFromUrl(serviceEndpoints().redisUrl);
  for (const name of [...Object.values(QUEUES), ...moreQueues]) {
    const queue = openQueue(name as never, connection, `{adjutant-${gameId}}`);
    await queue.obliterate({ force: true }).catch(() => undefined);
    await queue.close();
  }
  await purgeGameMail([gameId]);
  await store.redis.del(...Object.values(schedulerKeys(gameId)));
  await dropGame(store, gameId);
  store.redis.disconnect();
  await rm(dir, { recursive: true, force: true });
}
