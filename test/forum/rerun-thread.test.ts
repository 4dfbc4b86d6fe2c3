// What the game thread gets after a ROLLBACK and the rerun of the turn: real Redis, the real turn
// workers (render, publish), the real forum poster, and the local XenForo and Discourse servers
// (sandbox/forum/). The rerun's update is posted once, saying what it replaces, and each post
// of the withdrawn update is edited to say it was withdrawn, with the address of the new one; a
// phpBB GM, who pastes updates by hand, is asked to do the same.
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { connectionFromUrl } from '../../jobs/queues.ts';
import { startWorkers, type RunningWorkers } from '../../jobs/workers.ts';
import { markerLine } from '../../src/channels/forum/base/forum-adapter.ts';
import { createGameControl } from '../../src/turns/scheduler-control.ts';
import { requireServices } from '../support/services.ts';
import { claim, cleanUp, storeFixtureGame, testRuntime, waitFor } from '../turns/support.ts';
import { startDiscourse, type DiscourseForum } from '../../sandbox/forum/discourse-server.ts';
import { startXenForo, type XenForoForum } from '../../sandbox/forum/xenforo-server.ts';
import { discourseSection, startTestPoster, xenforoSection } from './support/test-poster.ts';

const ROOT = path.join(import.meta.dirname, '../..');
const WITHDRAWN = 'Withdrawn: the GM rolled the game back, so the results of turn 2 this post held no longer stand.';
const REPLACES = 'This update replaces the update of turn 2 posted earlier, which was withdrawn when the GM rolled the game back.';

let rt: ReturnType<typeof testRuntime>;
let workers: RunningWorkers;
let poster: ReturnType<typeof startTestPoster>;
let xf: XenForoForum;
let dc: DiscourseForum;
let outDir: string;
const games: string[] = [];

beforeAll(async () => {
  const { redisUrl } = await requireServices(['redis']);
  rt = testRuntime(undefined, redisUrl, { downAfterMs: 86_400_000 }, true);
  outDir = await mkdtemp(path.join(tmpdir(), 'adjutant-rerun-out-'));
  workers = startWorkers(rt, { connection: connectionFromUrl(redisUrl), prefix: rt.prefix, lockDurationMs: 5000, outputs: { outDir } });
  [xf, dc] = await Promise.all([startXenForo(), startDiscourse()]);
  Object.assign(process.env, { TEST_RERUN_XF_KEY: xf.key, TEST_RERUN_DC_KEY: dc.key, TEST_RERUN_DC_USER: 'adjutant' });
  poster = startTestPoster({ redisUrl, store: rt.store, mail: rt.outbox, games: (id) => games.includes(id) });
});

afterAll(async () => {
  await poster?.stop();
  await workers?.close();
  await xf?.server.close();
  await dc?.server.close();
  if (rt) {
    await cleanUp(rt, games);
    await rt.close();
  }
  await rm(outDir, { recursive: true, force: true });
});

async function game(forum: Record<string, unknown>, changes: Record<string, unknown> = {}): Promise<string> {
  const id = await storeFixtureGame(rt, { schedule: { every: '3d', start: '2031-06-01T20:00:00Z', reminders: [] }, forum, ...changes });
  games.push(id);
  return id;
}

/** The forum item `key` once it is in the thread (or `mail` for a game whose GM pastes the update). */
const posted = (id: string, key: string) =>
  waitFor(`${key} in the thread`, async () => {
    const entry = await poster.outbox.entry(id, key);
    return entry?.postedAt ? entry : undefined;
  });

/** Plays turns 1 and 2, rolls back to turn 2 and plays it again; `settled` waits for a step's outputs. */
async function rerunTurnTwo(id: string, settled: (label: string) => Promise<unknown>): Promise<void> {
  const control = createGameControl(rt);
  for (const [province, label] of [
    ['nor', '1'],
    ['mid', '2'],
  ]) {
    await claim(rt, id, 'red', province);
    await control.processNow(id);
    await settled(label);
  }
  await control.rollback(id, 2);
  await claim(rt, id, 'red', 'sou');
  await control.processNow(id);
  await settled('2.1');
}

