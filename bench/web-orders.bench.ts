// Orders on the web under load: 200 players at once, each on their own nation's page, typing eight
// orders, a line every two seconds (each pause, halfway through a line and at its end, asks the
// server how the box reads, as the page's script does: 200 readings a second), then sending them
// all at the same moment and following the page to the confirmation. Five players type first, on
// a quiet server.
// One game of 200 nations read by the project's own order reader, the web server in its own process
// (as `adjutant serve` runs it) on a private Redis.
//   node --import tsx bench/web-orders.bench.ts        (WEB_PLAYERS to vary)
import { claimsWorld, serveWeb } from './support/claims-world.ts';
import { spawn } from 'node:child_process';
import { Agent, request } from 'node:http';
import { performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import pino from 'pino';
import { PrivateRedis } from '../test/support/private-redis.ts';
import { openGame } from '../src/game/open-game.ts';
import { Scheduler } from '../src/turns/scheduler.ts';
import { csrfFor } from '../src/web/csrf.ts';
import { WebLinks } from '../src/web/link-generations.ts';
import { createRuntime } from '../jobs/runtime.ts';

const PLAYERS = Number(process.env.WEB_PLAYERS ?? 200);
const LINES = 8;
/** Players typing on a quiet server, before all of them do. */
const QUIET = 5;
/** A line typed in this long, with a reading asked for at its end and once halfway (a pause between words). */
const LINE_MS = 2000;
const PROVINCES = 1000;
const GAME = 'web-orders';
const SECRET = 'bench-only-web-secret-0123456789abcdef0123456789';

if (process.argv.includes('--server')) await serveWeb({ secret: SECRET });
else await bench();

function gameFiles(): Record<string, string> {
  return claimsWorld(
    { provinces: PROVINCES, nations: PLAYERS },
    { title: 'Two hundred nations', schedule: { every: '3d', start: new Date(Date.now() + 3600_000).toISOString() } },
  );
}

async function setUp(url: string): Promise<string[]> {
  const rt = createRuntime({ redisUrl: url, logger: pino({ level: 'warn' }, pino.destination(2)) });
  const files = gameFiles();
  const opened = openGame(GAME, files);
  if (!opened.game) throw new Error(opened.problems.map((p) => p.message).join('\n'));
  await rt.store.createGame(GAME, { files, state: opened.game.state });
  const scheduler = new Scheduler(rt, { tickMs: 1000 });
  await scheduler.adopt(GAME);
  await scheduler.tick();
  const links = new WebLinks(rt.redis, SECRET, () => new Date());
  const tokens = await Promise.all(Array.from({ length: PLAYERS }, (_, n) => links.nationToken(GAME, `n${n}`)));
  await rt.close();
  return tokens;
}

function post(agent: Agent, url: string, form: Record<string, string>): Promise<{ status: number; ms: number; body: string; location?: string }> {
  const started = performance.now();
  const body = new URLSearchParams(form).toString();
  return new Promise((resolve, reject) => {
    const req = request(url, { agent, method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' } }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () =>
        resolve({ status: res.statusCode!, ms: performance.now() - started, body: Buffer.concat(chunks).toString(), location: res.headers.location }),
      );
    });
    req.on('error', reject);
    req.end(body);
  });
}

async function bench(): Promise<void> {
  const redis = await PrivateRedis.start();
  const child = spawn(process.execPath, ['--import', 'tsx', fileURLToPath(import.meta.url), '--server'], {
    env: { ...process.env, REDIS_URL: redis.url },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  try {
    const tokens = await setUp(redis.url);
    const base = await new Promise<string>((resolve) => child.stdout.once('data', (d: Buffer) => resolve(d.toString().trim())));
    const agent = new Agent({ keepAlive: true, maxSockets: PLAYERS });
    // The server opens the game and warms its reader once, as a running service long has.
    await post(agent, `${base}/-/nation/${tokens[0]}/read`, { csrf: csrfFor(SECRET, tokens[0]), orders: 'claim p1' });
    let failures = 0;
    /** Readings asked for while these players type, in ms each. */
    const typing = async (players: string[]) => {
      const reads: number[] = [];
      await Promise.all(
        players.map(async (token, n) => {
          const page = `${base}/-/nation/${token}`;
          const csrf = csrfFor(SECRET, token);
          const lines = Array.from({ length: LINES }, (_, k) => `claim p${(n * 5 + k * 37) % PROVINCES}`);
          // Players start typing spread over one line's time, as people do.
          await new Promise((r) => setTimeout(r, (LINE_MS * n) / players.length));
          for (let k = 1; k <= LINES; k++) {
            for (const typed of [lines.slice(0, k).join('\n').slice(0, -3), lines.slice(0, k).join('\n')]) {
              await new Promise((r) => setTimeout(r, LINE_MS / 2));
              const read = await post(agent, `${page}/read`, { csrf, orders: typed });
              if (read.status !== 200 || (JSON.parse(read.body) as { lines: unknown[] }).lines.length !== k) failures++;
              reads.push(read.ms);
            }
          }
        }),
      );
      return reads;
    };
    const quiet = await typing(tokens.slice(0, QUIET));
    const busy = await typing(tokens);
    const confirmed: number[] = [];
    await Promise.all(
      tokens.map(async (token) => {
        const started = performance.now();
        const sent = await post(agent, `${base}/-/nation/${token}`, { csrf: csrfFor(SECRET, token), orders: `claim p${token.length % PROVINCES}` });
        const shown = sent.location && (await fetch(new URL(sent.location, base)).then((r) => r.text()));
        if (sent.status !== 303 || !shown || !shown.includes('Your orders were read.')) failures++;
        confirmed.push(performance.now() - started);
      }),
    );
    agent.destroy();
    const p95 = (xs: number[]) => xs.sort((x, y) => x - y)[Math.floor(xs.length * 0.95)];
    const line = (name: string, value: number, unit: string, target: number) =>
      console.log(JSON.stringify({ bench: name, value: Math.round(value * 10) / 10, unit, target }));
    line(`web-live-reading-p95-${QUIET}-players`, p95(quiet), 'ms', 150);
    line(`web-live-reading-p95-${PLAYERS}-players`, p95(busy), 'ms', 150);
    line(`web-submit-to-confirmation-p95-${PLAYERS}-players`, p95(confirmed), 'ms', 10_000);
    line('web-orders-failed-requests', failures, 'requests', 0);
  } finally {
    child.kill('SIGTERM');
    await new Promise((r) => (child.exitCode !== null ? r(null) : child.once('exit', r)));
    await redis.stop();
  }
}
