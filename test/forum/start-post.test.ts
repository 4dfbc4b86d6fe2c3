// The starting position posted into the game's thread before the first turn: the scheduler's first
// look at the game queues step 0, the render worker draws the starting map, the publish worker
// records the post in the post outbox, and the poster puts it into a local XenForo thread
// (sandbox/forum/) with the map uploaded, once. A change of the game's files before the first
// turn draws the starting map again.
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { markerLine } from '../../src/channels/forum/base/forum-adapter.ts';
import { applyGameUpdate, planGameUpdate } from '../../src/turns/game-update.ts';
import { Scheduler } from '../../src/turns/scheduler.ts';
import { createGameControl } from '../../src/turns/scheduler-control.ts';
import { publishStart, renderStart } from '../../src/turns/start-position.ts';
import { claim, storeFixtureGame, waitFor } from '../turns/support.ts';
import { startXenForo, type XenForoForum } from '../../sandbox/forum/xenforo-server.ts';
import { startPublishing, type Publishing } from './support/publishing.ts';
import { xenforoSection } from './support/test-poster.ts';

let world: Publishing;
let xf: XenForoForum;

beforeAll(async () => {
  world = await startPublishing('start');
  xf = await startXenForo();
  process.env.TEST_START_XF_KEY = xf.key;
});

afterAll(async () => {
  await world?.close();
  await xf?.server.close();
});

describe('the starting position in the thread', () => {
  it('is posted once, with the starting map, before the first turn', { timeout: 60_000 }, async () => {
    const { rt, games, outDir } = world;
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

    // The GM renames a province before the first turn: the next look draws the starting map again,
    // and the opening post stays the one made.
    const files = await rt.store.files(id);
    const folder = path.join(outDir, `${id}-folder`);
    await mkdir(folder);
    await writeFile(path.join(folder, 'game.yaml'), files['game.yaml']);
    await writeFile(path.join(folder, 'map.yaml'), files['map.yaml'].replace('name: Northvale', 'name: Northmarch'));
    await applyGameUpdate(rt, await planGameUpdate(rt, id, folder));
    await scheduler.tick();
    await waitFor('the starting map drawn again', async () => !(await readFile(mapFile)).equals(map));
    expect(xf.posts.filter((p) => p.message.includes(marker))).toHaveLength(1);
    await claim(rt, id, 'red', 'nor');
    await createGameControl(rt).processNow(id);
    await waitFor('turn 1 in the thread', async () => xf.posts.some((p) => p.message.includes(markerLine(`${id}/update:step-1`))));
    await scheduler.tick();
    expect(await renderStart(rt, { gameId: id, step: 0, epoch: 0 }, { outDir })).toBeNull();
    expect(xf.posts.filter((p) => p.message.includes(marker))).toHaveLength(1);
  });
});
