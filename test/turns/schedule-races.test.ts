// Races between a scheduler reading the game and a worker finishing a step, replayed
// deterministically: the read is held back until the worker has moved the game on.
import { storedConfig } from '../../src/store/stored-game.ts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runStep } from '../../src/turns/run-step.ts';
import { ensureSchedule, finishStep } from '../../src/turns/turn-steps.ts';
import { type TurnRuntime } from '../../src/turns/turn-runtime.ts';
import { requireServices } from '../support/services.ts';
import { claim, cleanUp, storeFixtureGame, testClock, testRuntime } from './support.ts';

const clock = testClock('2026-12-01T10:00:00Z');
const rt = testRuntime(clock);
const games: string[] = [];

beforeAll(() => requireServices(['redis']));
afterAll(async () => {
  await cleanUp(rt, games);
  await rt.close();
});

/** The runtime as seen by a reader whose MGET answers only after `meanwhile` has run. */
function slowReader(meanwhile: () => Promise<void>): TurnRuntime {
  const redis = new Proxy(rt.redis, {
    get(target, name, receiver) {
      if (name !== 'mget') return Reflect.get(target, name, receiver);
      return async (...keys: string[]) => {
        const values = await target.mget(...keys);
        await meanwhile();
        return values;
      };
    },
  });
  return { ...rt, store: Object.assign(Object.create(rt.store), { redis }) };
}

describe('a schedule read that races a finishing step', () => {
  it('does not take the game back to the step it read when a worker committed and moved on meanwhile', async () => {
    const id = await storeFixtureGame(rt, { schedule: { dates: ['2026-12-01T20:00:00Z', '2026-12-04T20:00:00Z'], reminders: [] } });
    games.push(id);
    const config = await storedConfig(rt.store, id);
    await ensureSchedule(rt, id, config);
    await claim(rt, id, 'red', 'nor');
    clock.set('2026-12-01T20:00:05Z');

    const seen = await ensureSchedule(
      slowReader(async () => {
        await runStep(rt.store, id, { seed: 'race', now: rt.now });
        await finishStep(rt, id, 1, 0);
      }),
      id,
      config,
    );
    expect(seen.step).toBe(2);
    const s = (await rt.schedules.get(id))!;
    expect([s.step, s.status, s.deadline]).toEqual([2, 'open', '2026-12-04T20:00:00.000Z']);
  });
});
