// The job workers of one process. Any number of processes may run them against one Redis: BullMQ
// hands each job to one worker, and a worker that dies loses its lock, so its job goes to another.
import { Worker, type ConnectionOptions, type Processor } from 'bullmq';
import type { OutputSettings } from '../src/turns/render-turn.ts';
import type { RendererFactory } from '../src/turns/turn-renderer.ts';
import type { TurnRuntime } from '../src/turns/turn-runtime.ts';
import { adjudicateProcessor } from './adjudicate.ts';
import { publishProcessor } from './publish.ts';
import { QUEUE_PREFIX, QUEUES, type QueueName } from './queues.ts';
import { remindProcessor } from './remind.ts';
import { renderProcessor } from './render.ts';
import type { BullTurnQueues } from './turn-queues.ts';

export interface WorkerSettings {
  connection: ConnectionOptions;
  prefix?: string;
  /** Jobs one worker runs at once, per queue. */
  concurrency?: number;
  /** How long a job stays locked to a worker that stopped answering, before another takes it. */
  lockDurationMs?: number;
  /** How often workers look for such jobs. */
  stalledIntervalMs?: number;
  /** Where the render worker writes maps and updates; without it there is no render worker. */
  outputs?: OutputSettings;
  rendererFor?: RendererFactory;
}

export interface RunningWorkers {
  workers: Worker[];
  /** Stops taking jobs and lets the jobs in hand finish; after `graceMs`, stops anyway and leaves them to another worker. */
  close(graceMs?: number): Promise<void>;
}

export function startWorkers(rt: TurnRuntime & { queues: BullTurnQueues }, settings: WorkerSettings): RunningWorkers {
  const processors: Partial<Record<QueueName, Processor>> = {
    [QUEUES.adjudicate]: adjudicateProcessor(rt),
    [QUEUES.publish]: publishProcessor(rt, settings.rendererFor),
    [QUEUES.remind]: remindProcessor(rt),
  };
  if (settings.outputs) processors[QUEUES.render] = renderProcessor(rt, rt.queues, settings.outputs);
  const lockDuration = settings.lockDurationMs ?? 30_000;
  const workers = Object.entries(processors).map(([name, processor]) => {
    const worker = new Worker(name, processor, {
      connection: settings.connection,
      prefix: settings.prefix ?? QUEUE_PREFIX,
      concurrency: settings.concurrency ?? 4,
      lockDuration,
      stalledInterval: settings.stalledIntervalMs ?? lockDuration,
      // A job may be handed back several times (a worker killed, Redis restarted) before that counts as its failure.
      maxStalledCount: 5,
    });
    worker.on('completed', (job, result) => rt.logger.debug({ queue: name, jobId: job.id, result }, 'job done'));
    worker.on('failed', (job, err) => rt.logger.warn({ queue: name, jobId: job?.id, err, attempts: job?.attemptsMade }, 'job failed'));
    worker.on('error', (err) => rt.logger.warn({ queue: name, err }, 'worker error'));
    return worker;
  });
  return {
    workers,
    async close(graceMs = 30_000) {
      let timer: NodeJS.Timeout | undefined;
      const gentle = Promise.all(workers.map((w) => w.close())).then(() => true);
      const late = new Promise<false>((resolve) => (timer = setTimeout(() => resolve(false), graceMs)));
      const finished = await Promise.race([gentle, late]);
      clearTimeout(timer);
      if (!finished) {
        rt.logger.warn({ graceMs }, 'jobs still running at shutdown; leaving them to another worker');
        await Promise.all(workers.map((w) => w.close(true)));
      }
    },
  };
}
