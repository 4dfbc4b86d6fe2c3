// The outbox sender against real SMTP servers: the test relay into Dovecot, and a flaky server
// of the test's own for temporary failures.
import { randomUUID } from 'node:crypto';
import net from 'node:net';
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
import { storeClaimsGame } from './support/attack-game.ts';
import { dropGame } from './support/mail-game.ts';

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
  await purgeMail('gm@adjutant.test', 'INBOX', { subject: 'could not be sent' });
  redis?.disconnect();
});

const message = (key: string, to: string, subject: string) => ({
  key,
  from: 'game@adjutant.test',
  to: [to],
  subject,
  text: `hello ${subject}\n`,
  inReplyTo: '<orders-1@example.com>',
});

/** An SMTP server of the test's own: `answer` returns an error to refuse a message, or null to take it. */
async function localSmtp(answer: () => Error | null) {
  const accepted: number[] = [];
  const refused: number[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['AUTH', 'STARTTLS'],
    logger: false,
    onData(stream, _session, callback) {
      stream.on('data', () => undefined);
      stream.on('end', () => {
        const error = answer();
        (error ? refused : accepted).push(Date.now());
        callback(error ?? undefined);
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    accepted,
    refused,
    port: (server.server.address() as { port: number }).port,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

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
    expect(await outbox.markAttempt(gameId, 'reply:2')).toMatchObject({ kind: 'send', attempt: 1 });
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

  it('sends no third time a message two cut-off conversations may have delivered: the GM is told, and sends it again on retry', async () => {
    const smtp = await localSmtp(() => null);
    const store = new GameStore(redis);
    const gameId = await storeClaimsGame(store, 'send');
    const outbox = new Outbox(redis, { domain: 'adjutant.test', now });
    await outbox.record(gameId, message('reply:cut', 'player2@adjutant.test', 'cut off twice'));
    // What two processes killed one after the other mid-send leave behind: two conversations begun, no mark.
    expect(await outbox.markAttempt(gameId, 'reply:cut')).toMatchObject({ kind: 'send', attempt: 1 });
    expect(await outbox.markAttempt(gameId, 'reply:cut')).toMatchObject({ kind: 'send', attempt: 2 });
    const sender = startTestSender({ outbox, store, smtp: { host: '127.0.0.1', port: smtp.port }, logger, now, games: (id) => id === gameId });
    try {
      await expect.poll(async () => redis.hget(mailKeys(gameId).outboxFailed, 'reply:cut'), { timeout: 10_000 }).toContain('cut off twice');
      const alerts = async () => (await redis.hkeys(gameKeys(gameId).outbox)).filter((k) => k.startsWith('alert:'));
      await expect.poll(alerts).toHaveLength(1);
      expect((await outbox.entry(gameId, (await alerts())[0]))?.text).toContain(`adjutant dead-letter retry ${gameId} reply:cut`);
      await expect.poll(() => smtp.accepted.length).toBe(1); // the GM's alert, not the message
      expect(await redis.hget(mailKeys(gameId).outboxAttempts, 'reply:cut')).toBe('2');
      // The GM asked the player, who never got it: on retry it goes out, once.
      expect(await outbox.resend(gameId, 'reply:cut')).toBe(true);
      await expect.poll(async () => (await outbox.entry(gameId, 'reply:cut'))?.sentAt, { timeout: 10_000 }).toBeTruthy();
      expect(smtp.accepted).toHaveLength(2);
      expect(await redis.hget(mailKeys(gameId).outboxInDoubt, 'reply:cut')).toBeNull();
    } finally {
      await sender.stop();
      await smtp.close();
      await dropGame(store, gameId);
    }
  });

  it('counts a connection dropped after the last byte as a send that may have arrived, and a refused connection as one that did not', async () => {
    // A server that takes the whole message and hangs up instead of answering: the message may be in.
    let conversations = 0;
    const dropper = net.createServer((socket) => {
      socket.write('220 dropper ESMTP\r\n');
      let data = false;
      socket.on('data', (chunk: Buffer) => {
        const text = chunk.toString();
        if (data) return void (text.includes('\r\n.\r\n') && (conversations++, socket.destroy()));
        if (/^DATA/im.test(text)) {
          data = true;
          return void socket.write('354 go ahead\r\n');
        }
        for (const line of text.split('\r\n').filter(Boolean))
          socket.write(/^EHLO/i.test(line) ? '250 dropper\r\n' : /^QUIT/i.test(line) ? '221 bye\r\n' : '250 OK\r\n');
      });
      socket.on('error', () => undefined);
    });
    await new Promise<void>((resolve) => dropper.listen(0, '127.0.0.1', resolve));
    const port = (dropper.address() as net.AddressInfo).port;
    const gameId = `send-${randomUUID().slice(0, 8)}`;
    const outbox = new Outbox(redis, { domain: 'adjutant.test', now });
    await outbox.record(gameId, message('reply:dropped', 'player3@adjutant.test', 'dropped'));
    const sender = startTestSender({
      outbox,
      store: new GameStore(redis),
      smtp: { host: '127.0.0.1', port },
      logger,
      now,
      retryMs: 100,
      games: (id) => id === gameId,
    });
    try {
      await expect.poll(async () => redis.hget(mailKeys(gameId).outboxFailed, 'reply:dropped'), { timeout: 10_000 }).toContain('cut off twice');
      expect(conversations).toBe(2);
    } finally {
      await sender.stop();
      await new Promise<void>((resolve) => dropper.close(() => resolve()));
    }
    // The same message to a port nobody listens on: no byte left, so the tries are not in doubt.
    await outbox.resend(gameId, 'reply:dropped');
    const refused = startTestSender({
      outbox,
      store: new GameStore(redis),
      smtp: { host: '127.0.0.1', port },
      logger,
      now,
      retryMs: 50,
      attempts: 4,
      games: (id) => id === gameId,
    });
    try {
      await expect.poll(async () => redis.hget(mailKeys(gameId).outboxFailed, 'reply:dropped'), { timeout: 10_000 }).toContain('after 4 tries');
      expect(Number(await redis.hget(mailKeys(gameId).outboxInDoubt, 'reply:dropped'))).toBe(0);
    } finally {
      await refused.stop();
      await redis.del(...Object.values(gameKeys(gameId)), ...Object.values(mailKeys(gameId)).filter((k): k is string => typeof k === 'string'));
    }
  });

  it('sets aside a message the server refuses for good (550), tells the GM, keeps sending the others, and sends it again on retry', async () => {
    const store = new GameStore(redis);
    // Blue's player moved away: the relay refuses the address.
    const gameId = await storeClaimsGame(store, 'send', { 'nations.blue.player.email': 'nobody@adjutant.test' });
    const outbox = new Outbox(redis, { domain: 'adjutant.test', now });
    const subject = `outbox-test after the bad one ${randomUUID()}`;
    await outbox.record(gameId, message('bad', 'nobody@adjutant.test', 'lost'));
    await outbox.record(gameId, message('good', 'player3@adjutant.test', subject));
    const sender = startTestSender({ outbox, store, logger, now, games: (id) => id === gameId });
    try {
      await waitForMail('player3@adjutant.test', { subject });
      await expect.poll(async () => redis.hget(mailKeys(gameId).outboxFailed, 'bad')).toContain('550');
      expect((await outbox.entry(gameId, 'bad'))?.sentAt).toBeUndefined();
      const [alert] = await waitForMail('gm@adjutant.test', { subject: `[${gameId}] A message could not be sent` });
      expect(alert.text).toContain('nobody@adjutant.test');
      expect(alert.text).toContain(`adjutant dead-letter retry ${gameId} bad`);
      expect((await outbox.setAsideItems(gameId)).map((m) => m.key)).toEqual(['bad']);
      // The GM retries (the address is still wrong): one more SMTP conversation, set aside again.
      expect(await outbox.resend(gameId, 'bad')).toBe(true);
      await expect.poll(async () => redis.hget(mailKeys(gameId).outboxAttempts, 'bad'), { timeout: 10_000 }).toBe('2');
      await expect.poll(async () => (await outbox.setAsideItems(gameId)).map((m) => m.key)).toEqual(['bad']);
      expect(await outbox.pending(gameId)).toEqual([]);
      // Refused again: told again, in the next window's digest.
      await waitForMail('gm@adjutant.test', { subject: `[${gameId}] A message could not be sent` }, { count: 2 });
    } finally {
      await sender.stop();
      await dropGame(store, gameId);
    }
  });

  it('tells the GM of the messages to players set aside in a window in one digest, and never of mail to strangers', async () => {
    const store = new GameStore(redis);
    const gameId = await storeClaimsGame(store, 'send', { 'nations.blue.player.email': 'nobody@adjutant.test' });
    const outbox = new Outbox(redis, { domain: 'adjutant.test', now });
    const windowMs = 6000;
    const sender = startTestSender({ outbox, store, logger, now, digestWindowMs: windowMs, games: (id) => id === gameId });
    try {
      // All of them refused within one window, so they are one digest.
      await new Promise((r) => setTimeout(r, windowMs - (Date.now() % windowMs) + 50));
      for (let i = 0; i < 5; i++) await outbox.record(gameId, message(`report:${i}`, 'nobody@adjutant.test', `report ${i}`));
      // Refusals to forged senders at dead addresses: bounced as the forger meant.
      for (let i = 0; i < 5; i++) await outbox.record(gameId, message(`reply:${i}`, `ghost${i}@adjutant.test`, `refusal ${i}`));
      await expect.poll(async () => (await outbox.setAsideItems(gameId)).length, { timeout: 10_000 }).toBe(10);
      const [digest] = await waitForMail('gm@adjutant.test', { subject: `[${gameId}] 5 messages could not be sent` }, { timeoutMs: 2 * windowMs });
      for (let i = 0; i < 5; i++) expect(digest.text).toContain(`adjutant dead-letter retry ${gameId} report:${i}`);
      expect(digest.text).not.toContain('ghost');
      await new Promise((r) => setTimeout(r, windowMs + 1000)); // another window passes
      const alerts = (await redis.hkeys(gameKeys(gameId).outbox)).filter((k) => k.startsWith('alert:'));
      expect(alerts).toHaveLength(1);
      expect(await outbox.untold(gameId)).toEqual([]);
    } finally {
      await sender.stop();
      await dropGame(store, gameId);
    }
  });

  it('keeps to the configured send rate across the queue', async () => {
    const smtp = await localSmtp(() => null);
    const gameId = `send-${randomUUID().slice(0, 8)}`;
    const outbox = new Outbox(redis, { domain: 'adjutant.test', now });
    for (let i = 0; i < 6; i++) await outbox.record(gameId, message(`reply:${i}`, 'player3@adjutant.test', `rated ${i}`));
    const sender = startTestSender({
      outbox,
      store: new GameStore(redis),
      smtp: { host: '127.0.0.1', port: smtp.port },
      logger,
      now,
      rate: { max: 2, perMs: 1000 },
      games: (id) => id === gameId,
    });
    try {
      await expect.poll(() => smtp.accepted.length, { timeout: 10_000 }).toBe(6);
      // Two a second: the fifth and sixth wait for the third second's window.
      expect(smtp.accepted[5] - smtp.accepted[0]).toBeGreaterThanOrEqual(1500);
    } finally {
      await sender.stop();
      await smtp.close();
      await redis.del(...Object.values(gameKeys(gameId)), mailKeys(gameId).outboxAttempts);
    }
  });

  it('holds all sending, in every process, when the provider says it throttles, tells the GM, then sends', async () => {
    let refusals = 0;
    const smtp = await localSmtp(() =>
      refusals++ < 1 ? Object.assign(new Error('4.7.0 Too many messages, rate limited; slow down'), { responseCode: 421 }) : null,
    );
    const store = new GameStore(redis);
    const gameId = await storeClaimsGame(store, 'send');
    const outbox = new Outbox(redis, { domain: 'adjutant.test', now });
    await outbox.record(gameId, message('reply:throttled', 'player3@adjutant.test', 'throttled'));
    const sender = startTestSender({ outbox, store, smtp: { host: '127.0.0.1', port: smtp.port }, logger, now, throttleMs: 800, games: (id) => id === gameId });
    // A second process on the same queue, idle when the first is told to slow down: it must hold too.
    const other = startTestSender({
      outbox,
      store,
      smtp: { host: '127.0.0.1', port: smtp.port },
      logger,
      now,
      throttleMs: 800,
      prefix: sender.prefix,
      games: (id) => id === gameId,
    });
    try {
      await expect.poll(async () => (await outbox.entry(gameId, 'reply:throttled'))?.sentAt, { timeout: 10_000 }).toBeTruthy();
      expect(smtp.refused).toHaveLength(1);
      expect(smtp.accepted[0] - smtp.refused[0]).toBeGreaterThanOrEqual(700);
      const alerts = (await redis.hkeys(gameKeys(gameId).outbox)).filter((k) => k.startsWith('alert:throttled:'));
      expect(alerts).toHaveLength(1);
      expect((await outbox.entry(gameId, alerts[0]))?.text).toContain('ADJUTANT_SEND_RATE');
    } finally {
      await other.stop();
      await sender.stop();
      await smtp.close();
      await dropGame(store, gameId);
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
    const sender = startTestSender({
      outbox,
      store: new GameStore(redis),
      smtp: { host: '127.0.0.1', port },
      logger,
      now,
      retryMs: 300,
      games: (id) => id === gameId,
    });
    try {
      await expect.poll(() => received.length, { timeout: 5000 }).toBe(1);
      expect(attempts).toHaveLength(3);
      // The waits double: at least 300 ms, then at least 600 ms.
      expect(attempts[1] - attempts[0]).toBeGreaterThanOrEqual(280);
      expect(attempts[2] - attempts[1]).toBeGreaterThanOrEqual(580);
      await expect.poll(async () => (await outbox.entry(gameId, 'reply:flaky'))?.sentAt).toBeTruthy();
    } finally {
      await sender.stop();
      await new Promise<void>((resolve) => flaky.close(() => resolve()));
      await redis.del(...Object.values(gameKeys(gameId)));
    }
  });
});
