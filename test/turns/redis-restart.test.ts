// Redis itself killed and restarted mid-turn (a private redis-server with AOF, never the shared
// one), at random moments, while a worker process runs. Afterwards every step is adjudicated once,
// every report recorded once, no order lost.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createGameControl } from '../../src/turns/scheduler-control.ts';
import { between, sleep, spawnWorker, type WorkerChild } from './children.ts';
import { expectedKeys, orderAll, storeCrowdGame } from './fault-fixtures.ts';
import { PrivateRedis } from '../support/private-redis.ts';
import { outboxEntries, testRuntime, waitFor } from './support.ts';

const NATIONS = 12;
const GAMES = 3;
const ROUNDS = Number(process.env.ADJUTANT_FAULT_ROUNDS ?? 6);
let redis: PrivateRedis;
let rt: ReturnType<typeof testRuntime>;
let worker: WorkerChild;

beforeAll(async () => {
  redis = await PrivateRedis.start();
  rt = testRuntime(undefined, redis.url, { sweepMs: 200 });
  worker = spawnWorker({
    REDIS_URL: redis.url,
    FAULT_PREFIX: rt.prefix,
    FAULT_SCOPE: rt.scope,
    FAULT_REPORT_MS: '15',
    FAULT_LOCK_MS: '2000',
    FAULT_SCHEDULER: '1',
  });
  await worker.ready;
});
afterAll(async () => {
  await worker?.kill();
  await rt?.close();
  await redis?.stop();
});

describe('Redis restarted mid-turn', () => {
  it('loses no step, order or report, and doubles none', async () => {
    const hit: number[] = [];
    for (let round = 0; round < ROUNDS; round++) {
      const games: string[] = [];
      const orders: Record<string, Record<string, unknown[]>> = {};
      for (let g = 0; g < GAMES; g++) {
        const id = await storeCrowdGame(rt, NATIONS, 120);
        games.push(id);
        orders[id] = await orderAll(rt, id, NATIONS);
      }
      const control = createGameControl(rt);
      for (const id of games) await control.processNow(id);
      // The kill moments spread over the turn's span, the first at its very start, so some
      // land mid-turn however fast the machine is; a little jitter varies them between runs.
      await sleep(Math.round((round / Math.max(1, ROUNDS - 1)) * GAMES * (120 + NATIONS * 15)) + between(0, 40));
      // What was done when Redis died: somewhere between nothing and everything. Counted before the
      // kill, since after the restart the worker may finish the turn before the count is read.
      hit.push((await Promise.all(games.map(async (id) => (await outboxEntries(rt, id)).length))).reduce((a, b) => a + b, 0));
      await redis.kill();
      await sleep(between(100, 600));
      await redis.restart();

      for (const id of games) {
        await waitFor(
          `game ${id} published`,
          async () => (await outboxEntries(rt, id)).length === NATIONS + 2 && (await rt.schedules.get(id))?.step === 2,
          40_000,
        );
        const history = await rt.store.history(id);
        expect(history.map((r) => r.step)).toEqual([1]);
        expect(history[0].orders).toEqual(orders[id]);
        expect((await outboxEntries(rt, id)).map((e) => e.key)).toEqual(expectedKeys(NATIONS));
      }
      for (const id of games) await rt.store.deleteGame(id);
    }
    expect(hit.some((n) => n < GAMES * (NATIONS + 2))).toBe(true);
  }, 150_000);
});
