// Endpoints of the private Redis / IMAP / SMTP started by scripts/services.sh.
// Defaults mirror that script, so tests also work after a bare
// `bash scripts/services.sh start` without eval-ing its env output.
import { connect } from 'node:net';

export interface Endpoint {
  host: string;
  port: number;
}

export interface ServiceEndpoints {
  redisUrl: string;
  redis: Endpoint;
  imap: Endpoint;
  smtp: Endpoint;
  /** Mail domain of the test users, e.g. "adjutant.test". */
  domain: string;
  /** Password shared by every test mailbox. */
  password: string;
  /** Full addresses: gm@, game@, player1@ .. player12@. */
  users: string[];
}

export type ServiceName = 'redis' | 'imap' | 'smtp';

const HOW_TO_START = 'run `npm test`, or `bash scripts/services.sh start` and then `eval "$(bash scripts/services.sh env)"`';

function envPort(name: string, fallback: number): number {
  const raw = process.env[name];
  if (raw === undefined || raw === '') return fallback;
  const port = Number(raw);
  if (!Number.isInteger(port) || port <= 0 || port > 65535) {
    throw new Error(`${name}=${raw} is not a TCP port; ${HOW_TO_START}.`);
  }
  return port;
}

/** Reads endpoints from the environment (see `bash scripts/services.sh env`). */
export function serviceEndpoints(): ServiceEndpoints {
  const domain = process.env.ADJUTANT_MAIL_DOMAIN || 'adjutant.test';
  const redisPort = envPort('ADJUTANT_REDIS_PORT', 16379);
  const redisUrl = process.env.REDIS_URL || `redis://127.0.0.1:${redisPort}`;
  const parsed = new URL(redisUrl);
  const users = (process.env.ADJUTANT_MAIL_USERS ?? '').split(/[\s,]+/).filter(Boolean);
  return {
    redisUrl,
    redis: { host: parsed.hostname, port: Number(parsed.port || 6379) },
    imap: { host: process.env.ADJUTANT_IMAP_HOST || '127.0.0.1', port: envPort('ADJUTANT_IMAP_PORT', 10143) },
    smtp: { host: process.env.ADJUTANT_SMTP_HOST || '127.0.0.1', port: envPort('ADJUTANT_SMTP_PORT', 10025) },
    domain,
    password: process.env.ADJUTANT_MAIL_PASSWORD || 'secret',
    users: users.length > 0 ? users : defaultUsers(domain),
  };
}

function defaultUsers(domain: string): string[] {
  const locals = ['gm', 'game', ...Array.from({ length: 12 }, (_, i) => `player${i + 1}`)];
  return locals.map((l) => `${l}@${domain}`);
}

/** "player1" -> "player1@adjutant.test"; full addresses pass through. */
export function mailAddress(localPart: string, endpoints: ServiceEndpoints = serviceEndpoints()): string {
  return localPart.includes('@') ? localPart : `${localPart}@${endpoints.domain}`;
}

function canConnect({ host, port }: Endpoint, timeoutMs: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = connect({ host, port });
    const done = (ok: boolean): void => {
      socket.destroy();
      resolve(ok);
    };
    socket.setTimeout(timeoutMs, () => done(false));
    socket.once('connect', () => done(true));
    socket.once('error', () => done(false));
  });
}

/**
 * Resolves the endpoints once the named services accept TCP connections, and
 * otherwise throws one sentence saying how to start them. Call it in beforeAll.
 */
export async function requireServices(names: ServiceName[] = ['redis', 'imap', 'smtp'], timeoutMs = 1500): Promise<ServiceEndpoints> {
  const endpoints = serviceEndpoints();
  const down: string[] = [];
  await Promise.all(
    names.map(async (name) => {
      const ep = endpoints[name];
      if (!(await canConnect(ep, timeoutMs))) down.push(`${name} (${ep.host}:${ep.port})`);
    }),
  );
  if (down.length > 0) {
    throw new Error(`Test services are not running: nothing answers for ${down.sort().join(', ')}; ${HOW_TO_START}.`);
  }
  return endpoints;
}
