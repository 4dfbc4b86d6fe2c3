// After a ROLLBACK and the rerun of the turn, on the real Redis and BullMQ: missed turns are counted
// again from the steps that stand (the undone one no longer counts), and the rerun's mails say that
// they replace the results the rollback withdrew, while a step published for the first time says
// nothing of the kind.
import { describe, expect, it } from 'vitest';
import { storedConfig } from '../../src/store/stored-game.ts';
import { runStep } from '../../src/turns/run-step.ts';
import { notePublished } from '../../src/turns/rerun.ts';
import { Scheduler } from '../../src/turns/scheduler.ts';
import { createGameControl } from '../../src/turns/scheduler-control.ts';
import { ensureSchedule } from '../../src/turns/turn-steps.ts';
import { claim, outboxEntries, storeFixtureGame, testClock, testRuntime, useWorkers, waitFor } from './support.ts';

const clock = testClock('2026-12-01T10:00:00Z');
const rt = testRuntime(clock, undefined, { downAfterMs: 86_400_000 });
const scheduler = new Scheduler(rt, { tickMs: 1000 });
const control = createGameControl(rt);
const games: string[] = [];
const SCHEDULE = { every: '3d', start: '2026-12-01T20:00:00Z', reminders: [] };

useWorkers(rt, games);

async function newGame(): Promise<string> {
  const id = await storeFixtureGame(rt, { schedule: SCHEDULE });
  games.push(id);
  await scheduler.adopt(id);
  return id;
}

/** Waits until step `label` ("2", or "2.1" after a rollback) is published and the next step open. */
const published = (id: string, label: string) =>
  waitFor(`step ${label} published`, async () => (await rt.outbox.entry(id, `summary:${label}`)) && (await rt.schedules.get(id))?.status === 'open');

/** Red claims `province`, Bluevale orders nothing, and the step is adjudicated and published. */
async function playStep(id: string, province: string, label: string): Promise<void> {
  await claim(rt, id, 'red', province);
  await control.processNow(id);
  await published(id, label);
}

const mail = async (id: string, key: string) => (await rt.outbox.entry(id, key))!;
const LEAD = 'The results of turn 2 sent earlier were withdrawn when the GM rolled the game back, and these replace them.';

describe('a rollback and the rerun of the turn', () => {
  it('counts missed turns from the steps that stand, so the undone turn no longer counts', async () => {
    const id = await newGame();
    await playStep(id, 'nor', '1');
    await playStep(id, 'mid', '2');
    expect((await rt.schedules.get(id))!.missed).toEqual({ blue: 2, red: 0 });
    expect((await mail(id, 'gm:missed:2:blue')).subject).toContain('Bluevale has missed 2 turns');

    await control.rollback(id, 2);
    // Only turn 1 stands, and Bluevale missed that one alone.
    expect((await rt.schedules.get(id))!.missed).toEqual({ blue: 1, red: 0 });

    await control.processNow(id);
    await published(id, '2.1');
    expect((await rt.store.record(id, 2))!.missing).toEqual(['blue']);
    expect((await mail(id, 'gm:missed:2.1:blue')).subject).toContain('Bluevale has missed 2 turns');
    expect((await rt.schedules.get(id))!.missed).toEqual({ blue: 2, red: 0 });
  });

  it('counts missed turns of steps whose records name no missing nations by the orders they hold', async () => {
    const id = await storeFixtureGame(rt, { schedule: SCHEDULE });
    games.push(id);
    await claim(rt, id, 'red', 'nor');
    await runStep(rt.store, id, { seed: 'one', now: rt.now });
    await runStep(rt.store, id, { seed: 'two', now: rt.now });
    expect((await rt.store.record(id, 2))!.missing).toBeUndefined();
    const s = await ensureSchedule(rt, id, await storedConfig(rt.store, id));
    expect([s.step, s.missed]).toEqual([3, { blue: 2, red: 1 }]);
  });

  it("tells every player, and the GM, that the rerun's results replace the withdrawn ones", async () => {
    const id = await newGame();
    await playStep(id, 'nor', '1');
    await playStep(id, 'mid', '2');
    await control.rollback(id, 2);
    await control.processNow(id);
    await published(id, '2.1');

    const keys = (await outboxEntries(rt, id)).map((e) => e.key).filter((k) => /^(report|summary|update):/.test(k));
    expect(keys.filter((k) => k.includes(':2.1'))).toEqual(['report:2.1:blue', 'report:2.1:red', 'summary:2.1', 'update:2.1']);
    for (const key of ['report:2.1:blue', 'report:2.1:red', 'summary:2.1']) {
      const rerun = await mail(id, key);
      const first = await mail(id, key.replace('2.1', '2'));
      expect(rerun.subject).toBe(`${first.subject} (rerun)`);
      expect(rerun.text.startsWith(`${LEAD}\n\n`)).toBe(true);
    }
    expect((await mail(id, 'report:2.1:red')).html).toMatch(new RegExp(`<body[^>]*>\\n<p><strong>${LEAD}</strong></p>`));
    // No forum here: the GM's copy of the update carries the sentence for the thread.
    expect((await mail(id, 'update:2.1')).text).toMatch(/^This update replaces the update of turn 2 posted earlier, which was withdrawn/);
    // A step published for the first time says nothing of a rerun.
    for (const key of ['report:1:red', 'report:2:red', 'summary:2']) expect((await mail(id, key)).subject).not.toContain('(rerun)');
    expect((await mail(id, 'report:2:red')).text).not.toContain('withdrawn');
  });

  it('knows which publication of a step a later one replaces, however often it is asked', async () => {
    const id = await newGame();
    expect(await notePublished(rt.redis, id, 3, 0, 2)).toBeUndefined();
    // Two rollbacks, the first before step 3 went out again: the withdrawn results are those of epoch 0.
    expect(await notePublished(rt.redis, id, 3, 2, 2)).toEqual({ epoch: 0, turn: 2 });
    expect(await notePublished(rt.redis, id, 3, 2, 2)).toEqual({ epoch: 0, turn: 2 });
    expect(await notePublished(rt.redis, id, 3, 3, 3)).toEqual({ epoch: 2, turn: 2 });
    expect(await notePublished(rt.redis, id, 4, 3, 3)).toBeUndefined();
  });
});
