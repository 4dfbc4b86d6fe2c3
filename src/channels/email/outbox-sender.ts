// Sends what the outbox holds, over SMTP, through a BullMQ queue: one job per message (its id is
// the message's key, so queueing twice is harmless), a `limiter` holding the send rate under the
// provider's, retries with backoff for temporary failures, and a set-aside state the GM is told
// about for refusals and exhausted retries. A sweep queues every message recorded but not yet
// sent, so after a crash (recorded, not queued; or queued, not sent) the outbox is checked again.
//
// Each attempt is noted in the outbox before the SMTP conversation and the message marked sent
// right after it; only a crash between the server's "OK" and that mark resends a message, with
// the same Message-ID, and after two such conversations of unknown outcome the message waits for
// the GM rather than risk a third copy (SMTP itself cannot promise more; docs/operations.md).
import { UnrecoverableError, Worker, type Queue, type ConnectionOptions, type Job } from 'bullmq';
import nodemailer, { type Transporter } from 'nodemailer';
import type { Logger } from 'pino';
import { outageTolerant } from '../../store/outage-retry.ts';
import type { OutageWatch } from '../../store/outage-watch.ts';
import type { Outbox, OutboxEntry } from '../../store/outbox.ts';
import { startOutboxSweep, type OutboxJob } from '../../store/outbox-sweep.ts';
import { untilStored } from '../../store/store-outage.ts';
import { loopMarker } from '../../messages/replies.ts';
import type { SmtpAuth } from './mail-login.ts';
import { classifySmtpError, mayHaveArrived, type SmtpError } from './smtp-errors.ts';

export interface SmtpSettings {
  host: string;
  port: number;
  secure?: boolean;
  auth?: SmtpAuth;
}

/** At most `max` messages per `perMs`, across every sender sharing the queue. */
export interface SendRate {
  max: number;
  perMs: number;
}

export interface OutboxSenderOptions {
  outbox: Outbox;
  smtp: SmtpSettings;
  logger: Logger;
  now: () => Date;
  connection: ConnectionOptions;
  /** The send queue, made by jobs/queues.ts; its workers take its prefix. */
  queue: Queue<SendJob>;
  rate?: SendRate;
  /** Tries per message before it is set aside; the waits between them double from `retryMs`. */
  attempts?: number;
  retryMs?: number;
  /** How long to hold all sending when the provider says it is throttling us. */
  throttleMs?: number;
  /** How often the outbox is checked for messages without a job. */
  sweepMs?: number;
  /** Messages sent at once by this process. */
  parallel?: number;
  /** How long a send stays locked to a process that stopped answering. */
  lockMs?: number;
  /** The games this sender serves (all when absent): several senders may split the games between them. */
  serves?: (gameId: string) => boolean;
  /** Tells the GM of a game about a set-aside message or throttling (src/channels/email/mail-alerts.ts). */
  alert: (gameId: string, alert: SendAlert) => Promise<void>;
  /** Notes store outages: a message waits for the store without using a try, and what was sent is marked once it can be. */
  outages?: OutageWatch;
}

export type SendAlert = { kind: 'set-aside'; entry: OutboxEntry; error: string } | { kind: 'throttled'; error: string; holdMs: number };

export type SendJob = OutboxJob;

export interface OutboxSender {
  stop(): Promise<void>;
}

const UNLIMITED_SENDS = 1_000_000;
const CUT_OFF_TWICE =
  'its sending was cut off twice after it began (a crash or a dropped connection), so its recipient may have it already, once or twice; sending it a third time could make a third copy. Ask, then send it again if it never came';

