// A game from its last turns to its end, on the real Redis and BullMQ workers: a nation put out of
// the game is no longer asked for orders, a nation reaching game.yaml's target wins, the final
// update and every report say so, the clock stops for good, and a ROLLBACK plays on.
import { randomUUID } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { stringify, parse } from 'yaml';
import { describe, expect, it } from 'vitest';
import { openGame } from '../../src/game/open-game.ts';
import { Scheduler } from '../../src/turns/scheduler.ts';
import { createGameControl } from '../../src/turns/scheduler-control.ts';
import { GameOverError } from '../../src/turns/game-control.ts';
import { claim, FIXTURE, outboxEntries, testClock, testRuntime, useWorkers, waitFor } from './support.ts';

const clock = testClock('2026-12-01T10:00:00Z');
// The test jumps days at a time; that still counts as "up" here (the safety stop has its own test).
const rt = testRuntime(clock, undefined, { downAfterMs: 30 * 86_400_000 });
const scheduler = new Scheduler(rt, { tickMs: 1000 });
const control = createGameControl(rt);
const games: string[] = [];

useWorkers(rt, games);

const green = { name: 'Greenholt', colour: '#27ae60', player: { name: 'Player Three', email: 'player3@adjutant.test' }, secret: 'jade-heron' };

/** The claims fixture with a third nation, each holding one province at the start (state.yaml). */
async function storeHeldGame(changes: Record<string, unknown>): Promise<string> {
  const game = parse(await readFile(path.join(FIXTURE, 'game.yaml'), 'utf8')) as { nations: Record<string, unknown> };
  const nations = { ...game.nations, green };
  const state = {
    turn: 1,
    phase: 'orders',
    nations: { red: { id: 'red', name: 'Redmark' }, blue: { id: 'blue', name: 'Bluevale' }, green: { id: 'green', name: 'Greenholt' } },
    provinces: { nor: { owner: 'red' }, mid: { owner: 'green' }, sou: { owner: 'blue' }, bay: { owner: null } },
    units: [],
    nextUnitId: 1,
  };
  const files = {
    'game.yaml': stringify({ ...game, nations, schedule: { every: '3d', start: '2026-12-01T20:00:00Z', reminders: [] }, ...changes }),
    'map.yaml': await readFile(path.join(FIXTURE, 'map.yaml'), 'utf8'),
    'state.yaml': stringify(state),
  };
  const id = `t-${randomUUID()}`;
  const opened = openGame(id, files);
  if (!opened.game) throw new Error(opened.problems.map((p) => p.message).join('\n'));
  await rt.store.createGame(id, { files, state: opened.game.state });
  games.push(id);
  clock.set('2026-12-01T10:00:00Z');
  await scheduler.adopt(id);
  await scheduler.tick();
  return id;
}

async function playStep(id: string, step: number, at: string): Promise<void> {
  clock.set(at);
  await scheduler.tick();
  await waitFor(`the GM summary of step ${step}`, async () => (await outboxEntries(rt, id)).some((e) => e.key === `summary:${step}`));
}

/** The message's text, with the forum update's BBCode tags taken out. */
const textOf = async (id: string, key: string) => ((await rt.outbox.entry(id, key))?.text ?? '').replace(/\[\/?[A-Z]+(=[^\]]*)?\]/g, '');

describe('the end of a game', () => {
  it('puts a nation with nothing left out of the game, stops asking it for orders, and mails it the end', async () => {
    const id = await storeHeldGame({ end: { lastTurn: 3 } });
    await claim(rt, id, 'red', 'sou');
    await playStep(id, 1, '2026-12-01T20:00:01Z');
    expect((await rt.store.state(id)).provinces.sou.owner).toBe('red');
    for (const key of ['report:1:blue', 'report:1:red', 'update:1', 'summary:1']) expect(await textOf(id, key)).toContain('Bluevale is out of the game.');

    // Red and Green still play: the game goes on, and Blue is neither missing nor reported to again.
    await waitFor('step 2', async () => (await rt.schedules.get(id))?.status === 'open' && (await rt.schedules.get(id))?.step === 2);
    const status = await control.status(id);
    expect(status.out).toEqual(['blue']);
    expect(status.missing).toEqual(['green', 'red']);
    expect(status.over).toBeUndefined();
    await playStep(id, 2, '2026-12-04T20:00:01Z');
    const keys = (await outboxEntries(rt, id)).map((e) => e.key).filter((k) => k.includes(':2'));
    // Green missed its second turn in a row and the GM hears of it; Blue, out, is not counted.
    expect(keys).toEqual(['gm:missed:2:green', 'report:2:green', 'report:2:red', 'summary:2', 'update:2']);
    // Counted once, in the step it happened: not again.
    expect(await textOf(id, 'update:2')).not.toContain('out of the game');
    expect(await textOf(id, 'summary:2')).not.toContain('No orders from: Bluevale');

    // The last turn: the final results go to every player, Blue too.
    await playStep(id, 3, '2026-12-07T20:00:01Z');
    const over = 'The game is over after its last turn: Redmark wins, holding 2 provinces.';
    for (const key of ['report:3:blue', 'report:3:red', 'report:3:green', 'update:3']) expect(await textOf(id, key)).toContain(over);
  });

  it("ends the game when a nation holds game.yaml's target: the last update says so, and the clock stops until a ROLLBACK", async () => {
    const id = await storeHeldGame({ end: { target: 3 } });
    await claim(rt, id, 'red', 'bay');
    await rt.store.setOrders(id, 'red', {
      orders: [
        { kind: 'claim', province: 'bay' },
        { kind: 'claim', province: 'sou' },
      ],
      mails: [],
    });
    await playStep(id, 1, '2026-12-01T20:00:01Z');
    const over = 'The game is over: Redmark wins, holding 3 provinces.';
    for (const key of ['report:1:red', 'report:1:blue', 'report:1:green', 'update:1', 'summary:1']) expect(await textOf(id, key)).toContain(over);
    expect(await textOf(id, 'report:1:red')).not.toContain('Next deadline');

    const schedule = await waitFor('the game to be over', async () => {
      const s = await rt.schedules.get(id);
      return s?.status === 'over' ? s : undefined;
    });
    expect(schedule).toMatchObject({ step: 2, deadline: null, over: { turn: 1, why: 'target', winners: ['red'] } });
    const status = await control.status(id);
    expect(status.over?.winners).toEqual(['red']);
    expect(status.deadline).toBeNull();
    expect(status.missing).toEqual(['green', 'red']);

    // Nothing moves the clock of a game that is over, and no deadline passing adjudicates it.
    await expect(control.extend(id, 86_400_000)).rejects.toBeInstanceOf(GameOverError);
    await expect(control.setDeadline(id, new Date('2026-12-09T20:00:00Z'))).rejects.toThrow(/turn 1 was its last/);
    await expect(control.processNow(id)).rejects.toBeInstanceOf(GameOverError);
    await expect(control.resume(id)).rejects.toBeInstanceOf(GameOverError);
    clock.set('2026-12-20T20:00:00Z');
    await scheduler.tick();
    await new Promise((r) => setTimeout(r, 500));
    expect(await rt.store.step(id)).toBe(1);

    // A ROLLBACK undoes the end with the step that made it: the turn is open again.
    await control.rollback(id, 1);
    const reopened = (await rt.schedules.get(id))!;
    expect(reopened).toMatchObject({ step: 1, epoch: 1, status: 'open' });
    expect(reopened.over).toBeUndefined();
    expect((await control.status(id)).over).toBeUndefined();
  });
});
