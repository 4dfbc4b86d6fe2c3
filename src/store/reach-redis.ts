// A first connection that gives up quickly. Once connected, clients wait through Redis restarts
// (src/store/redis.ts); but a command started while Redis is down must say so in a few seconds,
// not hang and print reconnection traces.
import { Redis } from 'ioredis';
import { RedisUnavailableError, redisUrl } from './redis.ts';

const REASONS: Record<string, string> = {
  ECONNREFUSED: 'connection refused',
  ENOTFOUND: 'no such host',
  EAI_AGAIN: 'the host name could not be looked up',
  ETIMEDOUT: 'the connection timed out',
  ECONNRESET: 'the connection was reset',
  EHOSTUNREACH: 'the host is unreachable',
};

/** Where the URL points, without its password. */
export function redisPlace(url: string): string {
  try {
    const u = new URL(url);
    return `${u.protocol}//${u.username ? `${decodeURIComponent(u.username)}@` : ''}${u.host}${u.pathname.length > 1 ? u.pathname : ''}`;
  } catch {
    return 'REDIS_URL';
  }
}

function reason(err: Error | undefined): string {
  if (!err) return 'no answer';
  const code = (err as NodeJS.ErrnoException).code;
  if (code && REASONS[code]) return REASONS[code];
  if (/WRONGPASS|NOAUTH|invalid password|invalid username-password/i.test(err.message)) return 'the user name or password was refused';
  return err.message.split('\n')[0];
}

/** A connected client, or RedisUnavailableError within `timeoutMs`. */
export async function reachRedis(url = redisUrl(), timeoutMs = 3000): Promise<Redis> {
  const redis = new Redis(url, { maxRetriesPerRequest: null, lazyConnect: true, connectTimeout: timeoutMs });
  let last: Error | undefined;
  let settle: (ok: boolean) => void = () => undefined;
  const onError = (err: Error) => {
    last = err;
    // A refused or unknown host will not change within the timeout; say so at once.
    if ((err as NodeJS.ErrnoException).code === 'ECONNREFUSED' || (err as NodeJS.ErrnoException).code === 'ENOTFOUND') settle(false);
  };
  redis.on('error', onError);
  const ready = new Promise<boolean>((resolve) => {
    const timer = setTimeout(() => resolve(false), timeoutMs);
    settle = (ok) => {
      clearTimeout(timer);
      resolve(ok);
    };
    redis.once('ready', () => settle(true));
  });
  redis.connect().catch(onError);
  if (!(await ready)) {
    redis.disconnect();
    throw new RedisUnavailableError(`Cannot reach Redis at ${redisPlace(url)}: ${reason(last)}.`);
  }
  return redis;
}