/** The XenForo post the forum item `key` became. */
const xfPostOf = async (id: string, key: string) => {
  const postId = (await poster.outbox.entry(id, key))?.postId;
  return xf.posts.find((p) => String(p.post_id) === postId)!;
};
const editsOf = async (id: string) => (await poster.outbox.all(id)).filter((e) => e.kind === 'edit').map((e) => e.key);

describe('the thread after a rollback and rerun', () => {
  it('holds one withdrawn update, edited to link to the one new update that replaces it (XenForo)', { timeout: 60_000 }, async () => {
    const id = await game(xenforoSection(xf, 'TEST_RERUN_XF_KEY'));
    await rerunTurnTwo(id, (label) => posted(id, `update:step-${label}`));
    await posted(id, 'withdrawn:update:step-2');
    const [one, withdrawn, rerun] = await Promise.all(['1', '2', '2.1'].map((label) => xfPostOf(id, `update:step-${label}`)));
    expect(new Set([one.post_id, withdrawn.post_id, rerun.post_id]).size).toBe(3);
    expect(xf.posts.filter((p) => p.user_id === 1)).toHaveLength(3);

    expect(rerun.message.startsWith(`${REPLACES}\n\n`)).toBe(true);
    expect(rerun.message).toContain('[B]Claims of the Three Valleys: Turn 2[/B]');
    expect(withdrawn.message.startsWith(WITHDRAWN)).toBe(true);
    expect(withdrawn.message).toContain(`\n\n${rerun.view_url}\n\n`);
    expect(withdrawn.message).toContain(markerLine(`${id}/update:step-2`));
    expect(withdrawn.last_edit_date).toBeGreaterThan(0);
    expect(one.last_edit_date).toBe(0);
    expect(await editsOf(id)).toEqual(['withdrawn:update:step-2']);
  });

  it('marks every part of a withdrawn update that took several posts', { timeout: 60_000 }, async () => {
    xf.limits.messageMaxLength = 1000;
    try {
      // Ten more nations make the update's table of nations longer than the board's limit.
      const more = Object.fromEntries(
        Array.from({ length: 10 }, (_, i) => [`free${i}`, { name: `The Free Cities of the Northern Marches ${i + 1}`, colour: '#556677' }]),
      );
      const nations = { ...(parse(await readFile(path.join(ROOT, 'test/fixtures/claims/game.yaml'), 'utf8')) as { nations: object }).nations, ...more };
      const id = await game(xenforoSection(xf, 'TEST_RERUN_XF_KEY', { postLimit: 1000 }), { nations });
      await rerunTurnTwo(id, (label) => posted(id, `update:step-${label}`));
      const first = await poster.outbox.entry(id, 'update:step-2');
      const parts = first?.kind === 'post' ? (first.partsAfter ?? 0) + 1 : 0;
      expect(parts).toBeGreaterThan(1);
      const keys = ['update:step-2', ...Array.from({ length: parts - 1 }, (_, i) => `update:step-2:part-${i + 2}`)];
      for (const key of keys) await posted(id, `withdrawn:${key}`);
      expect((await editsOf(id)).sort()).toEqual(keys.map((key) => `withdrawn:${key}`).sort());
      const rerun = await xfPostOf(id, 'update:step-2.1');
      for (const key of keys) {
        const post = await xfPostOf(id, key);
        expect(post.message.startsWith(WITHDRAWN)).toBe(true);
        expect(post.message).toContain(rerun.view_url);
      }
    } finally {
      xf.limits.messageMaxLength = 25_000;
    }
  });

  it('edits the withdrawn update in the Discourse topic to link to the new one', { timeout: 60_000 }, async () => {
    const id = await game(discourseSection(dc, 'TEST_RERUN_DC_KEY', 'TEST_RERUN_DC_USER'));
    await rerunTurnTwo(id, (label) => posted(id, `update:step-${label}`));
    await posted(id, 'withdrawn:update:step-2');
    const postOf = async (key: string) => {
      const postId = (await poster.outbox.entry(id, key))?.postId;
      return dc.posts.find((p) => String(p.id) === postId)!;
    };
    const [withdrawn, rerun] = [await postOf('update:step-2'), await postOf('update:step-2.1')];
    expect(rerun.raw.startsWith(`${REPLACES}\n\n`)).toBe(true);
    expect(withdrawn.raw.startsWith(WITHDRAWN)).toBe(true);
    expect(withdrawn.raw).toContain(`${dc.server.url}/t/game-thread/55/${rerun.post_number}`);
    expect(withdrawn.raw).toContain(markerLine(`${id}/update:step-2`));
    expect(withdrawn.updated_at).not.toBe(withdrawn.created_at);
    expect(dc.posts.filter((p) => p.username === 'adjutant')).toHaveLength(3);
    expect(await editsOf(id)).toEqual(['withdrawn:update:step-2']);
  });

  it('never marks the new update withdrawn when the withdrawn one had not gone out before it', { timeout: 60_000 }, async () => {
    const id = await game(xenforoSection(xf, 'TEST_RERUN_XF_KEY'));
    const rerun = await poster.outbox.record(id, { kind: 'post', key: 'update:step-2.1', text: REPLACES, images: [] });
    const made = await posted(id, rerun.key);
    // The update of the first play was still waiting for the forum when the rerun's went out; the
    // thread is slow to read, so the edit has long been in line when that update is done.
    xf.server.latency(1500, (req) => req.path.startsWith('/api/threads/'));
    try {
      await poster.outbox.record(id, { kind: 'post', key: 'update:step-2', text: 'Turn 2 as first played', images: [] });
      await poster.outbox.record(id, { kind: 'edit', key: 'withdrawn:update:step-2', of: 'update:step-2', replacedBy: rerun.key, text: WITHDRAWN });
      expect((await posted(id, 'withdrawn:update:step-2')).passedToGm).toBeUndefined();
    } finally {
      xf.server.latency(0);
    }
    const post = await xfPostOf(id, rerun.key);
    expect([post.post_id, post.last_edit_date]).toEqual([Number(made.postId), 0]);
    expect(post.message.startsWith(REPLACES)).toBe(true);
    expect(xf.posts.filter((p) => p.message.includes('Turn 2 as first played'))).toEqual([]);
  });

  it('asks the GM to mark a withdrawn update the GM posted by hand', { timeout: 60_000 }, async () => {
    const id = await storeFixtureGame(rt, { forum: xenforoSection(xf, 'TEST_RERUN_XF_KEY') });
    await poster.outbox.record(id, { kind: 'post', key: 'update:step-2', text: 'Turn 2 as first played', images: [] });
    await poster.outbox.markPassedToGm(id, 'update:step-2');
    await poster.outbox.record(id, { kind: 'post', key: 'update:step-2.1', text: REPLACES, images: [] });
    await poster.outbox.record(id, { kind: 'edit', key: 'withdrawn:update:step-2', of: 'update:step-2', replacedBy: 'update:step-2.1', text: WITHDRAWN });
    games.push(id); // only now does the poster serve the game
    const asked = await waitFor('the GM asked', () => rt.outbox.entry(id, 'alert:forum:pass-on:withdrawn:update:step-2'));
    expect(asked.subject).toBe(`[${id}] Please mark a withdrawn update in the game thread`);
    expect(asked.text).toContain('The edit marking the post "update:step-2" in the game thread withdrawn:');
    expect(asked.text).toContain(WITHDRAWN);
    expect((await posted(id, 'withdrawn:update:step-2')).passedToGm).toBe(true);
  });

  it("asks a phpBB game's GM to paste the rerun's update and mark the withdrawn one", { timeout: 60_000 }, async () => {
    const id = await game({ software: 'phpbb', url: 'https://board.example.com', thread: 12 });
    await rerunTurnTwo(id, (label) => waitFor(`update ${label} mailed`, () => rt.outbox.entry(id, `update:${label}`)));
    const paste = (await rt.outbox.entry(id, 'update:2.1'))!;
    expect(paste.subject).toMatch(/ \(rerun\): paste it into the forum thread, and edit the update of turn 2 you pasted earlier to say it was withdrawn$/);
    expect(paste.text.startsWith(`${REPLACES}\n\n`)).toBe(true);
    expect(await poster.outbox.all(id)).toEqual([]);
  });
});
