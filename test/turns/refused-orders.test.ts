// A nation whose every line was refused sent orders: through the real mail loop and turn machinery
// on the real Redis, its report says they came and none could be carried out, with each refused
// line and why, while the update and the GM's summary say it had none carried out, not that it
// sent none. The refused lines are the nation's own: no other report and no update shows them.
// They belong to the step they were sent in: the next step never reads them, a rerun of it does.
import pino from 'pino';
import { describe, expect, it } from 'vitest';
import { processMail } from '../../src/channels/email/process-mail.ts';
import { MessageLedger } from '../../src/messages/message-ledger.ts';
import { createGameControl } from '../../src/turns/scheduler-control.ts';
import { Scheduler } from '../../src/turns/scheduler.ts';
import { claimsParser } from '../mail/support/claims-parser.ts';
import { rawMail } from '../mail/support/mail-game.ts';
import { outboxEntries, storeFixtureGame, testClock, testRuntime, useWorkers, waitFor } from './support.ts';

const clock = testClock('2026-12-01T10:00:00Z');
const rt = testRuntime(clock, undefined, { downAfterMs: 86_400_000 });
const scheduler = new Scheduler(rt, { tickMs: 1000 });
const control = createGameControl(rt);
const deps = {
  store: rt.store,
  outbox: rt.outbox,
  control,
  now: clock.now,
  logger: pino({ level: 'silent' }),
  address: 'game@adjutant.test',
  parse: claimsParser,
};
const games: string[] = [];

useWorkers(rt, games);

/** Red's email, stored and read through the mail loop as the intake hands it over. */
async function redWrites(gameId: string, text: string) {
  const messageId = await rt.store.putMail(gameId, await rawMail({ from: 'Player One <player1@adjutant.test>', subject: 'orders', text, date: clock.now() }));
  await new MessageLedger(rt.redis).markReceived(gameId, messageId, clock.now());
  return processMail(deps, { gameId, messageId });
}

/** The claims game, adopted by the scheduler on the morning of its first deadline. */
async function adoptedGame(): Promise<string> {
  clock.set('2026-12-01T10:00:00Z');
  const id = await storeFixtureGame(rt, { schedule: { every: '3d', start: '2026-12-01T20:00:00Z' } });
  games.push(id);
  await scheduler.adopt(id);
  await scheduler.tick();
  return id;
}

const text = async (gameId: string, key: string) => (await rt.outbox.entry(gameId, key))?.text ?? '';

describe('a nation whose every line was refused', () => {
  it('is told its orders came and none could be carried out, with the refused lines, which no one else reads', async () => {
    const id = await adoptedGame();

    clock.set('2026-12-01T12:00:00Z');
    const result = await redWrites(id, 'ruby-falcon\nclaim atlantis\n');
    expect(result).toMatchObject({ outcome: 'orders', nation: 'red', counts: { accepted: 0, rejected: 1 } });
    // Refused lines are kept beside the orders in force, never in them.
    expect((await rt.store.ordersInForce(id)).red?.orders ?? []).toEqual([]);

    clock.set('2026-12-01T20:00:01Z');
    await scheduler.tick();
    const published = ['report:1:blue', 'report:1:red', 'summary:1', 'update:1'];
    await waitFor('the reports', async () => {
      const keys = new Set((await outboxEntries(rt, id)).map((e) => e.key));
      return published.every((k) => keys.has(k));
    });
    const record = (await rt.store.record(id, 1))!;
    expect(record.refused).toEqual({ red: [{ line: 2, text: 'claim atlantis', reason: expect.stringContaining('There is no province "atlantis"') }] });

    const red = (await rt.outbox.entry(id, 'report:1:red'))!;
    expect(red.text).toMatch(
      /Your orders reached us, but none could be carried out, so your units held:\s+line 2: claim atlantis\s+There is no province "atlantis"/,
    );
    expect(red.text).not.toContain('We had no orders from you');
    expect(red.html).toContain('Your orders reached us, but none could be carried out');
    expect(red.html).toContain('claim atlantis');

    const blue = await text(id, 'report:1:blue');
    expect(blue).toContain('We had no orders from you this turn: your units held.');

    const summary = await text(id, 'summary:1');
    expect(summary).toContain('No orders from: Bluevale.');
    expect(summary).toMatch(/Redmark had no orders carried out: every line it sent was refused\.\s+line 2: claim atlantis/);

    const update = await text(id, 'update:1');
    expect(update).toContain('Redmark[/B][/COLOR] had no orders carried out.');
    expect(update).toContain('Bluevale[/B][/COLOR] sent no orders.');
    expect(update).not.toMatch(/Redmark\S* sent no orders/);
    // The refused line is red's own.
    for (const other of [blue, update]) {
      expect(other).not.toContain('atlantis');
      expect(other).not.toContain('none could be carried out');
    }
  });

  it('forgets the refusal once a later email puts an order in force', async () => {
    const id = await adoptedGame();
    clock.set('2026-12-01T12:00:00Z');
    await redWrites(id, 'ruby-falcon\nclaim atlantis\n');
    clock.set('2026-12-01T13:00:00Z');
    await redWrites(id, 'ruby-falcon\nclaim nor\n');

    clock.set('2026-12-01T20:00:01Z');
    await scheduler.tick();
    await waitFor("red's report", async () => rt.outbox.entry(id, 'report:1:red'));
    expect((await rt.store.record(id, 1))!.refused).toBeUndefined();
    const red = await text(id, 'report:1:red');
    expect(red).toMatch(/You claim Northvale\.\s+done/);
    expect(red).not.toContain('none could be carried out');
  });

  it('reads refused lines only in the step they were sent for, again after a rollback to it', async () => {
    clock.set('2026-12-01T10:00:00Z');
    const id = await storeFixtureGame(rt, { schedule: { every: '3d', start: '2026-12-01T20:00:00Z', reminders: [] } });
    games.push(id);
    await scheduler.adopt(id);
    await scheduler.tick();
    await redWrites(id, 'ruby-falcon\nclaim atlantis\n');
    const published = (label: string) =>
      waitFor(`step ${label} published`, async () => (await rt.outbox.entry(id, `report:${label}:red`)) && (await rt.schedules.get(id))?.status === 'open');
    await control.processNow(id);
    await published('1');
    expect(await text(id, 'report:1:red')).toContain('none could be carried out');

    // Red writes nothing for turn 2: the lines refused for turn 1 are not turn 2's.
    await control.processNow(id);
    await published('2');
    expect((await rt.store.record(id, 2))!.refused).toBeUndefined();
    expect(await text(id, 'report:2:red')).toContain('We had no orders from you');

    // Turn 1 played again stands on what red sent for it, as its orders in force do.
    await control.rollback(id, 1);
    await control.processNow(id);
    await published('1.1');
    expect(await text(id, 'report:1.1:red')).toMatch(/none could be carried out[\s\S]*claim atlantis/);
  });
});
