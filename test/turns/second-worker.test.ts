// Deadlines run by a worker process with its own scheduler; mid-turn a second one (workers and
// scheduler) starts, and the first is told to stop (SIGTERM: it finishes the jobs in hand). Two
// schedulers race over the same deadlines; still each step is adjudicated once and each report
// recorded once.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createGameControl } from '../../src/turns/scheduler-control.ts';
import { requireServices } from '../support/services.ts';
import { between, sleep, spawnWorker, type WorkerChild } from './children.ts';
import { expectedKeys, orderAll, storeCrowdGame } from './fault-fixtures.ts';
import { cleanUp, outboxEntries, testRuntime, waitFor } from './support.ts';

const NATIONS = 12;
const GAMES = 4;
const ROUNDS = Number(process.env.ADJUTANT_FAULT_ROUNDS ?? 6) / 2;
let redisUrl: string;
let rt: ReturnType<typeof testRuntime>;
let running: WorkerChild;
const games: string[] = [];
// Reports slow enough (12 a game, one after another) that a second worker, however long it takes
// to start on a loaded machine, joins while the turn is still being published.
const childEnv = () => ({
  REDIS_URL: redisUrl,
  FAULT_PREFIX: rt.prefix,
  FAULT_SCOPE: rt.scope,
  FAULT_REPORT_MS: '250',
  FAULT_LOCK_MS: '1000',
  FAULT_SCHEDULER: '1',
});

beforeAll(async () => {
  ({ redisUrl } = await requireServices(['redis']));
  rt = testRuntime(undefined, redisUrl, { sweepMs: 200 });
  running = spawnWorker(childEnv());
  await running.ready;
});
afterAll(async () => {
  await running?.kill();
  await cleanUp(rt, games);
  await rt.close();
});

describe('a second worker started mid-turn', () => {
  it('shares the turn without doubling anything, and the first stops gracefully', async () => {
    const midTurn: boolean[] = [];
    for (let round = 0; round < ROUNDS; round++) {
      const ids: string[] = [];
      const orders: Record<string, Record<string, unknown[]>> = {};
      for (let g = 0; g < GAMES; g++) {
        const id = await storeCrowdGame(rt, NATIONS, 250);
        ids.push(id);
        orders[id] = await orderAll(rt, id, NATIONS);
      }
      games.push(...ids);
      const control = createGameControl(rt);
      const deadline = new Date(Date.now() + 300);
      for (const id of ids) await control.setDeadline(id, deadline, { soon: true });

      const second = spawnWorker({ ...childEnv(), FAULT_WAIT_GO: '1' });
      // Start it at a random moment after the first step is committed, before the last report is out.
      await waitFor('the first commit', async () => (await Promise.all(ids.map((id) => rt.store.step(id)))).some((n) => n > 0), 10_000, 5);
      await sleep(between(0, 600));
      await second.go();
      const published = await Promise.all(ids.map(async (id) => (await outboxEntries(rt, id)).length === NATIONS + 2));
      midTurn.push(published.some((done) => !done));
      const first = running;
      await first.stop();
      // Exit code 0: it closed its workers and connections instead of dying with jobs in hand.
      expect(first.process.exitCode).toBe(0);
      running = second;

      for (const id of ids) {
        await waitFor(
          `game ${id} published`,
          async () => (await outboxEntries(rt, id)).length === NATIONS + 2 && (await rt.schedules.get(id))?.step === 2,
          30_000,
        );
        const history = await rt.store.history(id);
        expect(history.map((r) => r.step)).toEqual([1]);
        expect(history[0].orders).toEqual(orders[id]);
        expect((await outboxEntries(rt, id)).map((e) => e.key)).toEqual(expectedKeys(NATIONS));
      }
    }
    // At least one second worker must have joined while the turn was still being worked on.
    expect(midTurn).toContain(true);
  }, 120_000);
});
