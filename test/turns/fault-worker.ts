// A worker process for the fault tests, started as a child and killed with SIGKILL at random
// moments. It runs the turn workers (and, with FAULT_SCHEDULER=1, a scheduler) like `adjutant
// worker`, with short locks so a dead worker's job is taken over within a second or two.
import pino from 'pino';
import { connectionFromUrl } from '../../jobs/queues.ts';
import { createRuntime } from '../../jobs/runtime.ts';
import { startWorkers } from '../../jobs/workers.ts';
import { Scheduler } from '../../src/turns/scheduler.ts';
import { slowRenderer } from './fault-fixtures.ts';

const env = process.env;
if (env.FAULT_WAIT_GO) {
  // Loaded but idle until told: the test can then start this worker at a precise moment.
  process.stdout.write('loaded\n');
  await new Promise((resolve) => process.stdin.once('data', resolve));
}
const rt = createRuntime({
  redisUrl: env.REDIS_URL!,
  prefix: env.FAULT_PREFIX,
  scope: env.FAULT_SCOPE,
  logger: pino({ level: env.FAULT_LOG ?? 'silent' }),
  settings: { sweepMs: 200 },
});
const lock = Number(env.FAULT_LOCK_MS ?? 1000);
const workers = startWorkers(rt, {
  connection: connectionFromUrl(env.REDIS_URL!),
  prefix: env.FAULT_PREFIX,
  lockDurationMs: lock,
  stalledIntervalMs: lock / 2,
  concurrency: 4,
  rendererFor: slowRenderer(Number(env.FAULT_REPORT_MS ?? 0)),
});
await Promise.all(workers.workers.map((w) => w.waitUntilReady()));
const scheduler = env.FAULT_SCHEDULER ? new Scheduler(rt, { tickMs: 50 }) : null;
if (scheduler) {
  await scheduler.tick();
  scheduler.start();
}
process.stdout.write('ready\n');
process.on('SIGTERM', async () => {
  await scheduler?.stop();
  await workers.close(5000);
  await rt.close();
  process.exit(0);
});
