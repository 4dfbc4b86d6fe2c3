// A whole turn on the real Redis and real BullMQ workers: reminders before the deadline, the
// deadline, adjudication, reports in the outbox; and the GM moving the deadline.
import { randomUUID } from 'node:crypto';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { ImapFlow } from 'imapflow';
import { simpleParser } from 'mailparser';
import { describe, expect, it } from 'vitest';
import { connectionFromUrl } from '../../jobs/queues.ts';
import { startTestSender } from '../mail/support/test-sender.ts';
import { remindPlayers } from '../../src/turns/remind-players.ts';
import { Scheduler } from '../../src/turns/scheduler.ts';
import { startWorkers } from '../../jobs/workers.ts';
import { createGameControl } from '../../src/turns/scheduler-control.ts';
import { requireServices, type ServiceEndpoints } from '../support/services.ts';
import { claim, cleanUp, outboxEntries, storeFixtureGame, testClock, testRuntime, useWorkers, waitFor } from './support.ts';

const clock = testClock('2026-12-01T10:00:00Z');
// The test jumps hours at a time; a day-long gap still counts as "up" here (the safety stop has its own test).
const rt = testRuntime(clock, undefined, { downAfterMs: 86_400_000 });
const scheduler = new Scheduler(rt, { tickMs: 1000 });
const control = createGameControl(rt);
const games: string[] = [];

useWorkers(rt, games);

describe('a turn from deadline to published reports', () => {
  it('reminds only players without orders, adjudicates at the deadline and publishes every report once', async () => {
    clock.set('2026-12-01T10:00:00Z');
    const id = await storeFixtureGame(rt, { schedule: { every: '3d', start: '2026-12-01T20:00:00Z', reminders: ['24h', '2h'] } });
    games.push(id);
    await scheduler.adopt(id);
    await scheduler.tick();
    expect((await control.status(id)).deadline?.toISOString()).toBe('2026-12-01T20:00:00.000Z');

    await claim(rt, id, 'red', 'nor');
    clock.set('2026-12-01T18:05:00Z');
    await scheduler.tick();
    const reminders = await waitFor('the 2h reminder', async () => {
      const found = (await outboxEntries(rt, id)).filter((e) => e.key.startsWith('remind:'));
      return found.length ? found : undefined;
    });
    // The 24h reminder was already past when the game was adopted: it is never sent late.
    expect(reminders.map((e) => e.to[0])).toEqual(['player2@adjutant.test']);
    expect(reminders[0].key).toMatch(/^remind:1:2h@\d+:blue$/);
    expect(reminders[0].text).toContain('no orders from Bluevale');

    clock.set('2026-12-01T20:00:01Z');
    await scheduler.tick();
    await waitFor('the reports', async () => (await outboxEntries(rt, id)).some((e) => e.key === 'summary:1'));
    expect(await rt.store.step(id)).toBe(1);
    expect((await rt.store.state(id)).provinces.nor.owner).toBe('red');
    const keys = (await outboxEntries(rt, id)).map((e) => e.key).filter((k) => !k.startsWith('remind:'));
    expect(keys).toEqual(['report:1:blue', 'report:1:red', 'summary:1', 'update:1']);
    const red = (await rt.outbox.entry(id, 'report:1:red'))!;
    expect(red.to).toEqual(['player1@adjutant.test']);
    expect(red.text).toMatch(/You claim Northvale\.\s+done/);
    expect(red.html).toContain('Redmark');
    expect(red.text).toContain('Next deadline: Fri, 4 Dec 2026, 21:00 CET'); // player one reads Paris time
    expect((await rt.outbox.entry(id, 'report:1:blue'))!.text).toContain('We had no orders from you');
    expect((await rt.outbox.entry(id, 'summary:1'))!.text).toContain('No orders from: Bluevale.');
    expect((await rt.outbox.entry(id, 'update:1'))!.to).toEqual(['gm@adjutant.test']);

    // The next step opened with the next slot, and blue's missed turn is counted.
    await waitFor('the next step', async () => (await rt.schedules.get(id))?.step === 2);
    const next = (await rt.schedules.get(id))!;
    expect(next.deadline).toBe('2026-12-04T20:00:00.000Z');
    expect(next.missed).toEqual({ blue: 1, red: 0 });
    expect((await control.status(id)).missing).toEqual(['blue', 'red']);
  });

  it('lists the open tickets for the GM with the reminder, and drops a reminder whose deadline moved', async () => {
    clock.set('2026-12-01T10:00:00Z');
    const id = await storeFixtureGame(rt, { schedule: { every: '3d', start: '2026-12-01T20:00:00Z', reminders: ['2h'] } });
    games.push(id);
    await scheduler.adopt(id);
    await scheduler.tick();
    const s = (await rt.schedules.get(id))!;
    const job = { gameId: id, step: 1, epoch: 0, offset: '2h', deadline: s.deadline! };
    const ticket = { token: 'T-ABC234', nation: 'red', line: 2, text: 'claim the vale', readings: ['You claim Northvale.', 'You claim Southvale.'] };
    expect(await remindPlayers(rt, job, async () => [ticket])).toEqual(['blue', 'red']);
    const [notice] = (await outboxEntries(rt, id)).filter((e) => e.key.startsWith('gm:tickets:'));
    expect(notice.to).toEqual(['gm@adjutant.test']);
    expect(notice.subject).toContain('1 ticket wait for your ruling');
    expect(notice.text).toContain('T-ABC234  Redmark, line 2: claim the vale');
    expect(notice.text).toContain('2. You claim Southvale.');

    await control.extend(id, 3_600_000);
    expect(await remindPlayers(rt, job, async () => [ticket])).toEqual([]);
  });

  it('moves the deadline at once when the GM sets or extends it', async () => {
    clock.set('2026-12-01T10:00:00Z');
    const id = await storeFixtureGame(rt, { schedule: { every: '3d', start: '2026-12-01T20:00:00Z', reminders: [] } });
    games.push(id);
    await scheduler.adopt(id);
    await scheduler.tick();

    await control.setDeadline(id, new Date('2026-12-01T12:00:00Z'));
    expect((await control.status(id)).deadline?.toISOString()).toBe('2026-12-01T12:00:00.000Z');
    expect(await control.extend(id, 3_600_000)).toEqual(new Date('2026-12-01T13:00:00Z'));

    clock.set('2026-12-01T12:30:00Z');
    await scheduler.tick();
    expect((await rt.schedules.get(id))!.status).toBe('open');

    clock.set('2026-12-01T13:00:00Z');
    await claim(rt, id, 'blue', 'sou');
    await scheduler.tick();
    await waitFor('step 1', async () => (await rt.store.step(id)) === 1);
    expect((await rt.store.state(id)).provinces.sou.owner).toBe('blue');
    // The GM's early deadline does not skip the regular one: the next is the slot after 1 Dec 20:00.
    await waitFor('the next step', async () => (await rt.schedules.get(id))?.step === 2);
    expect((await rt.schedules.get(id))!.deadline).toBe('2026-12-04T20:00:00.000Z');
  });
});

