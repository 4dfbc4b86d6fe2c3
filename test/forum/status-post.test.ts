// The thread's status post (forum.status, src/turns/status-post.ts) in a local XenForo thread
// (sandbox/forum/), through the real workers, scheduler and poster: made before the opening
// post, edited in place when orders come in and when a turn's update goes out (then linking it),
// and never saying what a nation ordered. And through the forum's message loop (the local
// Discourse): a player's orders and the GM's PAUSE each record a change of it, in Markdown.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { markerLine } from '../../src/channels/forum/base/forum-adapter.ts';
import { discourseAdapter } from '../../src/channels/forum/discourse/discourse-adapter.ts';
import { readThread } from '../../src/channels/forum/forum-intake.ts';
import { postKeys } from '../../src/store/keys.ts';
import type { PostOutboxEntry } from '../../src/store/post-outbox.ts';
import { Scheduler } from '../../src/turns/scheduler.ts';
import { createGameControl } from '../../src/turns/scheduler-control.ts';
import { noteStatus, statusDepsOf, statusText } from '../../src/turns/status-post.ts';
import { claim, storeFixtureGame, waitFor } from '../turns/support.ts';
import { startDiscourse } from '../../sandbox/forum/discourse-server.ts';
import { startXenForo, type XenForoForum, type XfPost } from '../../sandbox/forum/xenforo-server.ts';
import { forumTestGame } from './support/forum-game.ts';
import { startPublishing, type Publishing } from './support/publishing.ts';
import { xenforoSection } from './support/test-poster.ts';

let world: Publishing;
let xf: XenForoForum;

beforeAll(async () => {
  world = await startPublishing('status', (rt) => ({ statusOf: (gameId) => statusText(statusDepsOf(rt), gameId) }));
  xf = await startXenForo();
  process.env.TEST_STATUS_XF_KEY = xf.key;
});

afterAll(async () => {
  await world?.close();
  await xf?.server.close();
});

/** The thread's post carrying `key`'s marker. */
const postOf = (gameId: string, key: string): XfPost | undefined => xf.posts.find((p) => p.message.includes(markerLine(`${gameId}/${key}`)));

describe('the status post', () => {
  it('stands above the opening post and is edited as orders come in and turns go out, never saying what was ordered', { timeout: 60_000 }, async () => {
    const { rt, games } = world;
    const id = await storeFixtureGame(rt, {
      schedule: { every: '3d', start: '2031-06-01T20:00:00Z', reminders: [] },
      forum: xenforoSection(xf, 'TEST_STATUS_XF_KEY', { status: true }),
    });
    games.push(id);
    const scheduler = new Scheduler(rt, { tickMs: 1000 });
    await scheduler.adopt(id);
    await scheduler.tick();
    const opening = await waitFor('the opening post', async () => postOf(id, 'update:step-0'));
    const status = postOf(id, 'status')!;
    expect(status.post_id).toBeLessThan(opening.post_id);
    expect(status.message).toContain('[B]Claims of the Three Valleys: where the game stands[/B]');
    expect(status.message).toContain('Turn 1. Orders are due Sun 1 Jun, 21:00 (Europe/London).');
    expect(status.message).toContain('No orders yet from: Bluevale, Redmark.');
    // Written before the opening post, it links it once the opening post is in the thread.
    await waitFor('the status linking the opening post', async () => status.message.includes(`The latest update: ${opening.view_url}`));

    await claim(rt, id, 'red', 'nor');
    await noteStatus(statusDepsOf(rt), id);
    await waitFor('the status with Redmark in', async () => status.message.includes('Orders in from: Redmark.'));
    expect(status.message).toContain('No orders yet from: Bluevale.');
    expect(status.message).not.toMatch(/Northvale|\bnor\b/i);

    await createGameControl(rt).processNow(id);
    const update = await waitFor('the update of turn 1', async () => postOf(id, 'update:step-1'));
    await waitFor('the status of turn 2', async () => status.message.includes('Turn 2.'));
    expect(status.message).toContain(`The latest update: ${update.view_url}`);
    // Edited in place: one status post in the thread, however often it changed.
    expect(xf.posts.filter((p) => p.message.includes(markerLine(`${id}/status`)))).toHaveLength(1);
  });
});

describe('the status post, from the message loop', () => {
  it("records a change when a player's orders and the GM's PAUSE are committed, and none for a message that changes nothing", async () => {
    const forum = await startDiscourse(55, ['adjutant', 'alice', 'bob', 'grace']);
    const game = await forumTestGame({ software: 'discourse', url: forum.server.url, thread: 55, orders: 'public', status: true });
    try {
      const adapter = discourseAdapter({ baseUrl: forum.server.url, topicId: 55, apiKey: forum.key, apiUsername: 'adjutant', http: { backoffMs: 5 } });
      const statusItems = async () =>
        Object.values(await game.store.redis.hgetall(postKeys(game.id).outbox))
          .map((v) => JSON.parse(v) as PostOutboxEntry)
          .filter((e) => e.key === 'status' || (e.kind === 'edit' && e.of === 'status'))
          .sort((a, b) => a.recordedAt.localeCompare(b.recordedAt) || a.key.localeCompare(b.key));
      forum.say('alice', '[orders]claim nor[/orders]');
      await readThread(game.intake, game.id, adapter);
      await game.processQueued();
      const [made] = await statusItems();
      expect(made).toMatchObject({ kind: 'post', key: 'status' });
      expect(made.text).toContain('**Claims of the Three Valleys: where the game stands**');
      expect(made.text).toContain('Orders in from: Redmark.');

      forum.say('bob', 'Good luck, all.\n[orders]\nHELP\n[/orders]');
      await readThread(game.intake, game.id, adapter);
      await game.processQueued();
      expect(await statusItems()).toHaveLength(1);

      forum.message('grace', 'pause', 'PAUSE');
      await readThread(game.intake, game.id, adapter);
      await game.processQueued();
      const [, paused] = await statusItems();
      expect(paused).toMatchObject({ kind: 'edit', of: 'status' });
      expect(paused.text).toContain('The game is paused.');
    } finally {
      await forum.server.close();
      await game.close();
    }
  });
});
