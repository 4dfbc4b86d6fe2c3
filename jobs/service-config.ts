// The service's configuration, from the environment (docs/operations.md lists every variable).
// One zod schema reads it all; every bad value gets its own sentence naming the variable, and
// they are reported together, so one start-up shows everything to fix.
import { z } from 'zod';
import type { SendRate } from '../src/channels/email/outbox-sender.ts';
import { DEFAULT_FLAVOUR, flavourIds, type Flavour } from '../src/render/flavours.ts';
import { oauth2Providers, type OAuth2Settings } from '../src/channels/email/oauth2.ts';
import { READ_EVERY_MS } from '../src/channels/forum/thread-readers.ts';
import { RedisUnavailableError } from '../src/store/redis.ts';
import { durationMs } from '../src/turns/schedule.ts';
import type { TurnSettings } from '../src/turns/turn-runtime.ts';
import type { ChannelSettings } from '../src/messages/channel-services.ts';
import { QUEUE_PREFIX } from './queues.ts';

/**
 * Everything the service reads. What the channels' processes read (`lockMs`; the email channel's
 * `mail`, src/channels/email/mail-settings.ts; the forum's `forumReadEveryMs`) is declared with
 * them, in ChannelSettings (src/messages/channel-services.ts), which each channel's folder extends.
 */
export interface ServiceConfig extends ChannelSettings {
  redisUrl: string;
  /** ADJUTANT_REDIS_CLUSTER=yes: REDIS_URL is one master of a Redis Cluster. */
  cluster: boolean;
  prefix: string;
  /** The scheduler scope: one per deployment sharing a Redis. */
  scope: string;
  logLevel: string;
  /** Game folders to store at start-up (those already stored are left as they are). */
  games: string[];
  /** A folder of game folders: each is imported, and its key image found for maps. */
  gamesDir?: string;
  /** The web server (src/web) publishes outDir and the game pages on port (null: off). */
  outputs: { outDir: string; publicUrl?: string; privateDir?: string; port: number | null; host: string; webSecret?: string; trustProxy: boolean };
  flavour: Flavour;
  concurrency: number;
  tickMs: number;
  shutdownGraceMs: number;
  settings: Partial<TurnSettings>;
}

export class ConfigError extends Error {
  override name = 'ConfigError';
}

const text = (fallback: string) => z.string().default(fallback);
const optional = z
  .string()
  .optional()
  .transform((v) => v || undefined);
const whole = (fallback: number) =>
  z
    .string()
    .optional()
    .transform((v, ctx) => {
      if (v === undefined || v === '') return fallback;
      const n = Number(v);
      if (Number.isInteger(n) && n >= 0) return n;
      ctx.addIssue({ code: 'custom', message: 'write a whole number' });
      return z.NEVER;
    });
const port = (fallback: number) => whole(fallback).refine((n) => n <= 65535, 'write a port number (0 to 65535)');
const flag = z
  .string()
  .optional()
  .transform((v, ctx) => {
    const s = (v ?? '').toLowerCase();
    if (['', '0', 'false', 'no', 'off'].includes(s)) return false;
    if (['1', 'true', 'yes', 'on'].includes(s)) return true;
    ctx.addIssue({ code: 'custom', message: 'write yes or no' });
    return z.NEVER;
  });
const choice = <T extends string>(values: readonly [T, ...T[]], fallback: T) =>
  z
    .string()
    .optional()
    .transform((v, ctx) => {
      if (v === undefined || v === '') return fallback;
      if ((values as readonly string[]).includes(v)) return v as T;
      ctx.addIssue({ code: 'custom', message: `write ${values.slice(0, -1).join(', ')} or ${values[values.length - 1]}` });
      return z.NEVER;
    });
const duration = z
  .string()
  .optional()
  .transform((v, ctx) => {
    if (!v) return undefined;
    try {
      return durationMs(v);
    } catch {
      ctx.addIssue({ code: 'custom', message: 'write a duration like "2m", "1h" or "1d"' });
      return z.NEVER;
    }
  });
