// When a deadline does not simply adjudicate: the service was down across it, orders are missing
// (grace, wait, standing orders, alerts), or the ruleset fails.
import { describe, expect, it } from 'vitest';
import { rulesets } from '../../src/rulesets/index.ts';
import { Scheduler } from '../../src/turns/scheduler.ts';
import { createGameControl } from '../../src/turns/scheduler-control.ts';
import { fixtureRuleset } from '../support/fixture-claims/index.ts';
import { claim, outboxEntries, storeFixtureGame, testClock, testRuntime, useWorkers, waitFor, tickUntil } from './support.ts';

const clock = testClock('2026-12-01T10:00:00Z');
const rt = testRuntime(clock, undefined, { downAfterMs: 2 * 3_600_000, minimumNoticeMs: 3_600_000 });
const scheduler = new Scheduler(rt, { tickMs: 1000 });
const control = createGameControl(rt);
const games: string[] = [];

// A ruleset that throws while `broken` is set, standing for a ruleset bug the GM works around.
let broken = true;
if (!rulesets.has('fixture-fragile')) {
  rulesets.add({
    ...fixtureRuleset,
    id: 'fixture-fragile',
    adjudicate: (ctx, state, orders, dice) => {
      if (broken) throw new TypeError('Cannot read properties of undefined (reading "owner")');
      return fixtureRuleset.adjudicate(ctx, state, orders, dice);
    },
  });
}

useWorkers(rt, games);

async function newGame(schedule: Record<string, unknown> = {}, changes: Record<string, unknown> = {}): Promise<string> {
  clock.set('2026-12-01T10:00:00Z');
  const id = await storeFixtureGame(rt, { schedule: { every: '3d', start: '2026-12-01T20:00:00Z', reminders: [], ...schedule }, ...changes });
  games.push(id);
  await scheduler.adopt(id);
  await scheduler.tick();
  return id;
}

const runUntil = (at: string) => tickUntil(scheduler, clock, at);

const gmMail = async (id: string, prefix: string) => (await outboxEntries(rt, id)).filter((e) => e.key.startsWith(`gm:${prefix}`));

