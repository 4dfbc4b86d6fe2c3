// Load: 200 games of 20 nations, their deadlines spread over one hour of game time compressed to
// about two minutes, run by 2 worker processes (each with workers and a scheduler, as `adjutant
// worker` runs) against a private Redis. Checks that every turn is adjudicated once and every
// report recorded, then prints throughput, deadline-to-published lag and Redis memory per game.
//   node --import tsx bench/load.bench.ts            (LOAD_GAMES, LOAD_NATIONS, LOAD_SCALE to vary)
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { connect, createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import pino from 'pino';
import { stringify } from 'yaml';
import '../test/support/fixture-ruleset.ts';
import { openGame } from '../src/game/open-game.ts';
import { gameKeys } from '../src/store/keys.ts';
import { Scheduler } from '../src/turns/scheduler.ts';
import { connectionFromUrl } from '../jobs/queues.ts';
import { createRuntime } from '../jobs/runtime.ts';
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
  const rt = createRuntime({ redisUrl: env.REDIS_URL!, now: clockFrom(Number(env.LOAD_ORIGIN)), logger: pino({ level: 'warn' }), settings: { downAfterMs: HOUR, sweepMs: 10_000 } });
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
  const dir = await mkdtemp(path.join(tmpdir(), 'adjutant-load-'));
  const port = await freePort();
  const redisServer = spawn('redis-server', ['--port', String(port), '--bind', '127.0.0.1', '--dir', dir, '--appendonly', 'yes', '--save', '', '--logfile', path.join(dir, 'redis.log')], { stdio: 'ignore' });
  const url = `redis://127.0.0.1:${port}`;
  await listening(port);
  const origin = Date.now();
  const now = clockFrom(origin);
  const rt = createRuntime({ redisUrl: url, now, logger: pino({ level: 'warn' }) });
  const children: ChildProcess[] = [];
  try {
    const before = await usedMemory(rt.redis);
    // Deadlines from 5 game minutes after the start, spread evenly over the following hour.
    const deadlines = Array.from({ length: GAMES }, (_, g) => new Date(origin + 5 * 60_000 + Math.round((g * HOUR) / GAMES)));
    const ids = await createGames(rt, deadlines);
    const stored = await usedMemory(rt.redis);
    const scheduler = new Scheduler(rt, { tickMs: 100 });
    for (const id of ids) await scheduler.adopt(id);
    for (let w = 0; w < WORKERS; w++) children.push(await startChild(url, origin));

    const started = performance.now();
    const published = new Map<string, number>();
    const expected = NATIONS + 2;
    while (published.size < GAMES) {
      for (const id of ids.filter((i) => !published.has(i))) {
        const keys = await rt.redis.hkeys(gameKeys(id).outbox);
        if (keys.filter((k) => !k.startsWith('remind:')).length === expected) published.set(id, now().getTime());
      }
      if (performance.now() - started > (HOUR / SCALE) * 3) {
        for (const id of ids.filter((i) => !published.has(i))) {
          console.error(id, await rt.redis.get(gameKeys(id).schedule), await rt.store.step(id), (await rt.redis.hkeys(gameKeys(id).outbox)).join(','));
          for (const q of [rt.queues.adjudicateQueue, rt.queues.publishQueue, rt.queues.remindQueue]) {
            const counts = await q.getJobCounts();
            const jobs = (await q.getJobs(['failed', 'active', 'wait', 'delayed', 'completed'], 0, 5000)).filter((j) => j.data.gameId === id);
            console.error(q.name, JSON.stringify(counts), jobs.map((j) => `${j.id} attempts=${j.attemptsMade} failed=${j.failedReason ?? ''} finished=${j.finishedOn ?? ''}`).join(' | '));
          }
        }
        throw new Error(`only ${published.size} of ${GAMES} games published in time`);
      }
      await new Promise((r) => setTimeout(r, 250));
    }
    const seconds = (performance.now() - started) / 1000;
    await verify(rt, ids);
    const after = await usedMemory(rt.redis);
    const lags = ids.map((id, g) => (published.get(id)! - deadlines[g].getTime()) / SCALE / 1000).sort((a, b) => a - b);
    const messages = (await Promise.all(ids.map((id) => rt.redis.hlen(gameKeys(id).outbox)))).reduce((a, b) => a + b, 0);
    const line = (bench: string, value: number, unit: string, target: number) => console.log(JSON.stringify({ bench, value: Math.round(value * 100) / 100, unit, target }));
    line('load-turns-adjudicated', GAMES, 'steps', GAMES);
    line('load-throughput-steps', GAMES / seconds, 'steps/s', GAMES / (HOUR / SCALE / 1000));
    line('load-throughput-messages', messages / seconds, 'messages/s', (GAMES * expected) / (HOUR / SCALE / 1000));
    line('load-lag-deadline-to-published-p50', lags[Math.floor(GAMES / 2)], 's', 2);
    line('load-lag-deadline-to-published-p95', lags[Math.floor(GAMES * 0.95)], 's', 5);
    line('load-redis-memory-per-game-stored', (stored - before) / GAMES / 1024, 'KiB/game', 256);
    line('load-redis-memory-per-game-after-turn', (after - before) / GAMES / 1024, 'KiB/game', 1024);
  } finally {
    for (const child of children) child.kill('SIGTERM');
    await Promise.all(children.map((c) => new Promise((r) => (c.exitCode !== null ? r(null) : c.once('exit', r)))));
    await rt.close();
    redisServer.kill('SIGKILL');
    await rm(dir, { recursive: true, force: true });
  }
}

