// The whole mail loop in one process, as `adjutant intake` + `adjutant worker` run it: IMAP intake,
// the parse queue (BullMQ under a private prefix, or processMail called straight from the intake),
// and the outbox sender, all limited to the test's own games.
import type { Queue } from 'bullmq';
import pino from 'pino';
import { connectionFromUrl, openQueue, QUEUES } from '../../../jobs/queues.ts';
import { createParseWorker, enqueueParse } from '../../../jobs/parse.ts';
import { startIntake, type Intake, type IntakeOptions } from '../../../src/channels/email/imap-intake.ts';
import type { MessageDeps } from '../../../src/messages/message-context.ts';
import { processMail } from '../../../src/channels/email/process-mail.ts';
import { GameStore } from '../../../src/store/game-store.ts';
import { Outbox } from '../../../src/store/outbox.ts';
import { connectRedis } from '../../../src/store/redis.ts';
import type { GameControl } from '../../../src/turns/game-control.ts';
import { serviceEndpoints } from '../../support/services.ts';
import { startTestSender } from './test-sender.ts';

export interface LoopOptions {
  games: Array<{ id: string; mailbox?: string }>;
  control: GameControl;
  /** 'bullmq': a parse queue and worker under a private prefix; 'direct': processMail in the enqueue call. */
  queue: 'bullmq' | 'direct';
  parse?: MessageDeps['parse'];
  intake?: Partial<IntakeOptions>;
  /** Called after each email is processed (direct mode). */
  onProcessed?: (gameId: string, messageId: string) => void;
  concurrency?: number;
  sender?: Partial<Parameters<typeof startTestSender>[0]>;
  /** Tries per parse job and the first wait between them (the service's own when absent). */
  retries?: { attempts: number; delayMs: number };
  dnsResolver?: MessageDeps['dnsResolver'];
}

export interface MailLoop {
  /** The BullMQ prefix of this loop's queues, for `adjutant` commands run against them. */
  prefix: string;
  store: GameStore;
  outbox: Outbox;
  intake: Intake;
  stop(): Promise<void>;
}

export async function startMailLoop(options: LoopOptions): Promise<MailLoop> {
  const svc = serviceEndpoints();
  const redis = connectRedis(svc.redisUrl);
  const store = new GameStore(redis);
  const now = () => new Date();
  const logger = pino({ level: process.env.ADJUTANT_TEST_LOG ?? 'silent' });
  const outbox = new Outbox(redis, { domain: svc.domain, now });
  const deps: MessageDeps = {
    store,
    outbox,
    control: options.control,
    now,
    logger,
    address: `game@${svc.domain}`,
    parse: options.parse,
    dnsResolver: options.dnsResolver,
  };
  const ids = new Set(options.games.map((g) => g.id));
  const prefix = `{adjutant-test-${[...ids][0]}}`;
  let queue: Queue | undefined;
  let worker: ReturnType<typeof createParseWorker> | undefined;
  let enqueue: IntakeOptions['enqueue'];
  if (options.queue === 'bullmq') {
    const connection = connectionFromUrl(svc.redisUrl);
    queue = openQueue(QUEUES.parse, connection, prefix);
    worker = createParseWorker(deps, connection, { prefix, concurrency: options.concurrency ?? 8 });
    enqueue = enqueueParse(queue, options.retries);
  } else {
    enqueue = async (job) => {
      await processMail(deps, job);
      options.onProcessed?.(job.gameId, job.messageId);
    };
  }
  const intake = startIntake({
    imap: { host: svc.imap.host, port: svc.imap.port, secure: false, user: `game@${svc.domain}`, pass: svc.password },
    store,
    enqueue,
    logger,
    now,
    routes: async () => options.games,
    unrouted: 'leave',
    ...options.intake,
  });
  const sender = startTestSender({ outbox, store, logger, now, prefix, games: (id) => ids.has(id), ...options.sender });
  return {
    prefix,
    store,
    outbox,
    intake,
    async stop() {
      await intake.stop();
      await worker?.close();
      await queue?.obliterate({ force: true }).catch(() => undefined);
      await queue?.close();
      await sender.stop();
      for (const name of [QUEUES.send, QUEUES.digest]) {
        const done = openQueue(name, connectionFromUrl(svc.redisUrl), prefix);
        await done.obliterate({ force: true }).catch(() => undefined);
        await done.close();
      }
      redis.disconnect();
    },
  };
}
