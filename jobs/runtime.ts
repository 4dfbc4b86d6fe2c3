// Builds the turn runtime of one process from plain settings: one Redis connection for the
// store, the outbox and the schedules, and BullMQ queues on their own connections.
import type { ConnectionOptions } from 'bullmq';
import type { Redis } from 'ioredis';
import pino, { type Logger } from 'pino';
import { GameStore } from '../src/store/game-store.ts';
import { Outbox } from '../src/store/outbox.ts';
import { connectRedis, connectRedisCluster } from '../src/store/redis.ts';
import { ScheduleStore } from '../src/turns/schedule-store.ts';
import { defaultSettings, type TurnRuntime, type TurnSettings } from '../src/turns/turn-runtime.ts';
import { QUEUE_PREFIX, connectionFromUrl } from './queues.ts';
import { BullTurnQueues } from './turn-queues.ts';

export interface RuntimeOptions {
  redisUrl: string;
  /** redisUrl is one master of a Redis Cluster: store and queues use a cluster client. */
  cluster?: boolean;
  /** BullMQ prefix; tests and benches use their own to stay apart from a live service. */
  prefix?: string;
  /** Scheduler scope (its wake list and heartbeat). */
  scope?: string;
  /** The domain of Message-IDs. */
  mailDomain?: string;
  now?: () => Date;
  logger?: Logger;
  settings?: Partial<TurnSettings>;
  /** Committed steps are rendered (map, updates) before they are published. */
  render?: boolean;
}

export interface Runtime extends TurnRuntime {
  redis: Redis;
  /** What BullMQ queues and workers of this process connect with (the cluster client on a cluster). */
  connection: ConnectionOptions;
  queues: BullTurnQueues;
  prefix: string;
  scope: string;
  close(): Promise<void>;
}

export function createRuntime(options: RuntimeOptions): Runtime {
  // A cluster client answers the commands the store sends as a single Redis does (each on one slot).
  const cluster = options.cluster ? connectRedisCluster(options.redisUrl) : undefined;
  const redis = cluster ? (cluster as unknown as Redis) : connectRedis(options.redisUrl);
  const now = options.now ?? (() => new Date());
  const logger = options.logger ?? pino({ name: 'adjutant' });
  // Connection errors are logged, not thrown: ioredis reconnects and the commands wait for it.
  const onError = (err: Error) => logger.warn({ err: err.message }, 'redis connection error; reconnecting');
  redis.on('error', onError);
  const connection: ConnectionOptions = cluster ?? connectionFromUrl(options.redisUrl);
  const queues = new BullTurnQueues(connection, { prefix: options.prefix, render: options.render, onError });
  return {
    redis,
    connection,
    prefix: options.prefix ?? QUEUE_PREFIX,
    scope: options.scope ?? 'main',
    store: new GameStore(redis),
    outbox: new Outbox(redis, { domain: options.mailDomain ?? 'adjutant.test', now }),
    schedules: new ScheduleStore(redis, options.scope ?? 'main'),
    queues,
    now,
    logger,
    settings: { ...defaultSettings, ...options.settings },
    async close() {
      await queues.close();
      redis.disconnect();
    },
  };
}
