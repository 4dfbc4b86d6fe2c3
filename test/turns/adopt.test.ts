// A running scheduler watches games stored after it started (on a private Redis: on the shared one
// it would take up every other test's games).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Scheduler } from '../../src/turns/scheduler.ts';
import { PrivateRedis } from '../support/private-redis.ts';
import { storeFixtureGame, testClock, testRuntime } from './support.ts';

const clock = testClock('2026-12-01T10:00:00Z');
let redis: PrivateRedis;
let rt: ReturnType<typeof testRuntime>;

beforeAll(async () => {
  redis = await PrivateRedis.start();
  rt = testRuntime(clock, redis.url);
});
afterAll(async () => {
  await rt?.close();
  await redis?.stop();
});

describe('games stored while the service runs', () => {
  it('get a schedule at the next look for new games', async () => {
    const scheduler = new Scheduler(rt, { tickMs: 1000, adoptEveryMs: 30_000 });
    await scheduler.tick();
    const id = await storeFixtureGame(rt, { schedule: { weekly: 'fri 20:00', reminders: [] } });
    clock.advance(10_000);
    await scheduler.tick();
    expect(await rt.schedules.get(id)).toBeNull();
    clock.advance(20_000);
    await scheduler.tick();
    expect((await rt.schedules.get(id))?.deadline).toBe('2026-12-04T20:00:00.000Z');
  });
});
