// The turn machinery's queues on BullMQ. Every job id is fixed by what the job is about (game,
// step, rollback epoch, run), so adding the same job twice leaves one job.
import type { ConnectionOptions, JobsOptions, Queue } from 'bullmq';
import type { PublishJob } from '../src/turns/publish-turn.ts';
import { START_STEP } from '../src/turns/start-position.ts';
import type { AdjudicateJob, RemindJob, StepJob, TurnQueues } from '../src/turns/turn-runtime.ts';
import { QUEUE_PREFIX, QUEUES, jobIds, openQueue } from './queues.ts';

/** Transient faults (Redis or SMTP hiccups) are retried with backoff: 1s, 2s, 4s... about 4 minutes in all. */
export const JOB_OPTIONS: JobsOptions = {
  attempts: 9,
  backoff: { type: 'exponential', delay: 1000 },
  // Finished jobs are kept a while for `adjutant` status and debugging; correctness never needs them.
  removeOnComplete: { age: 7 * 86_400, count: 10_000 },
  removeOnFail: { age: 30 * 86_400 },
};

export interface QueueOptions {
  prefix?: string;
  /** Committed steps go through the render queue (map and updates on disk) before publishing. */
  render?: boolean;
  onError?: (err: Error) => void;
}

export class BullTurnQueues implements TurnQueues {
  readonly adjudicateQueue: Queue;
  readonly renderQueue: Queue;
  readonly publishQueue: Queue;
  readonly remindQueue: Queue;
  private readonly render: boolean;

  constructor(connection: ConnectionOptions, options: QueueOptions = {}) {
    const prefix = options.prefix ?? QUEUE_PREFIX;
    this.render = options.render ?? false;
    this.adjudicateQueue = openQueue(QUEUES.adjudicate, connection, prefix);
    this.renderQueue = openQueue(QUEUES.render, connection, prefix);
    this.publishQueue = openQueue(QUEUES.publish, connection, prefix);
    this.remindQueue = openQueue(QUEUES.remind, connection, prefix);
    for (const queue of this.all()) queue.on('error', options.onError ?? (() => {}));
  }

  private all(): Queue[] {
    return [this.adjudicateQueue, this.renderQueue, this.publishQueue, this.remindQueue];
  }

  async adjudicate(job: AdjudicateJob): Promise<void> {
    const jobId = jobIds.adjudicate(job.gameId, job.step, `e${job.epoch}r${job.run}`);
    // A job that failed for good normally leaves the step waiting for the GM; if that note was lost
    // (Redis down at the wrong moment), asking again runs the job again, to fail and say so.
    const existing = await this.adjudicateQueue.getJob(jobId);
    if (existing && (await existing.isFailed())) return existing.retry('failed');
    await this.adjudicateQueue.add(QUEUES.adjudicate, job, { ...JOB_OPTIONS, jobId });
  }

  async publish(job: StepJob): Promise<void> {
    if (!this.render) return this.publishNow(job);
    // A starting map waits behind every turn's (BullMQ takes jobs without a priority first): a
    // service started on many games not yet begun asks for one map each.
    const priority = job.step === START_STEP ? { priority: 1 } : {};
    // A starting map is drawn again for new game files (the opening post is still recorded once).
    const round = [job.epoch ? `e${job.epoch}` : '', job.files ? `f${job.files}` : ''].filter(Boolean).join('.');
    await this.renderQueue.add(QUEUES.render, job, { ...JOB_OPTIONS, ...priority, jobId: jobIds.render(job.gameId, job.step, round || undefined) });
  }

  /** Straight to the publish queue (after rendering, or without it). */
  async publishNow(job: PublishJob): Promise<void> {
    await this.publishQueue.add(QUEUES.publish, job, { ...JOB_OPTIONS, jobId: jobIds.publish(job.gameId, job.step, job.epoch ? `e${job.epoch}` : undefined) });
  }

  async remind(job: RemindJob): Promise<void> {
    const offset = `${job.offset}@${Date.parse(job.deadline)}${job.epoch ? `.e${job.epoch}` : ''}`;
    await this.remindQueue.add(QUEUES.remind, job, { ...JOB_OPTIONS, jobId: jobIds.remind(job.gameId, job.step, offset) });
  }

  async close(): Promise<void> {
    await Promise.all(this.all().map((q) => q.close()));
  }
}
