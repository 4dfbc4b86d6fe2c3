// The starting position posted into the game's thread before the first turn: the scheduler's first
// look at the game queues step 0, the render worker draws the starting map, the publish worker
// records the post in the forum outbox, and the poster puts it into a local XenForo thread
// (test/forum/contract/) with the map uploaded, once.
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connectionFromUrl } from '../../jobs/queues.ts';
import { startWorkers, type RunningWorkers } from '../../jobs/workers.ts';
import { markerLine } from '../../src/channels/forum/base/forum-adapter.ts';
import { Scheduler } from '../../src/turns/scheduler.ts';
import { createGameControl } from '../../src/turns/scheduler-control.ts';
import { publishStart, renderStart } from '../../src/turns/start-position.ts';
import { requireServices } from '../support/services.ts';
import { claim, cleanUp, storeFixtureGame, testRuntime, waitFor } from '../turns/support.ts';
import { startXenForo, type XenForoForum } from './contract/xenforo-server.ts';
import { startTestPoster, xenforoSection } from './support/test-poster.ts';

let rt: ReturnType<typeof testRuntime>;
let workers: RunningWorkers;
let poster: ReturnType<typeof startTestPoster>;
let xf: XenForoForum;
let outDir: string;
const games: string[] = [];

beforeAll(async () => {
  const { redisUrl } = await requireServices(['redis']);
  rt = testRuntime(undefined, redisUrl, { downAfterMs: 86_400_000 }, true);
  outDir = await mkdtemp(path.join(tmpdir(), 'adjutant-start-out-'));
  workers = startWorkers(rt, { connection: connectionFromUrl(redisUrl), prefix: rt.prefix, lockDurationMs: 5000, outputs: { outDir } });
  xf = await startXenForo();
  process.env.TEST_START_XF_KEY = xf.key;
  poster = startTestPoster({ redisUrl, store: rt.store, mail: rt.outbox, games: (id) => games.includes(id) });
});

afterAll(async () => {
  await poster?.stop();
  await workers?.close();
  await xf?.server.close();
  if (rt) {
    await cleanUp(rt, games);
    await rt.close();
  }
  await rm(outDir, { recursive: true, force: true });
});

describe('the starting position in the thread', () => {
  it('is posted once, with the starting map, before the first turn', { timeout: 60_000 }, async () => {
    const id = await storeFixtureGame(rt, {
      schedule: { every: '3d', start: '2031-06-01T20:00:00Z', reminders: [] },
      forum: xenforoSection(xf, 'TEST_START_XF_KEY'),
    });
    games.push(id);
    const scheduler = new Scheduler(rt, { tickMs: 1000 });
    await scheduler.adopt(id);
    await scheduler.tick();
    const marker = markerLine(`${id}/update:step-0`);
    const [post] = await waitFor('the starting position in the thread', async () => {
      const found = xf.posts.filter((p) => p.message.includes(marker));
      return found.length ? found : undefined;
    });
    expect(post.message).toContain('[B]Claims of the Three Valleys: Starting position before Turn 1[/B]');
    expect(post.message).toMatch(/Redmark[^]*Bluevale/);
    expect(post.message).toContain('Next deadline (as of posting)');
    const mapFile = path.join(outDir, id, 'start', 'map.png');
    const map = await readFile(mapFile);
    const attached = [...xf.attachments].filter(([attachment]) => post.message.includes(`[ATTACH=full]${attachment}[/ATTACH]`));
    expect(attached.map(([, a]) => a.data.equals(map))).toEqual([true]);

    // Asked again (a retried job, a later look), it records nothing; once a turn is played, nothing at all.
    expect(await publishStart(rt, { gameId: id, step: 0, epoch: 0, mapFile })).toBe(0);
    await claim(rt, id, 'red', 'nor');
    await createGameControl(rt).processNow(id);
    await waitFor('turn 1 in the thread', async () => xf.posts.some((p) => p.message.includes(markerLine(`${id}/update:step-1`))));
    await scheduler.tick();
    expect(await renderStart(rt, { gameId: id, step: 0, epoch: 0 }, { outDir })).toBeNull();
    expect(xf.posts.filter((p) => p.message.includes(marker))).toHaveLength(1);
  });
});
