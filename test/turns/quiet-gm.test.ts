// A GM who goes quiet (gm.silence): reminded once at a deadline past `remind`, and past `pause` the
// turn stops at its deadline, the players and the GM told why, until the GM answers.
import { describe, expect, it } from 'vitest';
import { Scheduler } from '../../src/turns/scheduler.ts';
import { createGameControl } from '../../src/turns/scheduler-control.ts';
import { gameKeys } from '../../src/store/keys.ts';
import { outboxEntries, storeFixtureGame, testClock, testRuntime, useWorkers, waitFor, tickUntil } from './support.ts';

const clock = testClock('2026-12-01T10:00:00Z');
const rt = testRuntime(clock, undefined, { downAfterMs: 2 * 3_600_000, minimumNoticeMs: 3_600_000 });
const scheduler = new Scheduler(rt, { tickMs: 1000 });
const control = createGameControl(rt);
const games: string[] = [];

useWorkers(rt, games);

async function newGame(silence: unknown): Promise<string> {
  clock.set('2026-12-01T10:00:00Z');
  const id = await storeFixtureGame(rt, {
    schedule: { every: '3d', start: '2026-12-01T20:00:00Z', reminders: [] },
    gm: { name: 'Grace the GM', email: 'gm@adjutant.test', silence },
  });
  games.push(id);
  await scheduler.adopt(id);
  await scheduler.tick();
  return id;
}

const runUntil = (at: string) => tickUntil(scheduler, clock, at, 60 * 60_000);

const mails = async (id: string, prefix: string) => (await outboxEntries(rt, id)).filter((e) => e.key.startsWith(prefix));

describe('a GM who goes quiet', () => {
  it('is reminded once past the first limit, and past the second the turn stops at its deadline until the GM answers', async () => {
    const id = await newGame({ remind: '4d', pause: '7d' });
    // Counted from the first deadline (20:00 on the 1st): 3 days at the second deadline, 6 at the third, 9 at the fourth.
    await runUntil('2026-12-04T21:00:00Z');
    await waitFor('step 2', async () => (await rt.store.step(id)) === 2);
    expect(await mails(id, 'gm:quiet')).toEqual([]);
    await runUntil('2026-12-07T21:00:00Z');
    await waitFor('step 3', async () => (await rt.store.step(id)) === 3);
    const [reminder, ...more] = await mails(id, 'gm:quiet:');
    expect(more).toEqual([]);
    expect(reminder.to).toEqual(['gm@adjutant.test']);
    expect(reminder.text).toContain('for 7d in all, it stops at its next deadline');
    await runUntil('2026-12-10T22:00:00Z');
    await new Promise((r) => setTimeout(r, 300));
    expect(await rt.store.step(id)).toBe(3);
    expect((await control.status(id)).waitingForGm).toMatch(/had not heard from you since .*RESUME or PROCESS/);
    const [stop] = await mails(id, 'gm:quiet-stop:');
    expect(stop.text).toContain('PROCESS');
    const told = await mails(id, 'quiet-stop:');
    expect(told.map((m) => m.to[0]).sort()).toEqual(['player1@adjutant.test', 'player2@adjutant.test']);
    expect(told[0].text).toContain('has not heard from its GM since');
    // The GM answers (a mail or console action notes it) and resumes: the game runs again, and is not stopped again at once.
    await rt.redis.set(gameKeys(id).gmHeard, String(clock.now().getTime()));
    await control.resume(id);
    await runUntil('2026-12-14T00:00:00Z');
    await waitFor('step 4', async () => (await rt.store.step(id)) === 4);
    expect(await mails(id, 'gm:quiet-stop:')).toHaveLength(1);
  }, 120_000);

  it('never stops a game whose GM turned it off', async () => {
    const id = await newGame(false);
    await runUntil('2026-12-10T22:00:00Z');
    await waitFor('step 4', async () => (await rt.store.step(id)) === 4);
    expect(await mails(id, 'gm:quiet')).toEqual([]);
  }, 120_000);
});
