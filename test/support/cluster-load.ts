// A burst on a Redis Cluster: G games of the claims fixture, every deadline at the same moment,
// run by W worker processes (workers and a scheduler each, as `adjutant worker` runs), optionally
// with one master killed and restarted mid-burst. Measures throughput and deadline-to-published
// lag, then checks that every game committed exactly its one step, with the orders as given, and
// recorded every report once. Shared by test/services/cluster.test.ts and bench/cluster.bench.ts.
// This file is also the worker process: `node --import tsx cluster-load.ts --worker`.
import { spawn, type ChildProcess } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import type { Cluster } from 'ioredis';
import pino from 'pino';
import { stringify } from 'yaml';
import './fixture-claims/index.ts';
import { openGame } from '../../src/game/open-game.ts';
import { GAMES_KEY, gameKeys } from '../../src/store/keys.ts';
import { Scheduler } from '../../src/turns/scheduler.ts';
import { createRuntime, type Runtime } from '../../jobs/runtime.ts';
import { startWorkers } from '../../jobs/workers.ts';

const PROVINCES = 20;
const HOUR = 3_600_000;
/** Every game's deadline, in game time; the processes' clocks are shifted so it falls when the burst starts. */
const DEADLINE = Date.parse('2030-01-01T00:00:00Z');

export interface BurstOptions {
  url: string;
  games: number;
  nations: number;
  workers: number;
  /** Called once a quarter of the games is published (e.g. to restart a master). */
  midBurst?: () => Promise<void>;
  /** Progress and stuck games, for whoever watches. */
  log?: (line: string) => void;
}

export interface BurstResult {
  published: number;
  /** Games published per second, from the deadline to the last one. */
  throughput: number;
  lagP50: number;
  lagP95: number;
  /** Problems found by the check afterwards: steps missing or doubled, orders changed, reports missing. */
  problems: string[];
}

const runtimeFor = (url: string, tag: string, offset: () => number) =>
  createRuntime({
    redisUrl: url,
    cluster: true,
    prefix: `{load-${tag}}`,
    scope: `load-${tag}`,
    now: () => new Date(Date.now() + offset()),
    logger: pino({ level: 'warn' }, pino.destination(2)),
    settings: { downAfterMs: 48 * HOUR, sweepMs: 10_000 },
  });

if (process.argv.includes('--worker')) await runWorker();

/** Loads, says "ready", and starts its workers and scheduler when told the clock offset on stdin. */
async function runWorker(): Promise<void> {
  const { LOAD_URL, LOAD_TAG } = process.env;
  const offset = await new Promise<number>((resolve) => {
    process.stdin.once('data', (d: Buffer) => resolve(Number(d.toString().trim())));
    process.stdout.write('ready\n');
  });
  const rt = runtimeFor(LOAD_URL!, LOAD_TAG!, () => offset);
  const workers = startWorkers(rt, { connection: rt.connection, prefix: rt.prefix, concurrency: 8 });
  const scheduler = new Scheduler(rt, { tickMs: 100 });
  await scheduler.tick();
  scheduler.start();
  process.stdout.write('started\n');
  process.on('SIGTERM', async () => {
    await scheduler.stop();
    await workers.close(5000);
    await rt.close();
    process.exit(0);
  });
}

export async function runBurst(options: BurstOptions): Promise<BurstResult> {
  const tag = randomUUID().slice(0, 8);
  // Game time stays a day before the deadline while the games are stored.
  let offset = DEADLINE - Date.now() - 24 * HOUR;
  const rt = runtimeFor(options.url, tag, () => offset);
  const children: ChildProcess[] = [];
  const ids = Array.from({ length: options.games }, (_, g) => `cl-${tag}-${g}`);
  try {
    await createGames(rt, ids, options.nations);
    // Schedules are set while game time is still a day early; the clocks then jump to just before
    // the deadline (the scheduler takes the jump for no downtime: downAfterMs is two days here).
    const scheduler = new Scheduler(rt, { tickMs: 100 });
    for (const id of ids) await scheduler.adopt(id);
    await scheduler.tick();
    children.push(...(await Promise.all(Array.from({ length: options.workers }, () => startChild(options.url, tag)))));
    const start = Date.now() + 1000;
    offset = DEADLINE - start;
    await Promise.all(children.map((c) => go(c, offset)));
    const published = await waitPublished(rt, ids, options.nations, start, options);
    const lags = ids.map((id) => (published.get(id)! - start) / 1000).sort((a, b) => a - b);
    const last = lags[lags.length - 1];
    return {
      published: published.size,
      throughput: ids.length / last,
      lagP50: lags[Math.floor(lags.length / 2)],
      lagP95: lags[Math.floor(lags.length * 0.95)],
      problems: await verify(rt, ids, options.nations),
    };
  } finally {
    for (const child of children) child.kill('SIGTERM');
    await Promise.all(children.map((c) => stopped(c, options)));
    await removeAll(rt, tag, ids);
    await rt.close();
  }
}

function claimFor(g: number, n: number) {
  return { kind: 'claim', province: `p${(g + n) % PROVINCES}` };
}

