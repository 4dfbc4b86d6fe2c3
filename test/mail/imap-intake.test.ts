// The intake against the real Dovecot: IDLE and polling, moving or flagging, reconnecting after
// a drop, copies, and mail for no game. Tests route by a "[game-id]" tag, or read a private
// folder, so they never take mail meant for other tests sharing the mailbox.
import { randomUUID } from 'node:crypto';
import { createServer, connect, type Server, type Socket } from 'node:net';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startIntake, type Intake, type IntakeOptions } from '../../src/channels/email/imap-intake.ts';
import { MessageLedger } from '../../src/messages/message-ledger.ts';
import { GameStore } from '../../src/store/game-store.ts';
import { gameKeys, UNROUTED_GAME } from '../../src/store/keys.ts';
import { connectRedis } from '../../src/store/redis.ts';
import { requireServices, type ServiceEndpoints } from '../support/services.ts';
import { countMail, imapClient, purgeMail, sendMail } from './support/mailbox.ts';
import { dropGame } from './support/mail-game.ts';

let svc: ServiceEndpoints;
let store: GameStore;
beforeAll(async () => {
  svc = await requireServices(['redis', 'smtp', 'imap']);
  store = new GameStore(connectRedis(svc.redisUrl));
});
afterAll(() => store?.redis.disconnect());

const logger = pino({ level: 'silent' });

function intakeFor(gameId: string, jobs: Array<{ gameId: string; messageId: string }>, extra: Partial<IntakeOptions> = {}): Intake {
  return startIntake({
    imap: { host: svc.imap.host, port: svc.imap.port, secure: false, user: 'game@adjutant.test', pass: svc.password },
    store,
    // Like the parse queue, whose job id is the message's: a message taken again after a drop
    // (stored and queued, but not yet moved when the connection broke) is queued once.
    enqueue: async (job) => {
      if (!jobs.some((j) => j.gameId === job.gameId && j.messageId === job.messageId)) jobs.push(job);
    },
    logger,
    now: () => new Date(),
    routes: async () => [{ id: gameId }],
    unrouted: 'leave',
    ...extra,
  });
}

async function appendTo(folder: string, raw: string): Promise<void> {
  const client = imapClient('game@adjutant.test');
  await client.connect();
  await client.mailboxCreate(folder).catch(() => undefined);
  await client.append(folder, raw);
  await client.logout();
}

