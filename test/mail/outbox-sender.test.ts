// The outbox sender against real SMTP servers: the test relay into Dovecot, and a flaky server
// of the test's own for temporary failures.
import { randomUUID } from 'node:crypto';
import pino from 'pino';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { gameKeys, mailKeys } from '../../src/store/keys.ts';
import { GameStore } from '../../src/store/game-store.ts';
import { Outbox } from '../../src/store/outbox.ts';
import { connectRedis } from '../../src/store/redis.ts';
import { requireServices, type ServiceEndpoints } from '../support/services.ts';
import { purgeMail, waitForMail } from './support/mailbox.ts';
import { startTestSender } from './support/test-sender.ts';

let svc: ServiceEndpoints;
let redis: ReturnType<typeof connectRedis>;
const now = () => new Date();
const logger = pino({ level: 'silent' });

beforeAll(async () => {
  svc = await requireServices(['redis', 'smtp', 'imap']);
  redis = connectRedis(svc.redisUrl);
});
afterAll(async () => {
  await purgeMail('player3@adjutant.test', 'INBOX', { subject: 'outbox-test' });
  redis?.disconnect();
});

const message = (key: string, to: string, subject: string) => ({ key, from: 'game@adjutant.test', to: [to], subject, text: `hello ${subject}\n`, inReplyTo: '<orders-1@example.com>' });

describe('outbox sender', () => {
  it('sends what the outbox holds with its Message-ID and loop headers, marks it sent, and never sends a sent message again', async () => {
    const gameId = `send-${randomUUID().slice(0, 8)}`;
    const outbox = new Outbox(redis, { domain: 'adjutant.test', now });
    const subject = `outbox-test confirmation ${randomUUID()}`;
    const entry = await outbox.record(gameId, message('reply:1', 'player3@adjutant.test', subject));
    const sender = startTestSender({ outbox, store: new GameStore(redis), logger, now, games: (id) => id === gameId });
    try {
      const [got] = await waitForMail('player3@adjutant.test', { subject });
      expect(got.messageId).toBe(entry.messageId);
      expect(got.inReplyTo).toBe('<orders-1@example.com>');
      expect(got.headers.get('auto-submitted')).toBe('auto-replied');
      expect(got.headers.get('x-loop')).toBe('adjutant@adjutant.test');
      await expect.poll(async () => (await outbox.entry(gameId, 'reply:1'))?.sentAt).toBeTruthy();
      // Put back in line (a stale sweep, a second sender): the mark says it went out, so it is not sent again.
      await redis.zadd(gameKeys(gameId).outboxPending, 1, 'reply:1');
      await redis.sadd('adjutant:outbox:pending', gameId);
      await expect.poll(async () => redis.zcard(gameKeys(gameId).outboxPending), { timeout: 5000 }).toBe(0);
      expect(await waitForMail('player3@adjutant.test', { subject })).toHaveLength(1);
    } finally {
      await sender.stop();
      await redis.del(...Object.values(gameKeys(gameId)), mailKeys(gameId).outboxFailed, mailKeys(gameId).outboxAttempts);
    }
  });

  it('sends again, with the same Message-ID, a message whose sending was begun and never marked done (a crash mid-send)', async () => {
    const gameId = `send-${randomUUID().slice(0, 8)}`;
    const outbox = new Outbox(redis, { domain: 'adjutant.test', now });
    const subject = `outbox-test crash mid-send ${randomUUID()}`;
    const entry = await outbox.record(gameId, message('reply:2', 'player3@adjutant.test', subject));
    // What a process killed during the SMTP conversation leaves behind: one attempt noted, no mark.
    expect((await outbox.markAttempt(gameId, 'reply:2'))?.attempt).toBe(1);
    const sender = startTestSender({ outbox, store: new GameStore(redis), logger, now, games: (id) => id === gameId });
    try {
      const [got] = await waitForMail('player3@adjutant.test', { subject });
      expect(got.messageId).toBe(entry.messageId);
      await expect.poll(async () => (await outbox.entry(gameId, 'reply:2'))?.sentAt).toBeTruthy();
      expect(await redis.hget(mailKeys(gameId).outboxAttempts, 'reply:2')).toBe('2');
    } finally {
      await sender.stop();
      await redis.del(...Object.values(gameKeys(gameId)), mailKeys(gameId).outboxFailed, mailKeys(gameId).outboxAttempts);
    }
  });

  it('sets aside a message the server refuses for good (550), and keeps sending the others', async () => {
    const gameId = `send-${randomUUID().slice(0, 8)}`;
    const outbox = new Outbox(redis, { domain: 'adjutant.test', now });
    const subject = `outbox-test after the bad one ${randomUUID()}`;
    await outbox.record(gameId, message('bad', 'nobody@adjutant.test', 'lost'));
    await outbox.record(gameId, message('good', 'player3@adjutant.test', subject));
    const sender = startTestSender({ outbox, store: new GameStore(redis), logger, now, games: (id) => id === gameId });
    try {
      await waitForMail('player3@adjutant.test', { subject });
      await expect.poll(async () => redis.hget(mailKeys(gameId).outboxFailed, 'bad')).toContain('550');
      expect(await outbox.pending(gameId)).toEqual([]);
      expect((await outbox.entry(gameId, 'bad'))?.sentAt).toBeUndefined();
    } finally {
      await sender.stop();
      await redis.del(...Object.values(gameKeys(gameId)), mailKeys(gameId).outboxFailed, mailKeys(gameId).outboxAttempts);
    }
  });

  it('retries with backoff while the SMTP server fails temporarily', async () => {
    const received: string[] = [];
    const attempts: number[] = [];
    const flaky = new SMTPServer({
      authOptional: true,
      disabledCommands: ['AUTH', 'STARTTLS'],
      logger: false,
      onData(stream, _session, callback) {
        const chunks: Buffer[] = [];
        stream.on('data', (c: Buffer) => chunks.push(c));
        stream.on('end', () => {
          attempts.push(Date.now());
          if (attempts.length < 3) return callback(Object.assign(new Error('try again later'), { responseCode: 451 }));
          received.push(Buffer.concat(chunks).toString());
          callback();
        });
      },
    });
    await new Promise<void>((resolve) => flaky.listen(0, '127.0.0.1', resolve));
    const port = (flaky.server.address() as { port: number }).port;
    const gameId = `send-${randomUUID().slice(0, 8)}`;
    const outbox = new Outbox(redis, { domain: 'adjutant.test', now });
    await outbox.record(gameId, message('reply:flaky', 'player3@adjutant.test', 'flaky'));
    const sender = startTestSender({ outbox, store: new GameStore(redis), smtp: { host: '127.0.0.1', port }, logger, now, retryMs: 100, games: (id) => id === gameId });
    try {
      await expect.poll(() => received.length, { timeout: 5000 }).toBe(1);
      expect(attempts).toHaveLength(3);
      // The second wait is twice the first: 100 ms, then 200 ms.
      expect(attempts[2] - attempts[1]).toBeGreaterThan(attempts[1] - attempts[0]);
      await expect.poll(async () => (await outbox.entry(gameId, 'reply:flaky'))?.sentAt).toBeTruthy();
    } finally {
      await sender.stop();
      await new Promise<void>((resolve) => flaky.close(() => resolve()));
      await redis.del(...Object.values(gameKeys(gameId)));
    }
  });
});
