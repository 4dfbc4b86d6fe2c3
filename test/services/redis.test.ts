// Proves the private Redis from scripts/services.sh is usable and durable (AOF).
import { randomUUID } from 'node:crypto';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { requireServices } from '../support/services.js';

describe('redis service', () => {
  let redis: Redis;

  beforeAll(async () => {
    const { redisUrl } = await requireServices(['redis']);
    redis = new Redis(redisUrl, { lazyConnect: true, maxRetriesPerRequest: 1 });
    await redis.connect();
  });

  afterAll(async () => {
    await redis?.quit();
  });

  it('round-trips a value', async () => {
    const key = `adjutant:test:${randomUUID()}`;
    await redis.set(key, 'orders received', 'EX', 60);
    expect(await redis.get(key)).toBe('orders received');
    await redis.del(key);
  });

  it('runs with the append-only file on, so game state survives restarts', async () => {
    expect(await redis.config('GET', 'appendonly')).toEqual(['appendonly', 'yes']);
  });
});
