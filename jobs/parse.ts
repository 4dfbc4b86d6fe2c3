// The parse queue: one job per stored message of any channel (job id = game + message id, so
// queueing twice is harmless), each run by the channel whose id it has (src/channels/index.ts).
// The intakes queue with `enqueueParse`; `adjutant worker` starts `createParseWorker`. An email whose job fails for good (a fault on every try, or handed
// back by crashed workers too often) becomes a dead letter the GM is told about, never a silence;
// a store outage is no fault of the email's: its job waits for the store without using a try.
import { Worker, type ConnectionOptions, type Job, type JobType, type Queue } from 'bullmq';
import { deadMailAlert } from '../src/channels/email/mail-alerts.ts';
import { DeadLetters } from '../src/messages/dead-letters.ts';
import { channelOf } from '../src/channels/index.ts';
import type { MessageDeps } from '../src/messages/message-context.ts';
import { UNROUTED_GAME } from '../src/store/keys.ts';
import type { OutageWatch } from '../src/store/outage-watch.ts';
import { outageTolerant } from '../src/store/outage-retry.ts';
import { withMessageId } from '../src/store/renamed-fields.ts';
import { jobIds, QUEUE_PREFIX, QUEUES } from './queues.ts';

export interface ParseJob {
  gameId: string;
  messageId: string;
}

export const PARSE_JOB_OPTIONS = {
  attempts: 8,
  backoff: { type: 'exponential', delay: 1000 },
  // Kept a week, so a late duplicate trigger finds the job done instead of running it again.
  removeOnComplete: { age: 7 * 24 * 3600 },
  removeOnFail: false,
} as const;

/** The intake's `enqueue`: adds the job unless one with its id is already there. `retries`: tests make them few and quick. */
export function enqueueParse(queue: Queue, retries?: { attempts: number; delayMs: number }): (job: ParseJob) => Promise<void> {
  const options = retries ? { ...PARSE_JOB_OPTIONS, attempts: retries.attempts, backoff: { type: 'exponential', delay: retries.delayMs } } : PARSE_JOB_OPTIONS;
  return async (job) => {
    await queue.add(QUEUES.parse, job, { ...options, jobId: jobIds.parse(job.gameId, job.messageId) });
  };
}

/** Runs a dead letter's email again: its failed job is removed and queued anew. False when the email is not a dead letter. */
export async function retryDeadMail(queue: Queue, deadLetters: DeadLetters, job: ParseJob): Promise<boolean> {
  if (!(await deadLetters.release(job.gameId, job.messageId))) return false;
  await (await queue.getJob(jobIds.parse(job.gameId, job.messageId)))?.remove();
  await enqueueParse(queue)(job);
  return true;
}

export interface ParseWorkerOptions {
  concurrency?: number;
  /** The queues' key prefix (QUEUE_PREFIX); tests pass their own to keep to their jobs. */
  prefix?: string;
  /** How long a job stays locked to a worker that stopped answering, before another takes it. */
  lockDurationMs?: number;
  /** Notes store outages, which put a job back to wait instead of failing it (outage-retry.ts). */
  outages?: OutageWatch;
}

export function createParseWorker(deps: MessageDeps, connection: ConnectionOptions, options: ParseWorkerOptions = {}): Worker<ParseJob> {
  const lockDuration = options.lockDurationMs ?? 30_000;
  const deadLetters = new DeadLetters(deps.store.redis);
  const worker = new Worker<ParseJob>(
    QUEUES.parse,
    (job, token) => {
      const data = withMessageId(job.data);
      const channel = channelOf(data.messageId);
      return outageTolerant(job, token, options.outages, { gameId: data.gameId, kind: channel.noun, id: data.messageId }, async () => {
        if (await ofRemovedGame(deps, data)) return { outcome: 'discarded', code: 'GAME_REMOVED', replies: 0 };
        const result = await channel.process(deps, data);
        return { outcome: result.outcome, code: result.code ?? null, replies: result.replies.length };
      });
    },
    {
      connection,
      prefix: options.prefix ?? QUEUE_PREFIX,
      concurrency: options.concurrency ?? 4,
      lockDuration,
      stalledInterval: lockDuration,
      // A job may be handed back several times (workers killed, Redis restarted) before that counts as its failure.
      maxStalledCount: 10,
    },
  );
  const bury = (job: Job<ParseJob>, error: string) =>
    deadLetter(deps, deadLetters, withMessageId(job.data), error).catch((err: unknown) =>
      deps.logger.error({ err, jobId: job.id }, 'could not record a dead letter; the job stays failed in the queue'),
    );
  worker.on('failed', (job, err) => {
    if (!job) return;
    void job.isFailed().then(
      (final) => {
        if (final) return bury(job, err.message);
        deps.logger.warn({ jobId: job.id, err: err.message, attempt: job.attemptsMade }, 'processing an email failed; it will be tried again');
      },
      () => undefined,
    );
  });
  worker.on('error', (err) => deps.logger.warn({ err: err.message }, 'parse worker error'));
  return worker;
}

