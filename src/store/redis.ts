// One place that knows how to reach Redis.
import { Redis } from 'ioredis';

export class RedisUnavailableError extends Error {
  override name = 'RedisUnavailableError';
}

export function redisUrl(env: NodeJS.ProcessEnv = process.env): string {
  const url = env.REDIS_URL;
  if (!url) throw new RedisUnavailableError('REDIS_URL is not set: start the services with "bash scripts/services.sh start" and eval its env, or point REDIS_URL at your Redis.');
  return url;
}

export function connectRedis(url = redisUrl()): Redis {
  // Commands wait for a reconnect instead of failing at once: a Redis restart must not lose work.
  return new Redis(url, { maxRetriesPerRequest: null, lazyConnect: false });
}
