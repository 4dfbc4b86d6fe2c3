// A job that meets a store outage (src/store/store-outage.ts) is not failing: it goes back to wait
// without using one of its tries, and runs again after 1 s, 2 s, 4 s ... at most 30 s apart, for as
// long as the outage lasts, up to OUTAGE_PATIENCE_MS after the job was queued. BullMQ's own
// bookkeeping needs Redis too: when even moving the job to wait is refused (Redis read-only, or
// gone), the job is left active, its lock lapses, and BullMQ's stalled-job check hands it back once
// Redis answers; only a job stalled over and over (maxStalledCount) counts as failing.
import { DelayedError, type Job } from 'bullmq';
import type { OutageWatch, Waiting } from './outage-watch.ts';
import { storeOutageOf } from './store-outage.ts';

/** How long a job may wait for the store before an outage counts against it like any other fault. */
export const OUTAGE_PATIENCE_MS = 12 * 3600_000;
const FIRST_WAIT_MS = 1000;
const LONGEST_WAIT_MS = 30_000;
/** How long this process keeps asking to move the job before leaving it to the stalled-job check. */
const MOVE_TRIES = 60;

/**
 * Runs `work`; a store outage puts the job back to wait (throwing BullMQ's DelayedError) instead of
 * failing it. Other errors, and an outage past the patience, are thrown as they are.
 */
export async function outageTolerant<R>(
  job: Job,
  token: string | undefined,
  watch: OutageWatch | undefined,
  waiting: Waiting,
  work: () => Promise<R>,
): Promise<R> {
  try {
    return await work();
  } catch (e) {
    const outage = storeOutageOf(e);
    if (!outage || Date.now() - job.timestamp > OUTAGE_PATIENCE_MS) throw e;
    watch?.noted(outage, waiting);
    await moveToWait(job, token, outageWait(job));
    throw new DelayedError(outage.message);
  }
}

/** The wait before the next run: doubles with each run that met an outage (or stalled), never with real tries. */
export function outageWait(job: Job): number {
  const runs = Math.max(0, job.attemptsStarted - job.attemptsMade - 1);
  return Math.min(FIRST_WAIT_MS * 2 ** Math.min(runs, 10), LONGEST_WAIT_MS);
}

async function moveToWait(job: Job, token: string | undefined, waitMs: number): Promise<void> {
  for (let tries = 1; ; tries++) {
    try {
      return await job.moveToDelayed(Date.now() + waitMs, token);
    } catch (e) {
      // Lock lost (the stalled-job check took it back) or not an outage: the job is in BullMQ's hands.
      if (!storeOutageOf(e) || tries >= MOVE_TRIES) return;
      await new Promise((resolve) => setTimeout(resolve, 1000));
    }
  }
}