describe('a turn delivered by mail', () => {
  it('renders the map, and delivers each report with the map over SMTP to the player’s mailbox and the update with the map to the GM', async () => {
    const svc = await requireServices(['redis', 'imap', 'smtp']);
    const outDir = await mkdtemp(path.join(tmpdir(), 'adjutant-out-'));
    const rendering = testRuntime(clock, svc.redisUrl, { downAfterMs: 86_400_000 }, true);
    const running = startWorkers(rendering, {
      connection: connectionFromUrl(svc.redisUrl),
      prefix: rendering.prefix,
      outputs: { outDir, publicUrl: 'http://maps.example' },
    });
    const title = `Claims ${randomUUID().slice(0, 8)}`;
    const id = await storeFixtureGame(rendering, { title, schedule: { every: '3d', start: '2026-12-01T20:00:00Z', reminders: [] } });
    const sender = startTestSender({ outbox: rendering.outbox, store: rendering.store, logger: rendering.logger, games: (g) => g === id });
    try {
      clock.set('2026-12-01T10:00:00Z');
      const schedulerOf = new Scheduler(rendering, { tickMs: 1000 });
      await schedulerOf.adopt(id);
      await schedulerOf.tick();
      await claim(rendering, id, 'red', 'mid');
      clock.set('2026-12-01T20:00:00Z');
      await schedulerOf.tick();

      const report = await simpleParser(await fetchBySubject(svc, 'player1@adjutant.test', `[${id}] Turn 1 results for Redmark`));
      expect(report.text).toMatch(/You claim Midvale\.\s+done/);
      expect(report.html || '').toContain('Redmark');
      expect(report.attachments.map((a) => [a.filename, a.contentType])).toEqual([['map.png', 'image/png']]);
      const update = await simpleParser(await fetchBySubject(svc, 'gm@adjutant.test', `[${id}] Turn 1 public update`));
      expect(update.text).toContain(`http://maps.example/${id}/turn-1/map.png`);
      expect(update.attachments.map((a) => [a.filename, a.contentType])).toEqual([['map.png', 'image/png']]);
      expect((await readFile(path.join(outDir, id, 'turn-1', 'map.png'))).subarray(1, 4).toString()).toBe('PNG');
      await waitFor('every message sent', async () => (await rendering.outbox.pending(id)).length === 0);
    } finally {
      await sender.stop();
      await running.close();
      await cleanUp(rendering, [id]);
      await rendering.close();
      await rm(outDir, { recursive: true, force: true });
    }
  });
});

/** Polls a mailbox until a message with exactly this subject arrives; returns its source. */
async function fetchBySubject(svc: ServiceEndpoints, user: string, subject: string, timeoutMs = 15_000): Promise<Buffer> {
  const client = new ImapFlow({ host: svc.imap.host, port: svc.imap.port, secure: false, auth: { user, pass: svc.password }, logger: false });
  await client.connect();
  try {
    await client.mailboxOpen('INBOX');
    const until = Date.now() + timeoutMs;
    for (;;) {
      await client.noop();
      const uids = (await client.search({ subject }, { uid: true })) || [];
      for (const uid of uids) {
        const msg = await client.fetchOne(String(uid), { source: true, envelope: true }, { uid: true });
        if (msg && msg.envelope?.subject === subject && msg.source) return msg.source;
      }
      if (Date.now() > until) throw new Error(`No message "${subject}" reached ${user} within ${timeoutMs}ms.`);
      await new Promise((r) => setTimeout(r, 200));
    }
  } finally {
    await client.logout();
  }
}
