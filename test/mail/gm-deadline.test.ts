// The GM's clock by email, on the real GameControl, scheduler and workers: a deadline that is past
// or closer than the minimum notice is refused unless the GM says NOW, and an extended turn does
// not shorten the next one.
import pino from 'pino';
import { describe, expect, it } from 'vitest';
import { Scheduler } from '../../src/turns/scheduler.ts';
import { createGameControl } from '../../src/turns/scheduler-control.ts';
import { claim, storeFixtureGame, testClock, testRuntime, useWorkers, waitFor } from '../turns/support.ts';
import { gmCommand } from './support/mail-game.ts';

const clock = testClock('2026-12-01T10:00:00Z');
// The test jumps days at a time; that still counts as "up" here (the safety stop has its own test).
const rt = testRuntime(clock, undefined, { downAfterMs: 30 * 86_400_000 });
const scheduler = new Scheduler(rt, { tickMs: 1000 });
const control = createGameControl(rt);
const deps = { store: rt.store, outbox: rt.outbox, control, now: clock.now, logger: pino({ level: 'silent' }), address: 'game@adjutant.test' };
const games: string[] = [];

useWorkers(rt, games);

async function newGame(schedule: Record<string, unknown> = {}): Promise<string> {
  clock.set('2026-12-01T10:00:00Z');
  const id = await storeFixtureGame(rt, {
    gm: { name: 'Grace the GM', email: 'gm@adjutant.test', secret: 'grey-heron' },
    schedule: { every: '3d', start: '2026-12-01T20:00:00Z', reminders: [], ...schedule },
  });
  games.push(id);
  await scheduler.adopt(id);
  await scheduler.tick();
  return id;
}

/** The GM's command email through the mail loop; returns the reply. */
async function gm(id: string, line: string): Promise<string> {
  const messageId = await gmCommand(deps, id, line, clock.now());
  return (await rt.outbox.entry(id, `reply:${messageId}`))!.text;
}

const deadlineOf = async (id: string) => (await control.status(id)).deadline?.toISOString();

describe('the GM sets a deadline by email', () => {
  it('refuses a deadline already past, which would adjudicate at once, until the GM says NOW', async () => {
    const id = await newGame();
    await claim(rt, id, 'red', 'nor');
    const refused = await gm(id, 'DEADLINE 2026-12-01 09:00');
    expect(refused).toContain('Not done: Tuesday, 1 December 2026 at 09:00 (Europe/London) is already past, so the turn would be adjudicated at once.');
    expect(refused).toContain('NOW');
    expect(await deadlineOf(id)).toBe('2026-12-01T20:00:00.000Z');
    clock.set('2026-12-01T10:00:02Z');
    await scheduler.tick();
    expect((await rt.schedules.get(id))!.status).toBe('open');
    expect(await rt.store.step(id)).toBe(0);

    expect(await gm(id, 'DEADLINE 2026-12-01 09:00 NOW')).toContain('Done: the deadline is now Tuesday, 1 December 2026 at 09:00');
    await scheduler.tick();
    await waitFor('the turn adjudicated', async () => (await rt.store.step(id)) === 1);
  });

  it("holds DEADLINE and EXTEND to the game's minimum notice, except to move a running deadline later", async () => {
    const id = await newGame({ minimumNotice: '2h', missedOrders: 'wait' });
    expect(await gm(id, 'DEADLINE 2026-12-01 11:30')).toContain(
      "Not done: the deadline would be Tuesday, 1 December 2026 at 11:30 (Europe/London), which leaves players less than the game's minimum notice (2h).",
    );
    expect(await deadlineOf(id)).toBe('2026-12-01T20:00:00.000Z');
    expect(await gm(id, 'DEADLINE 2026-12-01 12:30')).toContain('Done: the deadline is now Tuesday, 1 December 2026 at 12:30');
    clock.set('2026-12-01T12:15:00Z');
    expect(await gm(id, 'EXTEND 30m')).toContain('Done: the deadline is now Tuesday, 1 December 2026 at 13:00');

    // Orders are missing at the deadline: the game waits for the GM, its clock stopped.
    clock.set('2026-12-01T13:00:01Z');
    await scheduler.tick();
    expect((await rt.schedules.get(id))!.status).toBe('waiting');
    clock.set('2026-12-01T13:05:00Z');
    expect(await gm(id, 'EXTEND 30m')).toContain(
      "Not done: the deadline would be Tuesday, 1 December 2026 at 13:35 (Europe/London), which leaves players less than the game's minimum notice (2h).",
    );
    expect((await rt.schedules.get(id))!.status).toBe('waiting');
    expect(await gm(id, 'EXTEND 30m NOW')).toContain('Done: the deadline is now Tuesday, 1 December 2026 at 13:35');
    expect((await rt.schedules.get(id))!.status).toBe('open');
  });
});

describe('the turn after an extended one', () => {
  it('keeps its length: the next slot a whole turn after the extended deadline', async () => {
    const id = await newGame();
    expect(await gm(id, 'EXTEND 2d')).toContain('Done: the deadline is now Thursday, 3 December 2026 at 20:00');
    clock.set('2026-12-03T20:00:01Z');
    await scheduler.tick();
    await waitFor('the next step', async () => (await rt.schedules.get(id))?.step === 2);
    // Not the slot of 4 December, a day later: the first slot at least three days on.
    expect((await rt.schedules.get(id))!.deadline).toBe('2026-12-07T20:00:00.000Z');
  });

  it('keeps the turn length itself with keep: length', async () => {
    const id = await newGame({ keep: 'length' });
    await gm(id, 'EXTEND 2d');
    clock.set('2026-12-03T20:00:01Z');
    await scheduler.tick();
    await waitFor('the next step', async () => (await rt.schedules.get(id))?.step === 2);
    expect((await rt.schedules.get(id))!.deadline).toBe('2026-12-06T20:00:00.000Z');
  });
});
