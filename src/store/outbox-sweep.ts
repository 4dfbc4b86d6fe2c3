// What the senders of both outboxes (mail, forum) share: every item recorded and not yet done is
// queued as one BullMQ job whose id names the item, so queueing twice is harmless; a sweep does it
// now and then, so after a crash (recorded, not queued; or queued, not done) the outbox is read
// again; and an item that fails for good is set aside and the GM told.
import type { JobsOptions, Queue, Worker } from 'bullmq';
import type { Logger } from 'pino';
import type { OutageWatch } from './outage-watch.ts';

/** What a sweep needs of an outbox. */
export interface SweptOutbox<E extends { key: string }> {
  gamesWithPending(): Promise<string[]>;
  pending(gameId: string, limit?: number): Promise<E[]>;
  setAside(gameId: string, key: string, error: string): Promise<void>;
  entry(gameId: string, key: string): Promise<E | undefined>;
}

export interface OutboxJob {
  gameId: string;
  key: string;
}

export interface OutboxSweepOptions<E extends { key: string }> {
  outbox: SweptOutbox<E>;
  queue: Queue<OutboxJob>;
  /** Tries, backoff and how long finished jobs are kept. */
  jobOptions: Omit<JobsOptions, 'jobId'>;
  everyMs: number;
  /** The games this process serves (all when absent). */
  serves?: (gameId: string) => boolean;
  logger: Logger;
  /** What an item is, in the log: "message", "forum post". */
  what: string;
  /** Tells the GM of an item set aside. */
  alert: (gameId: string, entry: E, error: string) => Promise<void>;
  /** Notes store outages, which the sweep waits out without a word of its own. */
  outages?: OutageWatch;
}

export interface OutboxSweep {
  /** The item is done (sent, or nothing to do): the next sweeps may look at its job again. */
  done(job: OutboxJob): void;
  /** Sets the item aside with the reason and tells the GM; never throws (it logs). */
  giveUp(job: OutboxJob, error: string): Promise<void>;
  /**
   * Gives up on an item once its job's last try failed, however it failed: a job handed back too
   * often by processes that died under it fails without the processor's say. Errors named in
   * `passOver` are the processor's own doing (it set the item aside, or put the job off).
   */
  giveUpAfterLastTry(worker: Worker<OutboxJob>, passOver: readonly string[]): void;
  stop(): Promise<void>;
}

/** How long a job this process queued is taken as in hand before its state is looked at again. */
const RECHECK_MS = 5000;

export function outboxJobId(gameId: string, key: string): string {
  return `${gameId}/${encodeURIComponent(key)}`;
}

export function startOutboxSweep<E extends { key: string }>(options: OutboxSweepOptions<E>): OutboxSweep {
  const { outbox, queue, logger, what } = options;
  // Job ids this process queued lately, so the sweep does not ask Redis about each every time; an
  // entry is checked again after a while (a job may have failed, or the item been set aside and resent).
  const queued = new Map<string, number>();

  async function sweep(): Promise<void> {
    for (const gameId of await outbox.gamesWithPending()) {
      if (options.serves && !options.serves(gameId)) continue;
      for (const entry of await outbox.pending(gameId, 500)) {
        const jobId = outboxJobId(gameId, entry.key);
        if (Date.now() - (queued.get(jobId) ?? 0) < RECHECK_MS) continue;
        const old = await queue.getJob(jobId);
        // A job still at work may yet fail (set aside, then resent by the GM at once): look again next sweep.
        if (old && (await old.isActive())) continue;
        // A finished job for an item still pending: set aside and resent, or marked done by nobody.
        if (old && ((await old.isFailed()) || (await old.isCompleted()))) await old.remove();
        await queue.add(queue.name, { gameId, key: entry.key }, { ...options.jobOptions, jobId });
        queued.set(jobId, Date.now());
      }
    }
    if (queued.size > 50_000) queued.clear();
  }

  const sweeping = repeatEvery(options.everyMs, async () => {
    try {
      await sweep();
    } catch (e) {
      if (options.outages?.notedIfOutage(e)) return;
      logger.error({ err: (e as Error).message }, `the ${what} sender could not read its outbox; retrying`);
    }
  });

  const api: OutboxSweep = {
    done: ({ gameId, key }) => void queued.delete(outboxJobId(gameId, key)),
    async giveUp({ gameId, key }, error) {
      queued.delete(outboxJobId(gameId, key));
      logger.error({ gameId, key, err: error }, `a ${what} failed for good and is set aside; the GM is told`);
      try {
        await outbox.setAside(gameId, key, error);
        const entry = await outbox.entry(gameId, key);
        if (entry) await options.alert(gameId, entry, error);
      } catch (e) {
        logger.error({ err: e, gameId, key }, `could not set a failed ${what} aside; it stays in the outbox`);
      }
    },
    giveUpAfterLastTry(worker, passOver) {
      worker.on('failed', (job, err) => {
        if (!job || passOver.includes(err.name)) return;
        void job.isFailed().then(
          (final) => (final ? api.giveUp(job.data, err.message) : undefined),
          () => undefined,
        );
      });
    },
    stop: () => sweeping.stop(),
  };
  return api;
}

/** Runs `work` now and then every `ms` after it finishes, until stopped. */
function repeatEvery(ms: number, work: () => Promise<void>): { stop(): Promise<void> } {
  let running = true;
  let wake: () => void = () => undefined;
  const loop = (async () => {
    while (running) {
      await work();
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, ms);
        wake = () => {
          clearTimeout(timer);
          resolve();
        };
      });
    }
  })();
  return {
    async stop() {
      running = false;
      wake();
      await loop;
    },
  };
}