async function createGames(rt: ReturnType<typeof createRuntime>, deadlines: Date[]): Promise<string[]> {
  const provinces = Object.fromEntries(Array.from({ length: PROVINCES }, (_, i) => [`p${i}`, { name: `Province ${i}`, kind: 'land' }]));
  const map = stringify({ provinces, borders: Array.from({ length: PROVINCES - 1 }, (_, i) => [`p${i}`, `p${i + 1}`]) });
  const nations = Object.fromEntries(Array.from({ length: NATIONS }, (_, n) => [`n${n}`, { name: `Nation ${n}`, colour: '#336699', player: { name: `Player ${n}`, email: `player${n}@load.example` } }]));
  const ids: string[] = [];
  for (const [g, deadline] of deadlines.entries()) {
    const id = `load-${g}`;
    const game = { title: `Load ${g}`, ruleset: 'fixture-claims', gm: { name: 'GM', email: 'gm@load.example' }, schedule: { dates: [deadline.toISOString()], reminders: ['10m'] }, nations };
    const files = { 'game.yaml': stringify(game), 'map.yaml': map };
    const { game: opened, problems } = openGame(id, files);
    if (!opened) throw new Error(problems.map((p) => p.message).join('\n'));
    await rt.store.createGame(id, { files, state: opened.state });
    for (let n = MISSING; n < NATIONS; n++) await rt.store.setOrders(id, `n${n}`, { orders: [{ kind: 'claim', province: `p${(g + n) % PROVINCES}` }], mails: [] });
    ids.push(id);
  }
  return ids;
}

/** No loss, no double: one step per game, every order kept, every report recorded once. */
async function verify(rt: ReturnType<typeof createRuntime>, ids: string[]): Promise<void> {
  for (const [g, id] of ids.entries()) {
    const history = await rt.store.history(id);
    if (history.length !== 1 || (await rt.store.step(id)) !== 1) throw new Error(`${id}: ${history.length} steps committed, expected 1`);
    for (let n = 0; n < NATIONS; n++) {
      const want = n < MISSING ? [] : [{ kind: 'claim', province: `p${(g + n) % PROVINCES}` }];
      if (JSON.stringify(history[0].orders[`n${n}`]) !== JSON.stringify(want)) throw new Error(`${id}: the orders of n${n} were not adjudicated as given`);
    }
    const keys = await rt.redis.hkeys(gameKeys(id).outbox);
    const reports = keys.filter((k) => k.startsWith('report:1:')).length;
    if (reports !== NATIONS) throw new Error(`${id}: ${reports} reports recorded, expected ${NATIONS}`);
  }
}

async function startChild(url: string, origin: number): Promise<ChildProcess> {
  const child = spawn(process.execPath, ['--import', 'tsx', fileURLToPath(import.meta.url), '--worker'], { env: { ...process.env, REDIS_URL: url, LOAD_ORIGIN: String(origin) }, stdio: ['ignore', 'pipe', 'inherit'] });
  await new Promise<void>((resolve, reject) => {
    child.stdout!.on('data', (d: Buffer) => d.toString().includes('ready') && resolve());
    child.once('exit', (code) => reject(new Error(`a worker exited (${code}) before it was ready`)));
  });
  return child;
}

async function usedMemory(redis: ReturnType<typeof createRuntime>['redis']): Promise<number> {
  return Number(/used_memory:(\d+)/.exec(await redis.info('memory'))![1]);
}

async function listening(port: number): Promise<void> {
  for (let i = 0; i < 200; i++) {
    const up = await new Promise<boolean>((resolve) => {
      const socket = connect({ host: '127.0.0.1', port }, () => (socket.destroy(), resolve(true)));
      socket.once('error', () => resolve(false));
    });
    if (up) return;
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error(`redis-server did not start on port ${port}`);
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}
