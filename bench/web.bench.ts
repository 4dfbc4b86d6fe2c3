// The public game page under load: 200 readers at once, each loading the page and its map over and
// over (the map revalidated from the browser's cache, as browsers do), first as fast as the server
// answers, then each reloading once a second; against a 2,000-province game of 12 nations with
// three turns played, served by the web server in its own process (as `adjutant serve` runs it) on
// a private Redis. The map comes from the output folder, where the render step wrote it; the page
// from the server's memory while nothing it shows has changed.
//   node --import tsx bench/web.bench.ts        (WEB_READERS, WEB_SECONDS to vary)
import { claimsWorld, serveWeb } from './support/claims-world.ts';
import { spawn } from 'node:child_process';
import { mkdtemp, stat } from 'node:fs/promises';
import { Agent, request } from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import pino from 'pino';
import { PrivateRedis } from '../test/support/private-redis.ts';
import { claimsParser } from '../test/mail/support/claims-parser.ts';
import { openGame } from '../src/game/open-game.ts';
import { keyImageOf, writeTurnOutputs } from '../src/render/turn-outputs.ts';
import { Scheduler } from '../src/turns/scheduler.ts';
import { createGameControl } from '../src/turns/scheduler-control.ts';
import { storedGame } from '../src/store/stored-game.ts';
import { connectionFromUrl } from '../jobs/queues.ts';
import { createRuntime } from '../jobs/runtime.ts';
import { startWorkers } from '../jobs/workers.ts';

const READERS = Number(process.env.WEB_READERS ?? 200);
const SECONDS = Number(process.env.WEB_SECONDS ?? 10);
const PROVINCES = 2000;
const NATIONS = 12;
const GAME = 'big-world';

if (process.argv.includes('--server')) await serveWeb({ parse: claimsParser });
else await bench();

function gameFiles(): Record<string, string> {
  return claimsWorld(
    { provinces: PROVINCES, nations: NATIONS },
    { title: 'A very large world', public: true, schedule: { every: '3d', start: new Date(Date.now() + 3600_000).toISOString() } },
  );
}

async function setUp(url: string, outDir: string): Promise<void> {
  const rt = createRuntime({ redisUrl: url, logger: pino({ level: 'warn' }, pino.destination(2)), settings: { downAfterMs: 86_400_000 } });
  const files = gameFiles();
  const opened = openGame(GAME, files);
  if (!opened.game) throw new Error(opened.problems.map((p) => p.message).join('\n'));
  await rt.store.createGame(GAME, { files, state: opened.game.state });
  const control = createGameControl(rt);
  const scheduler = new Scheduler(rt, { tickMs: 1000 });
  await scheduler.adopt(GAME);
  await scheduler.tick();
  const workers = startWorkers(rt, { connection: connectionFromUrl(url) });
  for (let step = 1; step <= 3; step++) {
    for (let n = 0; n < NATIONS; n++) {
      const orders = Array.from({ length: 40 }, (_, k) => ({ kind: 'claim', province: `p${(step * 577 + n * 150 + k) % PROVINCES}` }));
      await rt.store.setOrders(GAME, `n${n}`, { orders, mails: [] });
    }
    await control.processNow(GAME);
    await scheduler.tick();
    while ((await rt.store.step(GAME)) < step || (await rt.schedules.get(GAME))?.step !== step + 1) await new Promise((r) => setTimeout(r, 50));
  }
  const game = await storedGame(rt.store, GAME);
  for (const record of await rt.store.history(GAME)) await writeTurnOutputs({ outDir, game, record, keyImage: keyImageOf(game), flavours: ['discourse'] });
  await workers.close();
  await rt.close();
}

function get(agent: Agent, base: string, pathname: string, headers: Record<string, string> = {}): Promise<{ status: number; ms: number; etag?: string }> {
  const started = performance.now();
  return new Promise((resolve, reject) => {
    request(`${base}${pathname}`, { agent, headers }, (res) => {
      res.resume();
      res.on('end', () => resolve({ status: res.statusCode!, ms: performance.now() - started, etag: res.headers.etag }));
    })
      .on('error', reject)
      .end();
  });
}

async function bench(): Promise<void> {
  const redis = await PrivateRedis.start();
  const outDir = await mkdtemp(path.join(tmpdir(), 'adjutant-web-bench-'));
  const child = spawn(process.execPath, ['--import', 'tsx', fileURLToPath(import.meta.url), '--server'], {
    env: { ...process.env, REDIS_URL: redis.url, OUT_DIR: outDir },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  try {
    await setUp(redis.url, outDir);
    const base = await new Promise<string>((resolve) => child.stdout.once('data', (d: Buffer) => resolve(d.toString().trim())));
    const agent = new Agent({ keepAlive: true, maxSockets: READERS });
    const page = `/${GAME}/`;
    const map = `/${GAME}/turn-3/map.png`;
    for (const p of [page, map]) {
      const first = await get(agent, base, p);
      if (first.status !== 200) throw new Error(`${p} answered ${first.status}`);
    }
    const mapBytes = (await stat(path.join(outDir, GAME, 'turn-3', 'map.png'))).size;
    const pageBytes = Buffer.byteLength(await (await fetch(`${base}${page}`)).text());
    const mapFirst = await get(agent, base, map);
    /** `thinkMs`: a reader's pause between visits (0: as fast as the server answers). */
    const load = async (thinkMs: number) => {
      const pages: number[] = [];
      const maps: number[] = [];
      let failures = 0;
      const until = performance.now() + SECONDS * 1000;
      await Promise.all(
        // Each reader is a browser: it has the map from an earlier visit and asks whether it changed.
        Array.from({ length: READERS }, async (_, r) => {
          await new Promise((done) => setTimeout(done, (thinkMs * r) / READERS));
          while (performance.now() < until) {
            const a = await get(agent, base, page);
            const b = await get(agent, base, map, { 'if-none-match': mapFirst.etag! });
            if (a.status !== 200 || b.status !== 304) failures++;
            pages.push(a.ms);
            maps.push(b.ms);
            if (thinkMs) await new Promise((done) => setTimeout(done, thinkMs));
          }
        }),
      );
      return { pages, maps, failures };
    };
    const flat = await load(0);
    const reading = await load(1000);
    agent.destroy();
    const p95 = (xs: number[]) => xs.sort((x, y) => x - y)[Math.floor(xs.length * 0.95)];
    const line = (name: string, value: number, unit: string, target: number) =>
      console.log(JSON.stringify({ bench: name, value: Math.round(value * 10) / 10, unit, target }));
    line('web-public-page-p95-200-readers', p95(flat.pages), 'ms', 100);
    line('web-map-revalidated-p95-200-readers', p95(flat.maps), 'ms', 100);
    line('web-pages-per-second', flat.pages.length / SECONDS, 'pages/s', 500);
    line('web-public-page-p95-200-readers-reloading-every-second', p95(reading.pages), 'ms', 100);
    line('web-map-first-load', mapFirst.ms, 'ms', 1000);
    line('web-map-size', mapBytes / 1024, 'KiB', 2048);
    line('web-public-page-size', pageBytes / 1024, 'KiB', 512);
    line('web-failed-requests', flat.failures + reading.failures, 'requests', 0);
  } finally {
    child.kill('SIGTERM');
    await new Promise((r) => (child.exitCode !== null ? r(null) : child.once('exit', r)));
    await redis.stop();
  }
}