/**
 * A job whose game was removed (`adjutant game remove`) while it waited: the game's mail went with
 * it, so there is nothing to process and no GM to tell. Mail stored for no game is the unrouted
 * pseudo-game's, which is never removed.
 */
async function ofRemovedGame(deps: MessageDeps, job: ParseJob): Promise<boolean> {
  if (job.gameId === UNROUTED_GAME || (await deps.store.exists(job.gameId))) return false;
  return !(await channelOf(job.messageId).isStored(deps.store, job.gameId, job.messageId));
}

/** Parse job states a job can be taken out of (an active one belongs to its worker until it ends). */
const WAITING_STATES: JobType[] = ['waiting', 'prioritized', 'delayed', 'failed', 'completed'];

/**
 * Takes every parse job of a removed game out of the queue, waiting or finished, so none runs
 * against the game and a game later created with the same id inherits none (not even a finished
 * job's id, which would make its own mail of the same bytes look queued already). Jobs running now
 * end on their own (a job whose game is gone discards itself); this waits up to `waitMs` for them,
 * then takes out what their retries left. Returns how many jobs it took out.
 */
export async function discardGameJobs(queue: Queue<ParseJob>, gameId: string, waitMs = 30_000): Promise<number> {
  let discarded = await removeJobsOf(queue, gameId);
  for (const until = Date.now() + waitMs; Date.now() < until && (await jobsOf(queue, gameId, ['active'])).length;) await new Promise((r) => setTimeout(r, 200));
  discarded += await removeJobsOf(queue, gameId);
  return discarded;
}

async function removeJobsOf(queue: Queue<ParseJob>, gameId: string): Promise<number> {
  const jobs = await jobsOf(queue, gameId, WAITING_STATES);
  // A job that became active meanwhile cannot be removed; it discards itself.
  const removed = await Promise.all(
    jobs.map((job) =>
      job.remove().then(
        () => 1,
        () => 0,
      ),
    ),
  );
  return removed.reduce<number>((a, b) => a + b, 0);
}

async function jobsOf(queue: Queue<ParseJob>, gameId: string, states: JobType[]): Promise<Job<ParseJob>[]> {
  const found: Job<ParseJob>[] = [];
  for (let start = 0; ; start += 500) {
    const page = (await queue.getJobs(states, start, start + 499)) as Array<Job<ParseJob> | undefined>;
    found.push(...page.filter((job): job is Job<ParseJob> => job?.data?.gameId === gameId));
    if (page.length < 500) return found;
  }
}

/** Records a failed email as a dead letter and tells the GM, once per email. */
export async function deadLetter(deps: MessageDeps, deadLetters: DeadLetters, job: ParseJob, error: string): Promise<boolean> {
  if (!(await deadLetters.record(job.gameId, job.messageId, error, deps.now()))) return false;
  deps.logger.error({ gameId: job.gameId, messageId: job.messageId, err: error }, 'an email could not be processed; it is a dead letter and the GM is told');
  const from = await channelOf(job.messageId).sender(deps.store, job.gameId, job.messageId);
  await deadMailAlert(
    { store: deps.store, outbox: deps.outbox, logger: deps.logger, now: deps.now, address: deps.address },
    job.gameId,
    job.messageId,
    from,
    error,
  );
  return true;
}

/** Dead-letters failed parse jobs that have none yet: their process died between the failure and the record. Run at every start. */
export async function buryFailedJobs(deps: MessageDeps, queue: Queue<ParseJob>): Promise<number> {
  const deadLetters = new DeadLetters(deps.store.redis);
  let buried = 0;
  for (let start = 0; ; start += 100) {
    const jobs = await queue.getFailed(start, start + 99);
    for (const job of jobs) {
      if (job?.data?.gameId && (await deadLetter(deps, deadLetters, withMessageId(job.data), job.failedReason || 'failed'))) buried++;
    }
    if (jobs.length < 100) return buried;
  }
}
