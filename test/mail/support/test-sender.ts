// The outbox sender as the service starts it (src/channels/email/outbox-sender.ts on its BullMQ queue, GM
// alerts through the outbox, the GM's digest of undelivered mail on its delayed queue), under a
// private queue prefix and limited to the test's games.
import { randomUUID } from 'node:crypto';
import pino from 'pino';
import { QUEUES, connectionFromUrl, openQueue } from '../../../jobs/queues.ts';
import { sendAlert } from '../../../src/channels/email/mail-alerts.ts';
import { startMailDigest } from '../../../src/channels/email/mail-digest.ts';
import { startOutboxSender, type OutboxSender, type OutboxSenderOptions } from '../../../src/channels/email/outbox-sender.ts';
import type { GameStore } from '../../../src/store/game-store.ts';
import type { Outbox } from '../../../src/store/outbox.ts';
import { serviceEndpoints } from '../../support/services.ts';

export interface TestSenderOptions extends Partial<Omit<OutboxSenderOptions, 'outbox' | 'serves' | 'connection'>> {
  outbox: Outbox;
  store: GameStore;
  games: (gameId: string) => boolean;
  /** The window of the GM's digest of undelivered mail (a second, where the service has an hour). */
  digestWindowMs?: number;
  /** The queues' prefix; a private one by default. */
  prefix?: string;
}

export function startTestSender(options: TestSenderOptions): OutboxSender & { prefix: string } {
  const svc = serviceEndpoints();
  const logger = options.logger ?? pino({ level: process.env.ADJUTANT_TEST_LOG ?? 'silent' });
  const now = options.now ?? (() => new Date());
  const prefix = options.prefix ?? `{adjutant-test-send-${randomUUID().slice(0, 8)}}`;
  const alertDeps = { store: options.store, outbox: options.outbox, logger, now, address: `game@${svc.domain}` };
  const digest = startMailDigest({
    deps: alertDeps,
    connection: connectionFromUrl(svc.redisUrl),
    queue: openQueue(QUEUES.digest, connectionFromUrl(svc.redisUrl), prefix),
    windowMs: options.digestWindowMs ?? 1000,
  });
  const sender = startOutboxSender({
    smtp: { host: svc.smtp.host, port: svc.smtp.port },
    sweepMs: 50,
    parallel: 8,
    alert: (gameId, alert) => sendAlert({ ...alertDeps, scheduleDigest: digest.schedule }, gameId, alert),
    ...options,
    logger,
    now,
    connection: connectionFromUrl(svc.redisUrl),
    queue: openQueue(QUEUES.send, connectionFromUrl(svc.redisUrl), prefix),
    serves: options.games,
  });
  return { prefix, stop: async () => (await sender.stop(), await digest.stop()) };
}