export function startOutboxSender(options: OutboxSenderOptions): OutboxSender {
  const { outbox, logger } = options;
  const transport: Transporter = nodemailer.createTransport({
    ...options.smtp,
    pool: true,
    maxConnections: options.parallel ?? 4,
    ignoreTLS: !options.smtp.secure && options.smtp.port !== 587,
  });
  const queue = options.queue;
  queue.on('error', (err) => logger.warn({ err: err.message }, 'send queue connection error'));
  const lockMs = options.lockMs ?? 30_000;
  const worker: Worker<SendJob> = new Worker<SendJob>(
    queue.name,
    (job, token) => outageTolerant(job, token, options.outages, waiting(job.data), () => send(job)),
    {
      connection: options.connection,
      prefix: queue.opts.prefix,
      concurrency: options.parallel ?? 4,
      // Always a limiter: BullMQ honours the hold set by `rateLimit` (throttling, below) only on a
      // queue that has one, so without a configured rate the limit is merely too high to reach.
      limiter: options.rate ? { max: options.rate.max, duration: options.rate.perMs } : { max: UNLIMITED_SENDS, duration: 1000 },
      lockDuration: lockMs,
      stalledInterval: lockMs,
      maxStalledCount: 10,
    },
  );
  worker.on('error', (err) => logger.warn({ err: err.message }, 'send worker error'));
  const sweep = startOutboxSweep({
    outbox,
    queue,
    jobOptions: {
      attempts: options.attempts ?? 8,
      backoff: { type: 'exponential', delay: options.retryMs ?? 2000 },
      removeOnComplete: { age: 86_400, count: 10_000 },
      removeOnFail: { age: 30 * 86_400 },
    },
    everyMs: options.sweepMs ?? 250,
    serves: options.serves,
    logger,
    outages: options.outages,
    what: 'message',
    alert: (gameId, entry, error) => options.alert(gameId, { kind: 'set-aside', entry, error }),
  });
  sweep.giveUpAfterLastTry(worker, ['UnrecoverableError', 'RateLimitError']);

  const waiting = ({ gameId, key }: SendJob) => ({ gameId, kind: 'message' as const, id: key });
  /** What only this process knows (the server's answer) is written once the store keeps it again. */
  const keep = (job: SendJob, work: () => Promise<void>) => untilStored(work, (outage) => options.outages?.noted(outage, waiting(job)));

  async function send(job: Job<SendJob>): Promise<string> {
    const { gameId, key } = job.data;
    const begun = await outbox.markAttempt(gameId, key);
    if (!begun) {
      await outbox.markSent(gameId, key);
      sweep.done(job.data);
      return 'already sent';
    }
    if (begun.kind === 'in-doubt') {
      await sweep.giveUp(job.data, CUT_OFF_TWICE);
      throw new UnrecoverableError(CUT_OFF_TWICE);
    }
    const { entry, attempt } = begun;
    if (attempt > 1 && job.attemptsMade === 0)
      logger.warn({ gameId, key, attempt }, 'a send was begun before and not marked done (a crash mid-send); sending again with the same Message-ID');
    try {
      await transport.sendMail(mailOf(entry, options.now()));
    } catch (e) {
      const err = e as SmtpError;
      if (!mayHaveArrived(err)) await keep(job.data, () => outbox.markNotDelivered(gameId, key));
      const kind = classifySmtpError(err);
      if (kind === 'permanent') {
        await sweep.giveUp(job.data, err.message);
        throw new UnrecoverableError(err.message);
      }
      if (kind === 'throttled') {
        const holdMs = options.throttleMs ?? 60_000;
        logger.warn({ gameId, key, err: err.message, holdMs }, 'the SMTP server is throttling us; holding all sending');
        await options
          .alert(gameId, { kind: 'throttled', error: err.message, holdMs })
          .catch((alertErr: unknown) => logger.error({ err: alertErr }, 'could not tell the GM about throttling'));
        await worker.rateLimit(holdMs);
        throw Worker.RateLimitError();
      }
      if (job.attemptsMade + 1 >= (job.opts.attempts ?? 1)) {
        await sweep.giveUp(job.data, `${err.message} (after ${job.attemptsMade + 1} tries)`);
        throw new UnrecoverableError(err.message);
      }
      logger.warn({ gameId, key, err: err.message, attempt: job.attemptsMade + 1 }, 'sending failed; will retry');
      throw err;
    }
    await keep(job.data, () => outbox.markSent(gameId, key));
    sweep.done(job.data);
    return 'sent';
  }

  return {
    async stop() {
      await sweep.stop();
      await worker.close();
      await queue.close();
      transport.close();
    },
  };
}

function mailOf(entry: OutboxEntry, date: Date) {
  const domain = entry.from.slice(entry.from.indexOf('@') + 1);
  return {
    messageId: entry.messageId,
    date,
    from: entry.from,
    to: entry.to,
    subject: entry.subject,
    text: entry.text,
    html: entry.html,
    inReplyTo: entry.inReplyTo,
    references: entry.references,
    attachments: entry.attachments,
    headers: { 'Auto-Submitted': entry.inReplyTo ? 'auto-replied' : 'auto-generated', 'X-Loop': loopMarker(domain), ...entry.headers },
  };
}
