// Store outages on a real, private Redis: what Redis answers when it is full (maxmemory with
// noeviction) or read-only (a replica) is known as an outage, and nothing else is; BullMQ jobs that
// meet one, with two tries each, wait for the store instead of failing, whatever their number and
// however long it lasts; two processes that saw one outage tell each game's GM once, with what waited.
import { Queue, Worker } from 'bullmq';
import { Redis } from 'ioredis';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connectionFromUrl } from '../../jobs/queues.ts';
import { outageTolerant } from '../../src/store/outage-retry.ts';
import { OutageWatch, type OutageSummary } from '../../src/store/outage-watch.ts';
import { isStoreOutage, storeOutageOf } from '../../src/store/store-outage.ts';
import { PrivateRedis } from '../support/private-redis.ts';

let server: PrivateRedis;
let redis: Redis;
const logger = pino({ level: 'silent' });
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

beforeAll(async () => {
  server = await PrivateRedis.start();
  redis = new Redis(server.url, { maxRetriesPerRequest: null });
  await redis.config('SET', 'maxmemory-policy', 'noeviction');
});

afterAll(async () => {
  redis?.disconnect();
  await server?.stop();
});

type Kind = 'full' | 'read-only';

/** Makes Redis refuse writes the way production meets it, until `end`. */
async function begin(kind: Kind): Promise<() => Promise<void>> {
  if (kind === 'full') {
    await redis.config('SET', 'maxmemory', '1');
    return async () => void (await redis.config('SET', 'maxmemory', '0'));
  }
  // A replica of a master that is not there: it keeps its data and refuses writes.
  await redis.replicaof('127.0.0.1', '1');
  return async () => void (await redis.replicaof('NO', 'ONE'));
}

async function refusal(kind: Kind, write: () => Promise<unknown>): Promise<unknown> {
  const end = await begin(kind);
  try {
    await write();
    return null;
  } catch (e) {
    return e;
  } finally {
    await end();
  }
}

describe('a store outage', () => {
  it('is what Redis answers when full or read-only, to a command, a script and a transaction; nothing else is', async () => {
    for (const kind of ['full', 'read-only'] as const) {
      const word = kind === 'full' ? 'OOM' : 'READONLY';
      const refused = [
        await refusal(kind, () => redis.set('k', 'v')),
        await refusal(kind, () => redis.eval("redis.call('SET', KEYS[1], 'v') return 1", 1, 'k')),
        await refusal(kind, () => redis.multi().set('k', 'v').get('k').exec()),
      ];
      for (const error of refused) {
        expect(storeOutageOf(error)?.reason, `${kind}: ${String(error)}`).toMatch(new RegExp(`^${word}`));
      }
    }
    const wrongType = await redis
      .set('s', 'v')
      .then(() => redis.hget('s', 'f'))
      .catch((e: unknown) => e);
    expect(String(wrongType)).toContain('WRONGTYPE');
    expect(isStoreOutage(wrongType)).toBe(false);
    // A forum or web request refused: not Redis, even though its cause is a refused connection.
    const fetchFailed = await fetch('http://127.0.0.1:1/').catch((e: unknown) => e);
    expect(isStoreOutage(fetchFailed)).toBe(false);
    expect(isStoreOutage(new Error('OOM in the ruleset'))).toBe(false);
  });

  for (const kind of ['full', 'read-only'] as const) {
    it(`(${kind}) makes jobs wait for the store without using their two tries; the GM of each game hears once`, { timeout: 90_000 }, async () => {
      const prefix = `{outage-${kind}}`;
      await redis.del('done');
      const connection = connectionFromUrl(server.url);
      const queue = new Queue('work', { connection, prefix });
      const told: Array<{ gameId: string; summary: OutageSummary }> = [];
      // Two processes' watches, as two `adjutant serve` would have.
      const watches = [0, 1].map(
        () =>
          new OutageWatch({
            redis,
            logger,
            now: () => new Date(),
            probeMs: 200,
            settleMs: 1000,
            tell: async (gameId, summary) => void told.push({ gameId, summary }),
          }),
      );
      const workers = watches.map(
        (watch) =>
          new Worker(
            'work',
            (job, token) =>
              outageTolerant(job, token, watch, { gameId: job.data.gameId, kind: 'email', id: String(job.id) }, async () => {
                // Long enough that the jobs running when the store stops are still running then.
                await sleep(300);
                await redis.hset('done', String(job.id), 'x'.repeat(1000));
              }),
            { connection, prefix, concurrency: 2, lockDuration: 3000, stalledInterval: 3000 },
          ),
      );
      for (const w of workers) w.on('error', () => undefined);
      const JOBS = 60;
      await queue.addBulk(
        Array.from({ length: JOBS }, (_, i) => ({
          name: 'work',
          data: { gameId: i % 2 ? 'alpha' : 'beta' },
          opts: { jobId: `${kind}-${i}`, attempts: 2, backoff: { type: 'fixed', delay: 50 } },
        })),
      );
      // The store stops while each game has a job running, so each game has work that waits.
      const running = async () => new Set((await queue.getActive()).map((job) => job.data.gameId as string)).size;
      while ((await redis.hlen('done')) < 10 || (await running()) < 2) await sleep(20);
      const end = await begin(kind);
      await sleep(6000); // a hundred times the tries' backoff
      const doneDuring = await redis.hlen('done');
      await end();
      for (const until = Date.now() + 60_000; Date.now() < until && (await redis.hlen('done')) < JOBS;) await sleep(200);
      for (const until = Date.now() + 10_000; Date.now() < until && told.length < 2;) await sleep(200);
      await sleep(1500); // a third summary, were there one, would come by now

      expect(doneDuring).toBeLessThan(JOBS);
      expect(await redis.hlen('done')).toBe(JOBS);
      expect(await queue.getFailedCount()).toBe(0);
      // Each job's one try is the one that finished: no outage counted as a try.
      const jobs = await queue.getCompleted(0, JOBS);
      expect(jobs.map((j) => j.attemptsMade)).toEqual(jobs.map(() => 1));
      expect(told.map((t) => t.gameId).sort()).toEqual(['alpha', 'beta']);
      for (const { summary } of told) {
        expect(summary.reason).toMatch(kind === 'full' ? /^OOM/ : /^READONLY/);
        expect(summary.over.getTime() - summary.begun.getTime()).toBeGreaterThan(4000);
        expect(summary.waited.email).toBeGreaterThan(0);
      }
      await Promise.all([...workers.map((w) => w.close()), ...watches.map((w) => w.stop())]);
      await queue.obliterate({ force: true });
      await queue.close();
      await redis.del('done');
    });
  }
});
