// What the GM's commands do to a running game (GameControl), on the real Redis and BullMQ.
import { describe, expect, it } from 'vitest';
import { Scheduler } from '../../src/turns/scheduler.ts';
import { ControlError } from '../../src/turns/game-control.ts';
import { createGameControl } from '../../src/turns/scheduler-control.ts';
import { claim, outboxEntries, storeFixtureGame, testClock, testRuntime, useWorkers, waitFor } from './support.ts';

const clock = testClock('2026-12-01T10:00:00Z');
const rt = testRuntime(clock, undefined, { downAfterMs: 86_400_000 });
const scheduler = new Scheduler(rt, { tickMs: 1000 });
const control = createGameControl(rt);
const games: string[] = [];
const SCHEDULE = { every: '3d', start: '2026-12-01T20:00:00Z', reminders: [] };

useWorkers(rt, games);

async function newGame(changes: Record<string, unknown> = {}): Promise<string> {
  clock.set('2026-12-01T10:00:00Z');
  const id = await storeFixtureGame(rt, { schedule: SCHEDULE, ...changes });
  games.push(id);
  await scheduler.adopt(id);
  await scheduler.tick();
  return id;
}

const stepOf = (id: string, step: number) =>
  waitFor(`step ${step}`, async () => (await rt.store.step(id)) === step && (await rt.schedules.get(id))?.step === step + 1);

describe('GM control of a running game', () => {
  it('adjudicates a step once however many triggers arrive together', async () => {
    const id = await newGame();
    await claim(rt, id, 'red', 'nor');
    clock.set('2026-12-01T20:00:00Z');
    const other = new Scheduler(rt, { tickMs: 1000 });
    await Promise.all([scheduler.tick(), other.tick(), scheduler.tick(), control.processNow(id), control.processNow(id)]);
    const s = (await rt.schedules.get(id))!;
    await Promise.all([
      rt.queues.adjudicate({ gameId: id, step: 1, epoch: 0, run: s.run }),
      rt.queues.adjudicate({ gameId: id, step: 1, epoch: 0, run: s.run }),
    ]);
    await stepOf(id, 1);
    await waitFor('reports', async () => (await outboxEntries(rt, id)).length === 4);
    // A late duplicate of the finished job, and more ticks, change nothing.
    await rt.queues.adjudicate({ gameId: id, step: 1, epoch: 0, run: 1 });
    await scheduler.tick();
    await new Promise((r) => setTimeout(r, 300));
    expect(await rt.store.step(id)).toBe(1);
    expect((await rt.store.history(id)).length).toBe(1);
    expect((await outboxEntries(rt, id)).map((e) => e.key)).toEqual(['report:1:blue', 'report:1:red', 'summary:1', 'update:1']);
  });

  it('previews for the GM, re-runs with the same dice or new ones, and publishes on PUBLISH', async () => {
    const id = await newGame({ preview: true });
    await claim(rt, id, 'red', 'mid');
    await claim(rt, id, 'blue', 'mid');
    clock.set('2026-12-01T20:00:00Z');
    await scheduler.tick();
    await waitFor('the preview', async () => (await control.status(id)).previewStep === 1);
    expect(await rt.store.step(id)).toBe(0);
    const first = (await outboxEntries(rt, id)).find((e) => e.key === 'gm:preview:1:1')!;
    expect(first.to).toEqual(['gm@adjutant.test']);
    expect(first.text).toContain('PUBLISH');
    expect((await outboxEntries(rt, id)).some((e) => e.key.startsWith('report:'))).toBe(false);

    const seed = (await rt.schedules.get(id))!.seed;
    await control.rerun(id, { reroll: false });
    await waitFor('run 2', async () => (await outboxEntries(rt, id)).some((e) => e.key === 'gm:preview:1:2'));
    const diceOf = (key: string) => async () => (await outboxEntries(rt, id)).find((e) => e.key === key)!.text.split('DICE')[1];
    expect(await diceOf('gm:preview:1:2')()).toBe(await diceOf('gm:preview:1:1')());
    expect((await rt.schedules.get(id))!.seed).toBe(seed);

    await control.rerun(id, { reroll: true });
    await waitFor('run 3', async () => (await control.status(id)).previewStep === 1 && (await rt.schedules.get(id))!.run === 3);
    expect((await rt.schedules.get(id))!.seed).not.toBe(seed);

    await control.publish(id);
    await control.publish(id); // a second PUBLISH is harmless
    await stepOf(id, 1);
    expect((await rt.store.record(id, 1))!.seed).toBe((await rt.store.history(id))[0].seed);
    await waitFor('reports', async () => (await outboxEntries(rt, id)).some((e) => e.key === 'report:1:red'));
    await expect(control.rerun(id, { reroll: false })).rejects.toThrow(ControlError);
  });

  it('rolls back to a turn, keeping what was undone, and replays it as new work', async () => {
    const id = await newGame();
    await claim(rt, id, 'red', 'nor');
    await control.processNow(id);
    await stepOf(id, 1);
    await claim(rt, id, 'blue', 'sou');
    await control.processNow(id);
    await stepOf(id, 2);
    await waitFor('step 2 reports', async () => (await outboxEntries(rt, id)).some((e) => e.key === 'summary:2'));

    await control.rollback(id, 2);
    expect(await rt.store.step(id)).toBe(1);
    expect((await rt.store.state(id)).turn).toBe(2);
    expect((await rt.store.state(id)).provinces.sou.owner).toBeNull();
    expect((await rt.store.ordersInForce(id)).blue.orders).toEqual([{ kind: 'claim', province: 'sou' }]);
    expect((await rt.store.undoneSteps(id)).map((u) => u.record.step)).toEqual([2]);
    await expect(control.rollback(id, 9)).rejects.toThrow(/no adjudicated step/);

    await claim(rt, id, 'blue', 'mid');
    await control.processNow(id);
    await waitFor('the replayed step', async () => (await rt.store.step(id)) === 2 && (await rt.schedules.get(id))?.step === 3);
    expect((await rt.store.state(id)).provinces.mid.owner).toBe('blue');
    await waitFor('replayed reports', async () => (await outboxEntries(rt, id)).some((e) => e.key === 'report:2.1:blue'));
    expect((await rt.outbox.entry(id, 'report:2.1:blue'))!.text).toContain('You claim Midvale.');
  });

  it('pauses and resumes with the time that was left', async () => {
    const id = await newGame();
    clock.set('2026-12-01T16:00:00Z');
    await control.pause(id);
    const paused = await control.status(id);
    expect([paused.paused, paused.deadline]).toEqual([true, null]);
    clock.set('2026-12-03T00:00:00Z');
    await scheduler.tick();
    expect(await rt.store.step(id)).toBe(0);
    await control.resume(id);
    expect((await control.status(id)).deadline?.toISOString()).toBe('2026-12-03T04:00:00.000Z');
  });

  it('pushes later deadlines, not the current one, for an absence', async () => {
    const id = await newGame();
    await control.absence(id, 'red', new Date('2026-12-01T00:00:00Z'), new Date('2026-12-05T12:00:00Z'));
    expect((await control.status(id)).deadline?.toISOString()).toBe('2026-12-01T20:00:00.000Z');
    clock.set('2026-12-01T20:00:00Z');
    await scheduler.tick();
    await stepOf(id, 1);
    expect((await rt.schedules.get(id))!.deadline).toBe('2026-12-05T12:00:00.000Z');
    await expect(control.absence(id, 'green', new Date(), new Date())).rejects.toThrow(/no nation "green"/);
  });
});
