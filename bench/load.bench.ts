// Load: 200 games of 20 nations, their deadlines spread over one hour of game time compressed to
// about two minutes, run by 2 worker processes (each with workers and a scheduler, as `adjutant
// worker` runs) against a private Redis. Checks that every turn is adjudicated once and every
// report recorded, then prints throughput, deadline-to-published lag and Redis memory per game.
//   node --import tsx bench/load.bench.ts            (LOAD_GAMES, LOAD_NATIONS, LOAD_SCALE to vary)
import { spawn, type ChildProcess } from 'node:child_process';
import { performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import pino from 'pino';
import { stringify } from 'yaml';
import '../test/support/fixture-claims/index.ts';
import { PrivateRedis } from '../test/support/private-redis.ts';
import { openGame } from '../src/game/open-game.ts';
import { gameKeys } from '../src/store/keys.ts';
import { Scheduler } from '../src/turns/scheduler.ts';
import { connectionFromUrl } from '../jobs/queues.ts';
import { createRuntime, type Runtime } from '../jobs/runtime.ts';
import { startWorkers } from '../jobs/workers.ts';

const GAMES = Number(process.env.LOAD_GAMES ?? 200);
const NATIONS = Number(process.env.LOAD_NATIONS ?? 20);
/** Game time runs this much faster: an hour of deadlines passes in 3600 / SCALE seconds. */
const SCALE = Number(process.env.LOAD_SCALE ?? 30);
const WORKERS = 2;
const PROVINCES = 40;
const MISSING = 2; // nations per game without orders: they get a reminder and hold
const HOUR = 3_600_000;

/** The shared virtual clock of every process: game time = origin + (real time - origin) * scale. */
const clockFrom = (origin: number) => () => new Date(origin + (Date.now() - origin) * SCALE);

if (process.argv.includes('--worker')) await runWorker();
else await runBench();

async function runWorker(): Promise<void> {
  const env = process.env;
  const rt = createRuntime({
    redisUrl: env.REDIS_URL!,
    now: clockFrom(Number(env.LOAD_ORIGIN)),
    logger: pino({ level: 'warn' }, pino.destination(2)),
    settings: { downAfterMs: HOUR, sweepMs: 10_000 },
  });
  const workers = startWorkers(rt, { connection: connectionFromUrl(env.REDIS_URL!), concurrency: 8 });
  const scheduler = new Scheduler(rt, { tickMs: 100 });
  await scheduler.tick();
  scheduler.start();
  process.stdout.write('ready\n');
  process.on('SIGTERM', async () => {
    await scheduler.stop();
    await workers.close(5000);
    await rt.close();
    process.exit(0);
  });
}

async function runBench(): Promise<void> {
  const redisServer = await PrivateRedis.start();
  const url = redisServer.url;
  // Game time meets real time 20 s from now, when the first deadline falls: time enough to store
  // the games and start the workers first.
  const origin = Date.now() + 20_000;
  const now = clockFrom(origin);
  const rt = createRuntime({ redisUrl: url, now, logger: pino({ level: 'warn' }, pino.destination(2)) });
  const children: ChildProcess[] = [];
  try {
    const before = await usedMemory(rt.redis);
    // Turn 1: deadlines spread over an hour of game time. Turn 2: every game at the same moment,
    // ten game minutes after the hour, to measure what the workers can do in a burst.
    const spread = Array.from({ length: GAMES }, (_, g) => new Date(origin + Math.round((g * HOUR) / GAMES)));
    const burst = new Date(origin + HOUR + 10 * 60_000);
    const ids = await createGames(rt, spread, burst);
    const stored = await usedMemory(rt.redis);
    const scheduler = new Scheduler(rt, { tickMs: 100 });
    for (const id of ids) await scheduler.adopt(id);
    await scheduler.tick(); // every game gets its schedule now, before its deadline
    for (let w = 0; w < WORKERS; w++) children.push(await startChild(url, origin));
    if (Date.now() > origin) throw new Error('setting up took longer than 20 s; the first deadlines passed before the workers ran');
    await new Promise((r) => setTimeout(r, origin - Date.now()));

    const started = performance.now();
    // Orders for turn 2 go in as soon as each game's turn 1 is out, as players would send them.
    const first = await waitPublished(rt, ids, 1, (id, g) => giveOrders(rt, id, g, 2));
    const spreadSeconds = (performance.now() - started) / 1000;
    const afterTurn = await usedMemory(rt.redis);
    const second = await waitPublished(rt, ids, 2, async () => {});
    const burstSeconds = (Math.max(...second.values()) - burst.getTime()) / SCALE / 1000;
    await verify(rt, ids);
    const after = await usedMemory(rt.redis);

    const lags = ids.map((id, g) => (first.get(id)! - spread[g].getTime()) / SCALE / 1000).sort((a, b) => a - b);
    const messagesPerTurn = GAMES * (NATIONS + 2 + MISSING);
    const line = (bench: string, value: number, unit: string, target: number) =>
      console.log(JSON.stringify({ bench, value: Math.round(value * 100) / 100, unit, target }));
    line(
      'load-steps-adjudicated',
      (await Promise.all(ids.map((id) => rt.store.step(id)))).reduce((a, b) => a + b, 0),
      'steps',
      2 * GAMES,
    );
    line('load-spread-throughput', GAMES / spreadSeconds, 'steps/s', GAMES / (HOUR / SCALE / 1000));
    line('load-spread-lag-deadline-to-published-p50', lags[Math.floor(GAMES / 2)], 's', 2);
    line('load-spread-lag-deadline-to-published-p95', lags[Math.floor(GAMES * 0.95)], 's', 5);
    line('load-burst-throughput', GAMES / burstSeconds, 'steps/s', 10);
    line('load-burst-messages', messagesPerTurn / burstSeconds, 'messages/s', 200);
    line('load-burst-all-published', burstSeconds, 's', 60);
    line('load-redis-memory-per-game-stored', (stored - before) / GAMES / 1024, 'KiB/game', 256);
    line('load-redis-memory-per-game-per-turn', (after - afterTurn) / GAMES / 1024, 'KiB/game', 256);
  } finally {
    for (const child of children) child.kill('SIGTERM');
    await Promise.all(children.map((c) => new Promise((r) => (c.exitCode !== null ? r(null) : c.once('exit', r)))));
    await rt.close();
    await redisServer.stop();
  }
}

/** Waits until every game has step `step` published (all reports, update, summary); returns when each was seen, in game time. */
async function waitPublished(rt: Runtime, ids: string[], step: number, then: (id: string, g: number) => Promise<void>): Promise<Map<string, number>> {
  const seen = new Map<string, number>();
  const started = performance.now();
  while (seen.size < ids.length) {
    for (const [g, id] of ids.entries()) {
      if (seen.has(id)) continue;
      const keys = await rt.redis.hkeys(gameKeys(id).outbox);
      if (keys.filter((k) => new RegExp(`^(report|update|summary):${step}\\b`).test(k)).length < NATIONS + 2) continue;
      seen.set(id, rt.now().getTime());
      await then(id, g);
    }
    if (performance.now() - started > HOUR / SCALE + 120_000) {
      for (const id of ids.filter((i) => !seen.has(i))) await explainStuck(rt, id);
      throw new Error(`step ${step}: only ${seen.size} of ${ids.length} games published in time`);
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  return seen;
}

/** What a game that never got published was doing, on stderr, for whoever has to find out why. */
async function explainStuck(rt: Runtime, id: string): Promise<void> {
  console.error(
    `${id}: committed ${await rt.store.step(id)}; schedule ${await rt.redis.get(gameKeys(id).schedule)}; outbox ${(await rt.redis.hkeys(gameKeys(id).outbox)).sort().join(',')}`,
  );
  for (const queue of [rt.queues.adjudicateQueue, rt.queues.publishQueue]) {
    const jobs = (await queue.getJobs(['failed', 'active', 'wait', 'delayed', 'completed'], 0, -1)).filter((j) => j.data.gameId === id);
    console.error(
      `  ${queue.name}: ${jobs.map((j) => `${j.id} attempts=${j.attemptsMade} ${j.failedReason ?? ''} result=${JSON.stringify(j.returnvalue)}`).join(' | ') || 'no jobs'}`,
    );
  }
}

/** Orders for every nation but the first MISSING, each claiming a province that depends on game and turn. */
async function giveOrders(rt: Runtime, id: string, g: number, turn: number): Promise<void> {
  for (let n = MISSING; n < NATIONS; n++) await rt.store.setOrders(id, `n${n}`, { orders: [claimFor(g, n, turn)], mails: [] });
}

function claimFor(g: number, n: number, turn: number) {
  return { kind: 'claim', province: `p${(g + n * turn) % PROVINCES}` };
}

async function createGames(rt: Runtime, spread: Date[], burst: Date): Promise<string[]> {
  const provinces = Object.fromEntries(Array.from({ length: PROVINCES }, (_, i) => [`p${i}`, { name: `Province ${i}`, kind: 'land' }]));
  const map = stringify({ provinces, borders: Array.from({ length: PROVINCES - 1 }, (_, i) => [`p${i}`, `p${i + 1}`]) });
  const nations = Object.fromEntries(
    Array.from({ length: NATIONS }, (_, n) => [
      `n${n}`,
      { name: `Nation ${n}`, colour: '#336699', player: { name: `Player ${n}`, email: `player${n}@load.example` } },
    ]),
  );
  const ids: string[] = [];
  for (const [g, deadline] of spread.entries()) {
    const id = `load-${g}`;
    const game = {
      title: `Load ${g}`,
      ruleset: 'fixture-claims',
      gm: { name: 'GM', email: 'gm@load.example' },
      // The dates are the deadlines as they fall: the service's hour of notice would move every
      // burst deadline less than an hour after its game's first turn an hour on, and spread the burst out.
      schedule: { dates: [deadline.toISOString(), burst.toISOString()], reminders: ['10m'], minimumNotice: '0m' },
      nations,
    };
    const files = { 'game.yaml': stringify(game), 'map.yaml': map };
    const { game: opened, problems } = openGame(id, files);
    if (!opened) throw new Error(problems.map((p) => p.message).join('\n'));
    await rt.store.createGame(id, { files, state: opened.state });
    await giveOrders(rt, id, g, 1);
    ids.push(id);
  }
  return ids;
}

/** No loss, no double: two steps per game, every order adjudicated as given, every report recorded once. */
async function verify(rt: Runtime, ids: string[]): Promise<void> {
  for (const [g, id] of ids.entries()) {
    const history = await rt.store.history(id);
    if (history.length !== 2 || (await rt.store.step(id)) !== 2) throw new Error(`${id}: ${history.length} steps committed, expected 2`);
    for (const record of history) {
      for (let n = 0; n < NATIONS; n++) {
        const want = n < MISSING ? [] : [claimFor(g, n, record.step)];
        if (JSON.stringify(record.orders[`n${n}`]) !== JSON.stringify(want))
          throw new Error(`${id}: step ${record.step} did not adjudicate the orders of n${n} as given`);
      }
    }
    const keys = await rt.redis.hkeys(gameKeys(id).outbox);
    for (const step of [1, 2]) {
      const reports = keys.filter((k) => k.startsWith(`report:${step}:`)).length;
      if (reports !== NATIONS) throw new Error(`${id}: ${reports} reports of step ${step} recorded, expected ${NATIONS}`);
    }
  }
}

async function startChild(url: string, origin: number): Promise<ChildProcess> {
  const child = spawn(process.execPath, ['--import', 'tsx', fileURLToPath(import.meta.url), '--worker'], {
    env: { ...process.env, REDIS_URL: url, LOAD_ORIGIN: String(origin) },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  await new Promise<void>((resolve, reject) => {
    child.stdout!.on('data', (d: Buffer) => d.toString().includes('ready') && resolve());
    child.once('exit', (code) => reject(new Error(`a worker exited (${code}) before it was ready`)));
  });
  return child;
}

async function usedMemory(redis: Runtime['redis']): Promise<number> {
  return Number(/used_memory:(\d+)/.exec(await redis.info('memory'))![1]);
}
