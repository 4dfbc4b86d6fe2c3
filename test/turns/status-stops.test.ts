// The thread's status post (forum.status, src/turns/status-post.ts) when no message changed the
// game but the turn stopped anyway: the scheduler stopping at a deadline (Adjutant down across it,
// a GM gone quiet, orders missing with missedOrders "wait"), an adjudication that fails, and a
// preview waiting for PUBLISH. Each records an edit saying the game waits for its GM, where the
// status would otherwise go on giving a deadline already past.
import { describe, expect, it, vi } from 'vitest';
import { rulesets } from '../../src/rulesets/index.ts';
import { gameKeys, postKeys } from '../../src/store/keys.ts';
import type { PostOutboxEntry } from '../../src/store/post-outbox.ts';
import { Scheduler } from '../../src/turns/scheduler.ts';
import { noteStatusOrLog, statusDepsOf, statusText } from '../../src/turns/status-post.ts';
import { fixtureRuleset } from '../support/fixture-claims/index.ts';
import { claim, outboxEntries, storeFixtureGame, testClock, testRuntime, tickUntil, useWorkers, waitFor } from './support.ts';

const clock = testClock('2026-12-01T10:00:00Z');
const rt = testRuntime(clock, undefined, { downAfterMs: 2 * 3_600_000 });
const scheduler = new Scheduler(rt, { tickMs: 1000 });
const games: string[] = [];

// A ruleset whose adjudication always throws: a bug the retries cannot get past.
if (!rulesets.has('fixture-failing')) {
  rulesets.add({
    ...fixtureRuleset,
    id: 'fixture-failing',
    adjudicate: () => {
      throw new TypeError('Cannot read properties of undefined (reading "owner")');
    },
  });
}

useWorkers(rt, games);

// No forum answers here: the post outbox keeps what the poster would post.
const FORUM = {
  software: 'discourse',
  url: 'http://forum.invalid',
  thread: 55,
  credentials: { key: 'STATUS_TEST_KEY', user: 'STATUS_TEST_USER' },
  status: true,
};
const WAITS = 'Turn 1. The game waits for its GM.';

const statusItems = async (id: string) =>
  Object.values(await rt.redis.hgetall(postKeys(id).outbox))
    .map((v) => JSON.parse(v) as PostOutboxEntry)
    .filter((e) => e.key === 'status' || (e.kind === 'edit' && e.of === 'status'))
    .sort((a, b) => a.recordedAt.localeCompare(b.recordedAt) || a.key.localeCompare(b.key));

const latestStatus = async (id: string) => (await statusItems(id)).at(-1);

/** A game whose thread shows its status, past its opening post: later status edits are the test's. */
async function newGame(changes: Record<string, unknown> = {}): Promise<string> {
  clock.set('2026-12-01T10:00:00Z');
  const id = await storeFixtureGame(rt, { schedule: { every: '3d', start: '2026-12-01T20:00:00Z', reminders: [] }, forum: FORUM, ...changes });
  games.push(id);
  await scheduler.adopt(id);
  await scheduler.tick();
  // The opening post's publish notes the status last, linking the post; nothing notes it after that by itself.
  await waitFor('the status linking the opening post', async () => {
    const latest = await latestStatus(id);
    return latest?.kind === 'edit' && latest.after === 'update:step-0';
  });
  expect((await latestStatus(id))?.text).toContain('Turn 1. Orders are due Tue 1 Dec, 20:00 (Europe/London).');
  return id;
}

/** The latest status item is an edit saying the game waits for its GM, as statusText renders it now. */
async function expectWaitingStatus(id: string): Promise<void> {
  const latest = await latestStatus(id);
  expect(latest).toMatchObject({ kind: 'edit', of: 'status' });
  expect(latest?.text).toContain(WAITS);
  expect(latest?.text).toBe(await statusText(statusDepsOf(rt), id));
}

describe('the status post when the scheduler stops a turn', () => {
  it('says the game waits for its GM after a deadline passed while Adjutant was down', async () => {
    const id = await newGame();
    await tickUntil(scheduler, clock, '2026-12-01T19:00:00Z');
    clock.set('2026-12-02T09:00:00Z');
    await scheduler.tick();
    expect((await rt.schedules.get(id))?.waiting?.reason).toBe('down');
    await expectWaitingStatus(id);
  });

  it('says the game waits for its GM after the deadline stopped for a quiet GM', async () => {
    const id = await newGame({ gm: { name: 'Grace the GM', email: 'gm@adjutant.test', silence: { remind: '4d', pause: '7d' } } });
    await rt.redis.set(gameKeys(id).gmHeard, String(Date.parse('2026-11-20T12:00:00Z')));
    await tickUntil(scheduler, clock, '2026-12-01T20:30:00Z');
    expect((await rt.schedules.get(id))?.waiting?.reason).toBe('quiet-gm');
    await expectWaitingStatus(id);
  });

  it('says the game waits for its GM while missing orders hold the turn (missedOrders "wait")', async () => {
    const id = await newGame({ schedule: { every: '3d', start: '2026-12-01T20:00:00Z', reminders: [], missedOrders: 'wait' } });
    await claim(rt, id, 'red', 'nor');
    await tickUntil(scheduler, clock, '2026-12-01T20:05:00Z');
    expect((await rt.schedules.get(id))?.waiting?.reason).toBe('missing');
    await expectWaitingStatus(id);
    expect((await latestStatus(id))?.text).toContain('No orders yet from: Bluevale.');
  });
});

describe('the status post when the adjudication stops a turn', () => {
  it('says the game waits for its GM once an adjudication failed for good', async () => {
    const id = await newGame({ ruleset: 'fixture-failing', options: {} });
    await tickUntil(scheduler, clock, '2026-12-01T20:00:00Z');
    // The status is noted after the GM's notice of the failure.
    await waitFor('the GM notice', async () => (await outboxEntries(rt, id)).some((e) => e.key.startsWith('gm:fault:adjudicate:')));
    await waitFor('the status noted', async () => (await latestStatus(id))?.text.includes(WAITS), 5000);
    expect((await rt.schedules.get(id))?.waiting?.reason).toBe('failed');
    await expectWaitingStatus(id);
  });

  it('says the game waits for its GM while a preview waits for PUBLISH', async () => {
    const id = await newGame({ preview: true });
    await tickUntil(scheduler, clock, '2026-12-01T20:00:00Z');
    await waitFor('the preview', async () => (await rt.schedules.get(id))?.status === 'preview');
    await waitFor('the status noted', async () => (await latestStatus(id))?.text.includes(WAITS), 5000);
    await expectWaitingStatus(id);
  });
});

describe('a status that cannot be noted', () => {
  it('is logged with the game id, and never fails the change that asked for it', async () => {
    // A store whose every call fails, as one with Redis gone would.
    const down = new Proxy({}, { get: () => () => Promise.reject(new Error('Connection is closed.')) });
    const warn = vi.fn();
    const deps = { ...statusDepsOf(rt), store: down as typeof rt.store, logger: { warn } };
    await expect(noteStatusOrLog(deps, 'a-game')).resolves.toBeUndefined();
    expect(warn).toHaveBeenCalledWith(expect.objectContaining({ gameId: 'a-game' }), expect.stringContaining('the next change notes it'));
  });
});