describe('deadlines that stop for the GM or wait', () => {
  it('does not adjudicate a deadline missed while the service was down: it asks the GM, and RESUME gives the time back', async () => {
    const id = await newGame();
    await runUntil('2026-12-01T19:00:00Z');
    clock.set('2026-12-02T09:00:00Z'); // down from 19:00 to 09:00 next day
    await scheduler.tick();
    await new Promise((r) => setTimeout(r, 200));
    expect(await rt.store.step(id)).toBe(0);
    const status = await control.status(id);
    expect(status.waitingForGm).toMatch(/RESUME or PROCESS/);
    const [notice] = await gmMail(id, 'down:');
    expect(notice.to).toEqual(['gm@adjutant.test']);
    expect(notice.text).toContain('RESUME');
    await control.resume(id);
    // One hour was left at 19:00; that is also the minimum notice.
    expect((await control.status(id)).deadline?.toISOString()).toBe('2026-12-02T10:00:00.000Z');
  });

  it('adjudicates a missed deadline when the GM answers PROCESS', async () => {
    const id = await newGame();
    await claim(rt, id, 'red', 'nor');
    await runUntil('2026-12-01T19:55:00Z');
    clock.set('2026-12-01T23:00:00Z');
    await scheduler.tick();
    expect((await rt.schedules.get(id))!.status).toBe('waiting');
    await control.processNow(id);
    await waitFor('step 1', async () => (await rt.store.step(id)) === 1);
    expect((await rt.store.state(id)).provinces.nor.owner).toBe('red');
  });

  it('waits out the grace period for missing orders, then lets missing nations hold', async () => {
    const id = await newGame({ grace: '1h' });
    await claim(rt, id, 'red', 'nor');
    await runUntil('2026-12-01T20:30:00Z');
    expect(await rt.store.step(id)).toBe(0);
    expect((await control.status(id)).missing).toEqual(['blue']);
    await runUntil('2026-12-01T21:00:00Z');
    await waitFor('step 1', async () => (await rt.store.step(id)) === 1);
    expect((await rt.store.record(id, 1))!.orders.blue).toEqual([]);
  });

  it('adjudicates within the grace period as soon as the last orders arrive', async () => {
    const id = await newGame({ grace: '2h' });
    await claim(rt, id, 'red', 'nor');
    await runUntil('2026-12-01T20:10:00Z');
    await claim(rt, id, 'blue', 'sou');
    await runUntil('2026-12-01T20:15:00Z');
    await waitFor('step 1', async () => (await rt.store.step(id)) === 1);
    expect((await rt.store.state(id)).provinces.sou.owner).toBe('blue');
  });

  it('with missedOrders "wait", asks the GM and adjudicates once the missing orders come in', async () => {
    const id = await newGame({ missedOrders: 'wait' });
    await claim(rt, id, 'red', 'nor');
    await runUntil('2026-12-01T20:05:00Z');
    expect((await control.status(id)).waitingForGm).toMatch(/waits for orders from blue/);
    expect((await gmMail(id, 'missing:')).length).toBe(1);
    await claim(rt, id, 'blue', 'mid');
    await runUntil('2026-12-01T20:10:00Z');
    await waitFor('step 1', async () => (await rt.store.step(id)) === 1);
    expect((await rt.store.state(id)).provinces.mid.owner).toBe('blue');
  });

  it('with missedOrders "standing", repeats last turn orders, counts missed turns and alerts the GM', async () => {
    const id = await newGame({ missedOrders: 'standing', alertAfterMissed: 2 });
    await claim(rt, id, 'red', 'nor');
    await claim(rt, id, 'blue', 'sou');
    await runUntil('2026-12-01T20:00:00Z');
    await waitFor('step 1', async () => (await rt.schedules.get(id))?.step === 2);
    await runUntil('2026-12-04T20:00:00Z');
    await waitFor('step 2', async () => (await rt.schedules.get(id))?.step === 3);
    await claim(rt, id, 'red', 'mid');
    expect((await gmMail(id, 'missed:')).length).toBe(0);
    await runUntil('2026-12-07T20:00:00Z');
    await waitFor('step 3', async () => (await rt.schedules.get(id))?.step === 4);
    // Blue's orders of step 1 were repeated twice; red ordered again on step 3.
    expect((await rt.store.record(id, 2))!.orders).toEqual({ red: [{ kind: 'claim', province: 'nor' }], blue: [{ kind: 'claim', province: 'sou' }] });
    expect((await rt.store.record(id, 3))!.orders.blue).toEqual([{ kind: 'claim', province: 'sou' }]);
    expect((await rt.schedules.get(id))!.missed).toEqual({ red: 0, blue: 2 });
    const alerts = await waitFor('the alert', async () => {
      const found = await gmMail(id, 'missed:');
      return found.length ? found : undefined;
    });
    expect(alerts.map((a) => a.key)).toEqual(['gm:missed:3:blue']);
    expect(alerts[0].text).toMatch(/missed 2 turns in a row/);
  });

  it('fails fast on a ruleset error, tells the GM, and PROCESS runs it again once fixed', async () => {
    broken = true;
    const id = await newGame({}, { ruleset: 'fixture-fragile', options: {} });
    await claim(rt, id, 'red', 'nor');
    await runUntil('2026-12-01T20:00:00Z');
    const [fault] = await waitFor('the GM notice', async () => {
      const found = await gmMail(id, 'fault:');
      return found.length ? found : undefined;
    });
    expect(fault.text).toContain('Cannot read properties of undefined');
    expect((await control.status(id)).waitingForGm).toMatch(/Adjudication failed/);
    const failed = await rt.queues.adjudicateQueue.getFailed();
    expect(failed.filter((j) => j.data.gameId === id).map((j) => j.attemptsMade)).toEqual([1]);

    broken = false;
    await control.processNow(id);
    await waitFor('step 1', async () => (await rt.store.step(id)) === 1);
    expect((await rt.store.state(id)).provinces.nor.owner).toBe('red');
  });
});
