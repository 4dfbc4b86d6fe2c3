// The GM's digest of undelivered mail: when a message to the GM or a player is set aside, a delayed
// job keyed by the game and the hour is queued for the hour's end (queueing it again that hour
// finds it there), and its run sends the one email naming every message set aside meanwhile
// (undeliveredDigest, mail-alerts.ts). Started with the outbox sender.
import { Worker, type ConnectionOptions, type Queue } from 'bullmq';
import type { AlertDeps } from '../../messages/gm-alerts.ts';
import { undeliveredDigest } from './mail-alerts.ts';

export interface DigestJob {
  gameId: string;
}

export interface MailDigest {
  /** Queues the game's digest for the end of the current window, unless it is queued already. */
  schedule(gameId: string): Promise<void>;
  stop(): Promise<void>;
}

export interface MailDigestOptions {
  deps: AlertDeps;
  connection: ConnectionOptions;
  /** The digest queue, made by jobs/queues.ts; its workers take its name and prefix. */
  queue: Queue<DigestJob>;
  /** One digest per game in each window of this length (an hour; tests make it short). */
  windowMs?: number;
}

const HOUR_MS = 3_600_000;

export function startMailDigest(options: MailDigestOptions): MailDigest {
  const { deps, queue } = options;
  const windowMs = options.windowMs ?? HOUR_MS;
  queue.on('error', (err) => deps.logger.warn({ err: err.message }, 'digest queue connection error'));

  async function schedule(gameId: string): Promise<void> {
    const now = deps.now().getTime();
    const window = Math.floor(now / windowMs);
    await queue.add(
      queue.name,
      { gameId },
      {
        jobId: `${gameId}/${window}`,
        delay: (window + 1) * windowMs - now,
        attempts: 5,
        backoff: { type: 'exponential', delay: 10_000 },
        removeOnComplete: { age: 86_400 },
        removeOnFail: { age: 30 * 86_400 },
      },
    );
  }

  const worker = new Worker<DigestJob>(
    queue.name,
    async (job) => {
      const told = await undeliveredDigest(deps, job.data.gameId);
      // A message set aside while this ran (its window's job already taken) goes into the next digest.
      if ((await deps.outbox.untold(job.data.gameId)).length) await schedule(job.data.gameId);
      return { told };
    },
    { connection: options.connection, prefix: queue.opts.prefix, concurrency: 2 },
  );
  worker.on('error', (err) => deps.logger.warn({ err: err.message }, 'digest worker error'));
  worker.on('failed', (job, err) =>
    deps.logger.error({ gameId: job?.data.gameId, err: err.message }, "the GM's digest of undelivered mail could not be sent; it is tried again"),
  );

  return {
    schedule,
    async stop() {
      await worker.close();
      await queue.close();
    },
  };
}
