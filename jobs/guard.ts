// Retry or give up: a transient fault is thrown back to BullMQ, which retries with backoff; a
// permanent one (or the last attempt) runs the job's own "tell the GM" and fails the job for good.
import { UnrecoverableError, type Job } from 'bullmq';
import { isTransient } from '../src/turns/faults.ts';
import type { TurnRuntime } from '../src/turns/turn-runtime.ts';

export function guarded<T, R>(rt: TurnRuntime, handle: (data: T, job: Job<T>) => Promise<R>, giveUp: (data: T, error: Error) => Promise<void>): (job: Job<T>) => Promise<R> {
  return async (job) => {
    try {
      return await handle(job.data, job);
    } catch (e) {
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
