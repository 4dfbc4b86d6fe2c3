import { randomUUID } from 'node:crypto';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PostOutbox } from '../../src/store/post-outbox.ts';
import { GameStore } from '../../src/store/game-store.ts';
import { requireServices, serviceEndpoints } from '../support/services.ts';

let redis: Redis;
let clock = new Date('2026-12-01T10:00:00Z');
const outbox = () => new PostOutbox(redis, { now: () => clock });

beforeAll(async () => {
  await requireServices(['redis']);
  redis = new Redis(serviceEndpoints().redisUrl);
});
afterAll(() => redis.disconnect());

const post = (key: string) => ({ key, kind: 'post' as const, text: `[b]Turn ${key}[/b]`, images: [{ filename: 'map.png', path: '/tmp/map.png' }] });

describe('forum outbox on the real Redis', () => {
  it('records an item once per key, with a marker naming the game and the item', async () => {
    const game = `t-${randomUUID()}`;
    const first = await outbox().record(game, post('update:step-1'));
    const again = await outbox().record(game, { ...post('update:step-1'), text: 'changed' });
    expect(again).toEqual(first);
    expect(first.marker).toBe(`${game}/update:step-1`);
    expect((await outbox().pending(game)).map((e) => e.key)).toEqual(['update:step-1']);
    await new GameStore(redis).deleteGame(game);
  });

  it('keeps pending items in the order recorded until marked posted, keeping the first post id', async () => {
    const game = `t-${randomUUID()}`;
    await outbox().record(game, post('update:step-1'));
    clock = new Date(clock.getTime() + 1000);
    await outbox().record(game, { key: 'confirm:m1', kind: 'private', to: ['Alice'], title: 'Your orders', text: 'A Lon - Wal' });
    expect((await outbox().pending(game)).map((e) => e.key)).toEqual(['update:step-1', 'confirm:m1']);
    expect(await outbox().gamesWithPending()).toContain(game);
    await outbox().markPosted(game, 'update:step-1', '501');
    await outbox().markPosted(game, 'update:step-1', '999');
    expect((await outbox().pending(game)).map((e) => e.key)).toEqual(['confirm:m1']);
    expect(await outbox().entry(game, 'update:step-1')).toMatchObject({ postedAt: clock.toISOString(), postId: '501' });
    await outbox().markPosted(game, 'confirm:m1');
    expect(await outbox().gamesWithPending()).not.toContain(game);
    await new GameStore(redis).deleteGame(game);
    expect(await outbox().entry(game, 'confirm:m1')).toBeUndefined();
  });
});