describe('IMAP intake', () => {
  it('takes new mail within moments with IDLE: stored, queued, then moved to Processed', async () => {
    const gameId = `in-${randomUUID().slice(0, 8)}`;
    const jobs: Array<{ gameId: string; messageId: string }> = [];
    const subject = `[${gameId}] orders`;
    const intake = intakeFor(gameId, jobs);
    try {
      await expect.poll(() => intake.stats().connected).toBe(true);
      const sent = Date.now();
      await sendMail({ from: 'player1@adjutant.test', to: 'game@adjutant.test', subject, text: 'claim nor' });
      await expect.poll(() => jobs.length, { timeout: 5000 }).toBe(1);
      expect(Date.now() - sent).toBeLessThan(3000);
      expect(jobs[0].gameId).toBe(gameId);
      expect((await store.mail(gameId, jobs[0].messageId))?.toString()).toContain('claim nor');
      expect(await new MessageLedger(store.redis).received(gameId, jobs[0].messageId)).toBeInstanceOf(Date);
      await expect.poll(() => countMail('game@adjutant.test', 'Processed', { subject })).toBe(1);
      expect(await countMail('game@adjutant.test', 'INBOX', { subject })).toBe(0);
    } finally {
      await intake.stop();
      await purgeMail('game@adjutant.test', 'Processed', { subject });
      await dropGame(store, gameId);
    }
  });

  it('polls when IDLE is off, and flags instead of moving when asked', async () => {
    const gameId = `in-${randomUUID().slice(0, 8)}`;
    const folder = `test-${gameId}`;
    const jobs: Array<{ gameId: string; messageId: string }> = [];
    await appendTo(folder, `From: player1@adjutant.test\r\nSubject: [${gameId}] first\r\nMessage-ID: <${gameId}-1@example.com>\r\n\r\nclaim nor\r\n`);
    const intake = intakeFor(gameId, jobs, { mailbox: folder, idle: false, pollMs: 100, after: 'flag' });
    try {
      await expect.poll(() => jobs.length).toBe(1);
      await appendTo(folder, `From: player1@adjutant.test\r\nSubject: [${gameId}] second\r\nMessage-ID: <${gameId}-2@example.com>\r\n\r\nclaim mid\r\n`);
      await expect.poll(() => jobs.length).toBe(2);
      await expect.poll(() => countMail('game@adjutant.test', folder, { keyword: '$AdjutantDone' })).toBe(2);
    } finally {
      await intake.stop();
      await purgeMail('game@adjutant.test', folder, 'folder');
      await dropGame(store, gameId);
    }
  });

  it('takes a copy with a Message-ID already seen only once, and answers mail for no game', async () => {
    const gameId = `in-${randomUUID().slice(0, 8)}`;
    const folder = `test-${gameId}`;
    const jobs: Array<{ gameId: string; messageId: string }> = [];
    const copy = (relay: string) =>
      `Received: from ${relay}\r\nFrom: player1@adjutant.test\r\nSubject: [${gameId}] orders\r\nMessage-ID: <${gameId}-same@example.com>\r\n\r\nclaim nor\r\n`;
    await appendTo(folder, copy('a.example.com'));
    await appendTo(folder, copy('b.example.com'));
    await appendTo(folder, `From: stranger@example.com\r\nSubject: hello?\r\nMessage-ID: <${gameId}-stray@example.com>\r\n\r\nIs this the game?\r\n`);
    const intake = intakeFor(gameId, jobs, { mailbox: folder, unrouted: 'answer' });
    try {
      await expect.poll(() => countMail('game@adjutant.test', folder, { all: true })).toBe(0);
      expect(jobs.filter((j) => j.gameId === gameId)).toHaveLength(1);
      const stray = jobs.filter((j) => j.gameId === UNROUTED_GAME);
      expect(stray).toHaveLength(1);
      expect((await store.mail(UNROUTED_GAME, stray[0].messageId))?.toString()).toContain('Is this the game?');
      await store.redis.hdel(gameKeys(UNROUTED_GAME).mail, stray[0].messageId);
    } finally {
      await intake.stop();
      await purgeMail('game@adjutant.test', folder, 'folder');
      await dropGame(store, gameId);
    }
  });

  it('reconnects with backoff after the connection drops, and loses nothing', async () => {
    const gameId = `in-${randomUUID().slice(0, 8)}`;
    const folder = `test-${gameId}`;
    const sockets = new Set<Socket>();
    const proxy: Server = createServer((client) => {
      const upstream = connect(svc.imap.port, svc.imap.host);
      for (const s of [client, upstream]) {
        sockets.add(s);
        s.on('error', () => undefined);
        s.on('close', () => sockets.delete(s));
      }
      client.pipe(upstream).pipe(client);
    });
    await new Promise<void>((resolve) => proxy.listen(0, '127.0.0.1', resolve));
    const port = (proxy.address() as { port: number }).port;
    const jobs: Array<{ gameId: string; messageId: string }> = [];
    await appendTo(folder, `From: player1@adjutant.test\r\nSubject: [${gameId}] before\r\n\r\nclaim nor\r\n`);
    const intake = intakeFor(gameId, jobs, {
      mailbox: folder,
      imap: { host: '127.0.0.1', port, secure: false, user: 'game@adjutant.test', pass: svc.password },
      backoffMs: { min: 50, max: 500 },
    });
    try {
      await expect.poll(() => jobs.length).toBe(1);
      for (const s of sockets) s.destroy();
      await appendTo(folder, `From: player1@adjutant.test\r\nSubject: [${gameId}] after\r\n\r\nclaim mid\r\n`);
      await expect.poll(() => jobs.length, { timeout: 10_000 }).toBe(2);
      const texts = await Promise.all(jobs.map(async (j) => (await store.mail(j.gameId, j.messageId))?.toString() ?? ''));
      expect(texts.map((t) => /claim (\w+)/.exec(t)?.[1])).toEqual(['nor', 'mid']);
      expect(intake.stats().connections).toBeGreaterThanOrEqual(2);
    } finally {
      await intake.stop();
      await new Promise<void>((resolve) => proxy.close(() => resolve()));
      for (const s of sockets) s.destroy();
      await purgeMail('game@adjutant.test', folder, 'folder');
      await dropGame(store, gameId);
    }
  });
});
