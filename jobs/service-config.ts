// The service's configuration, from the environment (docs/operations.md lists every variable).
// Read once at start-up; a wrong value stops the process with a sentence naming the variable.
import type { Flavour } from '../src/render/update-model.ts';
import { redisUrl } from '../src/store/redis.ts';
import { durationMs } from '../src/turns/schedule.ts';
import type { TurnSettings } from '../src/turns/turn-runtime.ts';
import { QUEUE_PREFIX } from './queues.ts';

export interface ServiceConfig {
  redisUrl: string;
  /** ADJUTANT_REDIS_CLUSTER=yes: REDIS_URL is one master of a Redis Cluster. */
  cluster: boolean;
  prefix: string;
  /** The scheduler scope: one per deployment sharing a Redis. */
  scope: string;
  logLevel: string;
  mail: {
    domain: string;
    /** The address Adjutant writes from when a game names no mailbox. */
    from: string;
    imap: { host: string; port: number; secure: boolean; user: string; pass: string };
    /** Mail for no game here: 'answer' it, or 'leave' it in the mailbox for another intake. */
    unrouted: 'answer' | 'leave';
    /** The games this intake serves (all stored games when absent), so several intakes can share a mailbox. */
    games?: string[];
    smtp: { host: string; port: number; secure: boolean; auth?: { user: string; pass: string } };
  };
  /** Game folders to store at start-up (those already stored are left as they are). */
  games: string[];
  /** A folder of game folders: each is imported, and its key image found for maps. */
  gamesDir?: string;
  outputs: { outDir: string; publicUrl?: string; privateDir?: string; port: number | null; host: string };
  flavour: Flavour;
  concurrency: number;
  lockMs: number;
  tickMs: number;
  shutdownGraceMs: number;
  settings: Partial<TurnSettings>;
}

export class ConfigError extends Error {
  override name = 'ConfigError';
}

export function serviceConfig(env: NodeJS.ProcessEnv = process.env): ServiceConfig {
  const domain = env.ADJUTANT_MAIL_DOMAIN ?? 'adjutant.test';
  const from = env.ADJUTANT_MAIL_FROM ?? `game@${domain}`;
  const password = env.ADJUTANT_MAIL_PASSWORD ?? '';
  const smtpUser = env.ADJUTANT_SMTP_USER;
  const outputPort = env.ADJUTANT_OUTPUT_PORT ?? '8080';
  const flavour = env.ADJUTANT_FORUM_FLAVOUR ?? 'xenforo';
  if (!['xenforo', 'phpbb', 'discourse'].includes(flavour)) throw new ConfigError(`ADJUTANT_FORUM_FLAVOUR=${flavour}: write xenforo, phpbb or discourse.`);
  return {
    redisUrl: redisUrl(env),
    cluster: env.ADJUTANT_REDIS_CLUSTER === 'yes',
    prefix: env.ADJUTANT_QUEUE_PREFIX ?? QUEUE_PREFIX,
    scope: env.ADJUTANT_SCHEDULER_SCOPE ?? 'main',
    logLevel: env.LOG_LEVEL ?? 'info',
    mail: {
      domain,
      from,
      imap: { host: env.ADJUTANT_IMAP_HOST ?? '127.0.0.1', port: int(env, 'ADJUTANT_IMAP_PORT', 143), secure: flag(env, 'ADJUTANT_IMAP_SECURE'), user: env.ADJUTANT_IMAP_USER ?? from, pass: env.ADJUTANT_IMAP_PASSWORD ?? password },
      unrouted: env.ADJUTANT_UNROUTED === 'leave' ? 'leave' : 'answer',
      games: env.ADJUTANT_INTAKE_GAMES ? list(env.ADJUTANT_INTAKE_GAMES) : undefined,
      smtp: {
        host: env.ADJUTANT_SMTP_HOST ?? '127.0.0.1',
        port: int(env, 'ADJUTANT_SMTP_PORT', 25),
        secure: flag(env, 'ADJUTANT_SMTP_SECURE'),
        ...(smtpUser ? { auth: { user: smtpUser, pass: env.ADJUTANT_SMTP_PASSWORD ?? password } } : {}),
      },
    },
    games: list(env.ADJUTANT_GAMES ?? ''),
    gamesDir: env.ADJUTANT_GAMES_DIR || undefined,
    outputs: {
      outDir: env.ADJUTANT_OUT_DIR ?? 'out',
      publicUrl: env.ADJUTANT_PUBLIC_URL || undefined,
      privateDir: env.ADJUTANT_PRIVATE_DIR || undefined,
      port: outputPort === 'off' ? null : int(env, 'ADJUTANT_OUTPUT_PORT', 8080),
      host: env.ADJUTANT_OUTPUT_HOST ?? '127.0.0.1',
    },
    flavour: flavour as Flavour,
    concurrency: int(env, 'ADJUTANT_CONCURRENCY', 4),
    lockMs: int(env, 'ADJUTANT_LOCK_MS', 30_000),
    tickMs: int(env, 'ADJUTANT_TICK_MS', 1000),
    shutdownGraceMs: int(env, 'ADJUTANT_SHUTDOWN_GRACE_MS', 30_000),
    settings: {
      from,
      ...(env.ADJUTANT_DOWN_AFTER ? { downAfterMs: duration(env, 'ADJUTANT_DOWN_AFTER') } : {}),
      ...(env.ADJUTANT_MIN_NOTICE ? { minimumNoticeMs: duration(env, 'ADJUTANT_MIN_NOTICE') } : {}),
    },
  };
}

function list(text: string): string[] {
  return text.split(',').map((s) => s.trim()).filter(Boolean);
}

function int(env: NodeJS.ProcessEnv, name: string, fallback: number): number {
  const raw = env[name];
  if (raw === undefined || raw === '') return fallback;
  const n = Number(raw);
  if (!Number.isInteger(n) || n < 0) throw new ConfigError(`${name}=${raw}: write a whole number.`);
  return n;
}

function flag(env: NodeJS.ProcessEnv, name: string): boolean {
  return ['1', 'true', 'yes'].includes((env[name] ?? '').toLowerCase());
}

function duration(env: NodeJS.ProcessEnv, name: string): number {
  try {
    return durationMs(env[name]!);
  } catch {
    throw new ConfigError(`${name}=${env[name]}: write a duration like "2m", "1h" or "1d".`);
  }
}
