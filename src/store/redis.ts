// One place that knows how to reach Redis.
import { Cluster, Redis } from 'ioredis';

export class RedisUnavailableError extends Error {
  override name = 'RedisUnavailableError';
}

export function redisUrl(env: NodeJS.ProcessEnv = process.env): string {
  const url = env.REDIS_URL;
  if (!url)
    throw new RedisUnavailableError(
      'REDIS_URL is not set: start the services with "bash scripts/services.sh start" and eval its env, or point REDIS_URL at your Redis.',
    );
  return url;
}

export function connectRedis(url = redisUrl()): Redis {
  // Commands wait for a reconnect instead of failing at once: a Redis restart must not lose work.
  return new Redis(url, { maxRetriesPerRequest: null, lazyConnect: false });
}

/**
 * A Redis Cluster, reached through any one of its masters (`redis://` or `rediss://` for TLS, with
 * user and password as in REDIS_URL); the client finds the rest. The store and the queues can share
 * it: every key of a game carries the hash tag {game-id}, the queues {adjutant-queues}, so each
 * script and transaction stays on one slot. While a master restarts, commands for its slots wait
 * and are retried instead of failing.
 */
export function connectRedisCluster(url: string): Cluster {
  const u = new URL(url);
  const secure = u.protocol === 'rediss:';
  return new Cluster([{ host: u.hostname, port: Number(u.port || 6379) }], {
    redisOptions: {
      username: decodeURIComponent(u.username) || undefined,
      password: decodeURIComponent(u.password) || undefined,
      ...(secure ? { tls: { servername: u.hostname } } : {}),
      maxRetriesPerRequest: null,
    },
    // Managed clusters announce node addresses the certificate was issued for: resolve them as given.
    dnsLookup: (address, callback) => callback(null, address),
    clusterRetryStrategy: (times) => Math.min(100 * times, 2000),
    retryDelayOnClusterDown: 300,
    retryDelayOnFailover: 300,
    retryDelayOnTryAgain: 300,
    maxRedirections: 64,
    // A busy node can take seconds to list its slots; the default (1 s) gave up under load.
    slotsRefreshTimeout: 5000,
  });
}

/** A Redis client or a Cluster client: keys of one game stay on one node either way. */
export function isCluster(redis: Redis | Cluster): redis is Cluster {
  return redis instanceof Cluster;
}