async function createGames(rt: Runtime, ids: string[], nations: number): Promise<void> {
  const provinces = Object.fromEntries(Array.from({ length: PROVINCES }, (_, i) => [`p${i}`, { name: `Province ${i}`, kind: 'land' }]));
  const map = stringify({ provinces, borders: Array.from({ length: PROVINCES - 1 }, (_, i) => [`p${i}`, `p${i + 1}`]) });
  const people = Object.fromEntries(
    Array.from({ length: nations }, (_, n) => [
      `n${n}`,
      { name: `Nation ${n}`, colour: '#336699', player: { name: `Player ${n}`, email: `player${n}@load.example` } },
    ]),
  );
  const game = stringify({
    title: 'Burst',
    ruleset: 'fixture-claims',
    gm: { name: 'GM', email: 'gm@load.example' },
    schedule: { dates: [new Date(DEADLINE).toISOString()], reminders: [] },
    nations: people,
  });
  const files = { 'game.yaml': game, 'map.yaml': map };
  const { game: opened, problems } = openGame('template', files);
  if (!opened) throw new Error(problems.map((p) => p.message).join('\n'));
  // Games are written twenty at a time: a burst of 2,000 is stored in seconds, not minutes.
  for (let from = 0; from < ids.length; from += 20) {
    await Promise.all(
      ids.slice(from, from + 20).map(async (id, i) => {
        await rt.store.createGame(id, { files, state: opened.state });
        for (let n = 0; n < nations; n++) await rt.store.setOrders(id, `n${n}`, { orders: [claimFor(from + i, n)], mails: [] });
      }),
    );
  }
}

/** When each game had its reports, update and summary of step 1 recorded, in real time. */
async function waitPublished(rt: Runtime, ids: string[], nations: number, start: number, options: BurstOptions): Promise<Map<string, number>> {
  const seen = new Map<string, number>();
  let midBurst: Promise<void> | undefined;
  const deadline = Date.now() + 600_000;
  while (seen.size < ids.length) {
    const waiting = ids.filter((id) => !seen.has(id));
    for (let from = 0; from < waiting.length; from += 100) {
      await Promise.all(
        waiting.slice(from, from + 100).map(async (id) => {
          const keys = await rt.redis.hkeys(gameKeys(id).outbox);
          if (keys.filter((k) => /^(report|update|summary):1\b/.test(k)).length >= nations + 2) seen.set(id, Date.now());
        }),
      );
    }
    if (options.midBurst && !midBurst && seen.size >= ids.length / 4) {
      options.log?.(`${seen.size} of ${ids.length} published ${((Date.now() - start) / 1000).toFixed(1)} s after the deadline; restarting a master`);
      midBurst = options.midBurst();
    }
    if (Date.now() > deadline) throw new Error(`only ${seen.size} of ${ids.length} games were published within ten minutes`);
    await new Promise((r) => setTimeout(r, 100));
  }
  await midBurst;
  return seen;
}

async function verify(rt: Runtime, ids: string[], nations: number): Promise<string[]> {
  const problems: string[] = [];
  for (const [g, id] of ids.entries()) {
    const history = await rt.store.history(id);
    const step = await rt.store.step(id);
    if (history.length !== 1 || step !== 1) problems.push(`${id}: ${history.length} steps in the history and step ${step}, expected one`);
    for (let n = 0; n < nations; n++) {
      if (JSON.stringify(history[0]?.orders[`n${n}`]) !== JSON.stringify([claimFor(g, n)]))
        problems.push(`${id}: the orders of n${n} were not adjudicated as given`);
    }
    const reports = (await rt.redis.hkeys(gameKeys(id).outbox)).filter((k) => k.startsWith('report:1:')).length;
    if (reports !== nations) problems.push(`${id}: ${reports} reports recorded, expected ${nations}`);
  }
  return problems;
}

/** Every key of the burst's games and queues, found by one SCAN of each master. */
async function removeAll(rt: Runtime, tag: string, ids: string[]): Promise<void> {
  const cluster = rt.redis as unknown as Cluster;
  for (const node of cluster.nodes('master')) {
    for (const pattern of [`adjutant:{cl-${tag}-*`, `{load-${tag}}*`, `adjutant:scheduler:load-${tag}:*`]) {
      let cursor = '0';
      do {
        const [next, keys] = await node.scan(cursor, 'MATCH', pattern, 'COUNT', 1000);
        await Promise.all(keys.map((k) => rt.redis.del(k)));
        cursor = next;
      } while (cursor !== '0');
    }
  }
  for (let from = 0; from < ids.length; from += 500) await rt.redis.srem(GAMES_KEY, ...ids.slice(from, from + 500));
}

/**
 * Waits for a worker told to stop to exit. One still running after 20 s is killed: a worker's
 * shutdown has been seen to stick after a master restart, and the burst must not hang on it.
 */
async function stopped(child: ChildProcess, options: BurstOptions): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exit = new Promise((resolve) => child.once('exit', resolve));
  const timer = setTimeout(() => {
    options.log?.(`worker ${child.pid} had not stopped 20 s after SIGTERM; killed`);
    child.kill('SIGKILL');
  }, 20_000);
  await exit;
  clearTimeout(timer);
}

async function startChild(url: string, tag: string): Promise<ChildProcess> {
  const child = spawn(process.execPath, ['--import', 'tsx', fileURLToPath(import.meta.url), '--worker'], {
    env: { ...process.env, LOAD_URL: url, LOAD_TAG: tag },
    stdio: ['pipe', 'pipe', 'inherit'],
  });
  await said(child, 'ready');
  return child;
}

async function go(child: ChildProcess, offset: number): Promise<void> {
  child.stdin!.write(`${offset}\n`);
  await said(child, 'started');
}

function said(child: ChildProcess, word: string): Promise<void> {
  return new Promise<void>((resolve, reject) => {
    const listen = (d: Buffer) => {
      if (!d.toString().includes(word)) return;
      child.stdout!.off('data', listen);
      resolve();
    };
    child.stdout!.on('data', listen);
    child.once('exit', (code) => reject(new Error(`a worker exited (${code}) before it said "${word}"`)));
  });
}