/** "20/1m": at most 20 messages a minute. */
const sendRate = z
  .string()
  .optional()
  .transform((v, ctx): SendRate | undefined => {
    if (!v) return undefined;
    const [count, per] = v.split('/');
    const max = Number(count);
    let perMs = NaN;
    try {
      perMs = durationMs(per ?? '');
    } catch {
      // said below
    }
    if (Number.isInteger(max) && max >= 1 && perMs > 0) return { max, perMs };
    ctx.addIssue({ code: 'custom', message: 'write a count and a period, like "20/1m" (at most 20 messages a minute)' });
    return z.NEVER;
  });
/** A variable whose value is never printed: marked here, in the schema, so a new secret cannot be left out of the masking. */
const secret = <T extends z.ZodType>(schema: T): T => schema.meta({ secret: true });
const url = optional.refine((v) => v === undefined || URL.canParse(v), 'write a full URL, like https://example.org/adjutant');
const list = z
  .string()
  .optional()
  .transform((v) =>
    (v ?? '')
      .split(',')
      .map((s) => s.trim())
      .filter(Boolean),
  );

const schema = z.object({
  REDIS_URL: z
    .string({ error: 'REDIS_URL is not set: start the services with "bash scripts/services.sh start" and eval its env, or point REDIS_URL at your Redis' })
    .refine((v) => /^rediss?:\/\//.test(v) && URL.canParse(v), 'write a Redis URL, like redis://127.0.0.1:6379 or rediss://user:password@host:6380/0'),
  ADJUTANT_REDIS_CLUSTER: flag,
  ADJUTANT_QUEUE_PREFIX: text(QUEUE_PREFIX),
  ADJUTANT_SCHEDULER_SCOPE: text('main'),
  LOG_LEVEL: choice(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'], 'info'),
  ADJUTANT_MAIL_DOMAIN: text('adjutant.test'),
  ADJUTANT_MAIL_FROM: optional,
  ADJUTANT_MAIL_PASSWORD: secret(text('')),
  ADJUTANT_MAIL_AUTH: choice(['password', 'oauth2'], 'password'),
  ADJUTANT_GM_EMAIL: optional,
  ADJUTANT_IMAP_HOST: text('127.0.0.1'),
  ADJUTANT_IMAP_PORT: port(143),
  ADJUTANT_IMAP_SECURE: flag,
  ADJUTANT_IMAP_USER: optional,
  ADJUTANT_IMAP_PASSWORD: secret(optional),
  ADJUTANT_IMAP_MAILBOX: text('INBOX'),
  ADJUTANT_UNROUTED: choice(['answer', 'leave'], 'answer'),
  ADJUTANT_INTAKE_GAMES: list,
  ADJUTANT_SMTP_HOST: text('127.0.0.1'),
  ADJUTANT_SMTP_PORT: port(25),
  ADJUTANT_SMTP_SECURE: flag,
  ADJUTANT_SMTP_USER: optional,
  ADJUTANT_SMTP_PASSWORD: secret(optional),
  ADJUTANT_SEND_RATE: sendRate,
  ADJUTANT_OAUTH2_PROVIDER: choice(['google', 'microsoft', 'other'], 'other'),
  ADJUTANT_OAUTH2_TOKEN_URL: url,
  ADJUTANT_OAUTH2_CLIENT_ID: optional,
  ADJUTANT_OAUTH2_CLIENT_SECRET: secret(optional),
  ADJUTANT_OAUTH2_REFRESH_TOKEN: secret(optional),
  ADJUTANT_OAUTH2_SCOPE: optional,
  ADJUTANT_GAMES: list,
  ADJUTANT_GAMES_DIR: optional,
  ADJUTANT_OUT_DIR: text('out'),
  ADJUTANT_PUBLIC_URL: url,
  ADJUTANT_PRIVATE_DIR: optional,
  ADJUTANT_OUTPUT_PORT: z.literal('off').or(port(8080)),
  ADJUTANT_OUTPUT_HOST: text('127.0.0.1'),
  ADJUTANT_WEB_SECRET: secret(optional),
  ADJUTANT_TRUST_PROXY: flag,
  ADJUTANT_FORUM_FLAVOUR: choice(flavourIds() as [Flavour, ...Flavour[]], DEFAULT_FLAVOUR),
  ADJUTANT_FORUM_READ_SECONDS: whole(READ_EVERY_MS / 1000).refine((n) => n > 0, 'write a whole number of seconds above 0'),
  ADJUTANT_CONCURRENCY: whole(4).refine((n) => n > 0, 'write a whole number above 0'),
  ADJUTANT_LOCK_MS: whole(30_000),
  ADJUTANT_TICK_MS: whole(1000),
  ADJUTANT_SHUTDOWN_GRACE_MS: whole(30_000),
  ADJUTANT_DOWN_AFTER: duration,
  ADJUTANT_MIN_NOTICE: duration,
});

type Env = z.infer<typeof schema>;

/** Every variable the service reads, for `adjutant config`. */
export const CONFIG_VARIABLES = Object.keys(schema.shape) as Array<keyof Env>;

/** Variables whose values are never printed: those the schema marks secret. */
export const SECRET_VARIABLES = CONFIG_VARIABLES.filter((name) => (schema.shape[name] as z.ZodType).meta()?.secret === true);

/** The values of the secret variables set in `env`, for masking wherever they land in the settings. */
export function secretValues(env: NodeJS.ProcessEnv): string[] {
  return SECRET_VARIABLES.map((name) => env[name]).filter((v): v is string => !!v);
}

export function serviceConfig(env: NodeJS.ProcessEnv = process.env): ServiceConfig {
  // An empty variable counts as unset (compose passes "" for a variable given without a value).
  const given = Object.fromEntries(Object.entries(env).filter(([, v]) => v !== undefined && v !== ''));
  const parsed = schema.safeParse(given);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((issue) => {
      const name = String(issue.path[0]);
      const value = given[name];
      if (value === undefined) return `${issue.message}.`;
      // A password may sit in a URL the schema could not read, so it is blotted out there too.
      const shown = (SECRET_VARIABLES as string[]).includes(name) ? '(hidden)' : String(value).replace(/\/\/([^/@:]*):[^/@]*@/, '//$1:********@');
      return `${name}=${shown}: ${issue.message}.`;
    });
    const onlyRedis = parsed.error.issues.every((i) => i.path[0] === 'REDIS_URL') && given.REDIS_URL === undefined;
    throw onlyRedis ? new RedisUnavailableError(lines[0]) : new ConfigError(lines.join('\n'));
  }
  return fromEnv(parsed.data);
}

function fromEnv(e: Env): ServiceConfig {
  const from = e.ADJUTANT_MAIL_FROM ?? `game@${e.ADJUTANT_MAIL_DOMAIN}`;
  const imapUser = e.ADJUTANT_IMAP_USER ?? from;
  const smtpUser = e.ADJUTANT_SMTP_USER ?? (e.ADJUTANT_MAIL_AUTH === 'oauth2' ? imapUser : undefined);
  return {
    redisUrl: e.REDIS_URL,
    cluster: e.ADJUTANT_REDIS_CLUSTER,
    prefix: e.ADJUTANT_QUEUE_PREFIX,
    scope: e.ADJUTANT_SCHEDULER_SCOPE,
    logLevel: e.LOG_LEVEL,
    mail: {
      domain: e.ADJUTANT_MAIL_DOMAIN,
      from,
      imap: {
        host: e.ADJUTANT_IMAP_HOST,
        port: e.ADJUTANT_IMAP_PORT,
        secure: e.ADJUTANT_IMAP_SECURE,
        user: imapUser,
        pass: e.ADJUTANT_IMAP_PASSWORD ?? e.ADJUTANT_MAIL_PASSWORD,
        mailbox: e.ADJUTANT_IMAP_MAILBOX,
      },
      unrouted: e.ADJUTANT_UNROUTED,
      games: e.ADJUTANT_INTAKE_GAMES.length ? e.ADJUTANT_INTAKE_GAMES : undefined,
      smtp: {
        host: e.ADJUTANT_SMTP_HOST,
        port: e.ADJUTANT_SMTP_PORT,
        secure: e.ADJUTANT_SMTP_SECURE,
        ...(smtpUser ? { auth: { user: smtpUser, pass: e.ADJUTANT_SMTP_PASSWORD ?? e.ADJUTANT_MAIL_PASSWORD } } : {}),
      },
      ...(e.ADJUTANT_SEND_RATE ? { sendRate: e.ADJUTANT_SEND_RATE } : {}),
      ...(e.ADJUTANT_MAIL_AUTH === 'oauth2' ? { oauth2: oauth2Settings(e) } : {}),
      ...(e.ADJUTANT_GM_EMAIL ? { gm: e.ADJUTANT_GM_EMAIL } : {}),
    },
    games: e.ADJUTANT_GAMES,
    gamesDir: e.ADJUTANT_GAMES_DIR,
    outputs: {
      outDir: e.ADJUTANT_OUT_DIR,
      publicUrl: e.ADJUTANT_PUBLIC_URL,
      privateDir: e.ADJUTANT_PRIVATE_DIR,
      port: e.ADJUTANT_OUTPUT_PORT === 'off' ? null : e.ADJUTANT_OUTPUT_PORT,
      host: e.ADJUTANT_OUTPUT_HOST,
      webSecret: e.ADJUTANT_WEB_SECRET,
      trustProxy: e.ADJUTANT_TRUST_PROXY,
    },
    flavour: e.ADJUTANT_FORUM_FLAVOUR,
    forumReadEveryMs: e.ADJUTANT_FORUM_READ_SECONDS * 1000,
    concurrency: e.ADJUTANT_CONCURRENCY,
    lockMs: e.ADJUTANT_LOCK_MS,
    tickMs: e.ADJUTANT_TICK_MS,
    shutdownGraceMs: e.ADJUTANT_SHUTDOWN_GRACE_MS,
    settings: {
      from,
      ...(e.ADJUTANT_DOWN_AFTER !== undefined ? { downAfterMs: e.ADJUTANT_DOWN_AFTER } : {}),
      ...(e.ADJUTANT_MIN_NOTICE !== undefined ? { minimumNoticeMs: e.ADJUTANT_MIN_NOTICE } : {}),
    },
  };
}

/** OAuth2 needs a token endpoint (or a known provider), a client id and a refresh token; all are named if missing. */
function oauth2Settings(e: Env): OAuth2Settings {
  const tokenUrl = e.ADJUTANT_OAUTH2_TOKEN_URL ?? (e.ADJUTANT_OAUTH2_PROVIDER === 'other' ? undefined : oauth2Providers[e.ADJUTANT_OAUTH2_PROVIDER].tokenUrl);
  const missing = [
    tokenUrl ? '' : 'ADJUTANT_OAUTH2_TOKEN_URL (or ADJUTANT_OAUTH2_PROVIDER=google or microsoft)',
    e.ADJUTANT_OAUTH2_CLIENT_ID ? '' : 'ADJUTANT_OAUTH2_CLIENT_ID',
    e.ADJUTANT_OAUTH2_REFRESH_TOKEN ? '' : 'ADJUTANT_OAUTH2_REFRESH_TOKEN',
  ].filter(Boolean);
  if (missing.length) throw new ConfigError(`ADJUTANT_MAIL_AUTH=oauth2 also needs ${missing.join(', ')}: docs/mail-providers.md says where to get them.`);
  return {
    tokenUrl: tokenUrl!,
    clientId: e.ADJUTANT_OAUTH2_CLIENT_ID!,
    refreshToken: e.ADJUTANT_OAUTH2_REFRESH_TOKEN!,
    ...(e.ADJUTANT_OAUTH2_CLIENT_SECRET ? { clientSecret: e.ADJUTANT_OAUTH2_CLIENT_SECRET } : {}),
    ...(e.ADJUTANT_OAUTH2_SCOPE ? { scope: e.ADJUTANT_OAUTH2_SCOPE } : {}),
  };
}
