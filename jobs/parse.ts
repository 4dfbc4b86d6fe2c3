// The parse queue: one job per stored email (job id = game + mail id, so queueing twice is
// harmless), each running processMail. The intake queues with `enqueueParse`; `adjutant worker`
// starts `createParseWorker`.
import { Worker, type ConnectionOptions, type Queue } from 'bullmq';
import { processMail, type MailDeps } from '../src/mail/process-mail.ts';
import { jobIds, QUEUE_PREFIX, QUEUES } from './queues.ts';

export interface ParseJob {
  gameId: string;
  mailId: string;
}

/** The intake's `enqueue`: adds the job unless one with its id is already there. */
export function enqueueParse(queue: Queue): (job: ParseJob) => Promise<void> {
  return async (job) => {
    await queue.add(QUEUES.parse, job, {
      jobId: jobIds.parse(job.gameId, job.mailId),
      attempts: 8,
      backoff: { type: 'exponential', delay: 1000 },
      // Kept a week, so a late duplicate trigger finds the job done instead of running it again.
      removeOnComplete: { age: 7 * 24 * 3600 },
      removeOnFail: false,
    });
  };
}

/** `prefix`: the queues' key prefix (QUEUE_PREFIX); tests pass their own to keep to their jobs. */
export function createParseWorker(deps: MailDeps, connection: ConnectionOptions, options: { concurrency?: number; prefix?: string } = {}): Worker<ParseJob> {
  return new Worker<ParseJob>(
    QUEUES.parse,
    async (job) => {
      const result = await processMail(deps, job.data);
      return { outcome: result.outcome, code: result.code ?? null, replies: result.replies.length };
    },
    { connection, prefix: options.prefix ?? QUEUE_PREFIX, concurrency: options.concurrency ?? 4 },
  );
}
