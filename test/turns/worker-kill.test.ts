// A worker killed with SIGKILL at random moments, during adjudication and during publishing; a
// fresh worker takes over. Afterwards every step is adjudicated exactly once, every player has
// exactly one copy of each report, and no order is lost.
import { beforeAll, describe, expect, it } from 'vitest';
import { connectionFromUrl } from '../../jobs/queues.ts';
import { startWorkers } from '../../jobs/workers.ts';
import { createGameControl } from '../../src/turns/scheduler-control.ts';
import { requireServices } from '../support/services.ts';
import { between, sleep, spawnWorker, type WorkerChild } from './children.ts';
import { expectedKeys, orderAll, storeCrowdGame } from './fault-fixtures.ts';
import { cleanUp, outboxEntries, testRuntime, waitFor } from './support.ts';

const NATIONS = 12;
const GAMES = 3;
const ROUNDS = Number(process.env.ADJUTANT_FAULT_ROUNDS ?? 6);
let redisUrl: string;

beforeAll(async () => {
  ({ redisUrl } = await requireServices(['redis']));
});

interface KillPoint {
  delayMs: number;
  /** Jobs the victim held when it died. */
  adjudicating: number;
  publishing: number;
  committed: number;
  recorded: number;
}

interface Round {
  rt: ReturnType<typeof testRuntime>;
  victim: WorkerChild;
}

/** A round's own queues and its victim worker, started early so its start-up overlaps the round before. */
function prepareRound(reportMs: number): Round {
  const rt = testRuntime(undefined, redisUrl, { sweepMs: 200 });
  return {
    rt,
    victim: spawnWorker({ REDIS_URL: redisUrl, FAULT_PREFIX: rt.prefix, FAULT_SCOPE: rt.scope, FAULT_REPORT_MS: String(reportMs), FAULT_LOCK_MS: '600' }),
  };
}

async function killRounds(phase: 'adjudication' | 'publishing', busyMs: number, reportMs: number): Promise<KillPoint[]> {
  const points: KillPoint[] = [];
  let next = prepareRound(reportMs);
  for (let i = 0; i < ROUNDS; i++) {
    const round = next;
    if (i + 1 < ROUNDS) next = prepareRound(reportMs);
    points.push(await killRound(round, phase, busyMs, reportMs));
  }
  return points;
}

/** Kills the worker at a random moment of `phase`, found by watching the store, not by guessing timings. */
async function killRound({ rt, victim }: Round, phase: 'adjudication' | 'publishing', busyMs: number, reportMs: number): Promise<KillPoint> {
  const games: string[] = [];
  try {
    const orders: Record<string, Record<string, unknown[]>> = {};
    for (let g = 0; g < GAMES; g++) {
      const id = await storeCrowdGame(rt, NATIONS, busyMs);
      games.push(id);
      orders[id] = await orderAll(rt, id, NATIONS);
    }
    await victim.ready;
    const control = createGameControl(rt);
    for (const id of games) await control.processNow(id);
    if (phase === 'adjudication') await waitFor('an adjudication to start', async () => (await rt.queues.adjudicateQueue.getActiveCount()) > 0, 10_000, 2);
    else await waitFor('publishing to start', async () => (await Promise.all(games.map((id) => outboxEntries(rt, id)))).some((e) => e.length > 0), 10_000, 2);
    // Adjudication is CPU-bound, so one game at a time; the games' publish jobs run side by side.
    const delayMs = between(0, phase === 'adjudication' ? GAMES * busyMs : NATIONS * reportMs);
    await sleep(delayMs);
    await victim.kill();
    // Jobs the victim held stay "active" until their lock runs out, so this counts what it died holding.
    const point: KillPoint = {
      delayMs,
      adjudicating: await rt.queues.adjudicateQueue.getActiveCount(),
      publishing: await rt.queues.publishQueue.getActiveCount(),
      committed: (await Promise.all(games.map((id) => rt.store.step(id)))).reduce((a, b) => a + b, 0),
      recorded: (await Promise.all(games.map(async (id) => (await outboxEntries(rt, id)).length))).reduce((a, b) => a + b, 0),
    };

    const rescue = startWorkers(rt, { connection: connectionFromUrl(redisUrl), prefix: rt.prefix, lockDurationMs: 600, stalledIntervalMs: 150 });
    try {
      for (const id of games) {
        await waitFor(
          `game ${id} published`,
          async () => (await outboxEntries(rt, id)).length === NATIONS + 2 && (await rt.schedules.get(id))?.step === 2,
          30_000,
        );
        expect(await rt.store.step(id)).toBe(1);
        const history = await rt.store.history(id);
        expect(history.length).toBe(1);
        expect(history[0].orders).toEqual(orders[id]);
        const entries = await outboxEntries(rt, id);
        expect(entries.map((e) => e.key)).toEqual(expectedKeys(NATIONS));
        expect(
          entries
            .filter((e) => e.key.startsWith('report:'))
            .map((e) => e.to[0])
            .sort(),
        ).toEqual(Array.from({ length: NATIONS }, (_, i) => `player${i + 1}@adjutant.test`).sort());
        expect((await rt.schedules.get(id))!.status).toBe('open');
      }
    } finally {
      await rescue.close();
    }
    return point;
  } finally {
    await cleanUp(rt, games);
    await rt.close();
  }
}

describe('a worker killed mid-turn', () => {
  it('during adjudication: each step is committed once, with every order', async () => {
    const points = await killRounds('adjudication', 150, 0);
    // The kills must really have landed inside adjudications for the test to mean anything.
    expect(points.filter((p) => p.adjudicating > 0).length).toBeGreaterThan(ROUNDS / 2);
    expect(points.some((p) => p.committed < GAMES)).toBe(true);
  }, 120_000);

  it('during publishing: each player gets exactly one copy of each report', async () => {
    const points = await killRounds('publishing', 0, 20);
    expect(points.filter((p) => p.publishing > 0).length).toBeGreaterThan(ROUNDS / 2);
    expect(points.some((p) => p.recorded > 0 && p.recorded < GAMES * (NATIONS + 2))).toBe(true);
  }, 120_000);
});
