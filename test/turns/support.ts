// Shared set-up for the turn tests: a runtime on the real Redis with its own queue prefix and
// scheduler scope (so parallel tests and a live service never see each other's jobs), a clock the
// test moves, and the claims fixture game stored under a fresh id with a schedule the test picks.
import { randomUUID } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import pino from 'pino';
import { parse, stringify } from 'yaml';
import '../support/fixture-claims/index.ts';
import { openGame } from '../../src/game/open-game.ts';
import type { OutboxEntry } from '../../src/store/outbox.ts';
import { gameKeys, schedulerKeys } from '../../src/store/keys.ts';
import { createRuntime, type Runtime } from '../../jobs/runtime.ts';
import { afterAll, beforeAll } from 'vitest';
import { connectionFromUrl } from '../../jobs/queues.ts';
import { startWorkers, type RunningWorkers } from '../../jobs/workers.ts';
import { requireServices, serviceEndpoints } from '../support/services.ts';

export const FIXTURE = path.join(import.meta.dirname, '../fixtures/claims');

export interface TestClock {
  now: () => Date;
  set(at: string | Date): void;
  advance(ms: number): void;
}

export function testClock(start: string): TestClock {
  let at = new Date(start);
  return { now: () => at, set: (t) => (at = new Date(t)), advance: (ms) => (at = new Date(at.getTime() + ms)) };
}

/** Moves the clock to `at` in steps the scheduler sees (a tick each), as a running service would. */
export async function tickUntil(scheduler: { tick(): Promise<void> }, clock: TestClock, at: string, stepMs = 30 * 60_000): Promise<void> {
  const end = new Date(at).getTime();
  while (clock.now().getTime() < end) {
    clock.set(new Date(Math.min(end, clock.now().getTime() + stepMs)));
    await scheduler.tick();
  }
}

export function testRuntime(
  clock?: TestClock,
  redisUrl = serviceEndpoints().redisUrl,
  settings: Parameters<typeof createRuntime>[0]['settings'] = {},
  render = false,
): Runtime {
  const tag = randomUUID();
  return createRuntime({
    render,
    redisUrl,
    prefix: `{adjutant-test-${tag}}`,
    scope: `test-${tag}`,
    now: clock?.now,
    logger: pino({ level: process.env.ADJUTANT_TEST_LOG ?? 'silent' }),
    settings: { sweepMs: 1000, downAfterMs: 60_000, minimumNoticeMs: 3_600_000, ...settings },
  });
}

/** Stores the claims fixture under a fresh id, with game.yaml fields replaced by `changes`. */
export async function storeFixtureGame(rt: Runtime, changes: Record<string, unknown> = {}, id = `t-${randomUUID()}`): Promise<string> {
  const game = parse(await readFile(path.join(FIXTURE, 'game.yaml'), 'utf8')) as Record<string, unknown>;
  const files = { 'game.yaml': stringify({ ...game, ...changes }), 'map.yaml': await readFile(path.join(FIXTURE, 'map.yaml'), 'utf8') };
  const opened = openGame(id, files);
  if (!opened.game) throw new Error(opened.problems.map((p) => p.message).join('\n'));
  await rt.store.createGame(id, { files, state: opened.game.state });
  return id;
}

export async function outboxEntries(rt: Runtime, gameId: string): Promise<OutboxEntry[]> {
  const all = await rt.redis.hvals(gameKeys(gameId).outbox);
  return all.map((json) => JSON.parse(json) as OutboxEntry).sort((a, b) => a.key.localeCompare(b.key));
}

export async function waitFor<T>(what: string, probe: () => Promise<T | undefined | false | null>, timeoutMs = 20_000, everyMs = 50): Promise<T> {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (value) return value;
    if (Date.now() > until) throw new Error(`Timed out after ${timeoutMs}ms waiting for ${what}.`);
    await new Promise((r) => setTimeout(r, everyMs));
  }
}

export async function claim(rt: Runtime, gameId: string, nation: string, province: string): Promise<void> {
  await rt.store.setOrders(gameId, nation, { orders: [{ kind: 'claim', province }], mails: [] });
}

/** Removes the game, its schedule and its queues' keys. */
export async function cleanUp(rt: Runtime, gameIds: string[]): Promise<void> {
  for (const id of gameIds) {
    await rt.store.deleteGame(id);
    await rt.schedules.forget(id);
  }
  await rt.redis.del(...Object.values(schedulerKeys(rt.scope)));
  const keys = await rt.redis.keys(`${rt.prefix}*`);
  if (keys.length) await rt.redis.del(...keys);
}

/** Runs the job workers for a test file on the test Redis, and removes the file's games afterwards. */
export function useWorkers(rt: Runtime, games: string[]): void {
  let workers: RunningWorkers;
  beforeAll(async () => {
    const { redisUrl } = await requireServices(['redis']);
    workers = startWorkers(rt, { connection: connectionFromUrl(redisUrl), prefix: rt.prefix, lockDurationMs: 5000 });
  });
  afterAll(async () => {
    await workers.close();
    await cleanUp(rt, games);
    await rt.close();
  });
}
