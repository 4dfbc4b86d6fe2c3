// Retry or give up: a store outage waits without using a try (outage-retry.ts); a transient fault
// is thrown back to BullMQ, which retries with backoff; a permanent one (or the last attempt) runs
// the job's own "tell the GM" and fails the job for good.
import { UnrecoverableError, type Job } from 'bullmq';
import { isTransient } from '../src/turns/faults.ts';
import type { TurnRuntime } from '../src/turns/turn-runtime.ts';
import { outageTolerant } from '../src/store/outage-retry.ts';

export function guarded<T extends { gameId: string }, R>(
  rt: TurnRuntime,
  handle: (data: T, job: Job<T>) => Promise<R>,
  giveUp: (data: T, error: Error) => Promise<void>,
): (job: Job<T>, token?: string) => Promise<R> {
  return async (job, token) => {
    try {
      return await outageTolerant(job, token, rt.outages, { gameId: job.data.gameId, kind: 'turn job', id: `${job.queueName}/${job.id}` }, () =>
        handle(job.data, job),
      );
    } catch (e) {
      if ((e as Error).name === 'DelayedError') throw e;
      const error = e instanceof Error ? e : new Error(String(e));
      const lastAttempt = job.attemptsMade + 1 >= (job.opts.attempts ?? 1);
      if (isTransient(error) && !lastAttempt) {
        rt.logger.warn({ err: error, queue: job.queueName, jobId: job.id, attempt: job.attemptsMade + 1 }, 'transient fault; the job will be retried');
        throw error;
      }
      await giveUp(job.data, error);
      throw new UnrecoverableError(error.message);
    }
  };
}
