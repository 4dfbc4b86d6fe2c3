// Each turn's update posted into the game's thread: real Redis, the real turn workers (render,
// publish), the real forum poster on its BullMQ queue, and local XenForo and Discourse servers
// that follow the forums' documented APIs (sandbox/forum/). The update goes out once with
// its map uploaded, waits for the GM's PUBLISH in a previewed game, reminders reach the thread when
// the game asks, and a forum that refuses (a revoked key, a deleted thread, a 429 storm, an
// outage) loses nothing: the GM is told, and the post goes out once the cause is fixed.
import { execFile } from 'node:child_process';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { connectionFromUrl } from '../../jobs/queues.ts';
import { startWorkers, type RunningWorkers } from '../../jobs/workers.ts';
import { markerLine } from '../../src/channels/forum/base/forum-adapter.ts';
import { publishTurn } from '../../src/turns/publish-turn.ts';
import { remindPlayers } from '../../src/turns/remind-players.ts';
import { createGameControl } from '../../src/turns/scheduler-control.ts';
import { requireServices, serviceEndpoints } from '../support/services.ts';
import { claim, cleanUp, outboxEntries, storeFixtureGame, testRuntime, waitFor } from '../turns/support.ts';
import { startDiscourse, type DiscourseForum } from '../../sandbox/forum/discourse-server.ts';
import { startXenForo, type XenForoForum } from '../../sandbox/forum/xenforo-server.ts';
import { discourseSection, startTestPoster, xenforoMemberSection, xenforoSection } from './support/test-poster.ts';
import { Conversations } from '../../src/channels/forum/conversations.ts';

const ROOT = path.join(import.meta.dirname, '../..');
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

let rt: ReturnType<typeof testRuntime>;
let workers: RunningWorkers;
let poster: ReturnType<typeof startTestPoster>;
let xf: XenForoForum;
let dc: DiscourseForum;
let outDir: string;
const games: string[] = [];
const future = { every: '3d', start: '2031-06-01T20:00:00Z', reminders: ['24h', '2h'] };

beforeAll(async () => {
  const { redisUrl } = await requireServices(['redis']);
  rt = testRuntime(undefined, redisUrl, { downAfterMs: 86_400_000 }, true);
  outDir = await mkdtemp(path.join(tmpdir(), 'adjutant-forum-out-'));
  workers = startWorkers(rt, { connection: connectionFromUrl(redisUrl), prefix: rt.prefix, lockDurationMs: 5000, outputs: { outDir } });
  // The board's members: the game's account, then players (six, to write to at once).
  xf = await startXenForo(
    77,
    ['Adjutant', 'Alice', 'Bob', 'Carol', 'Dave', 'Erin', 'Frank'].map((username, i) => ({ user_id: i + 1, username })),
  );
  dc = await startDiscourse();
  process.env.TEST_PUB_XF_KEY = xf.key;
  process.env.TEST_PUB_DC_KEY = dc.key;
  process.env.TEST_PUB_DC_USER = 'adjutant';
  process.env.TEST_PUB_XF_LOGIN = 'adjutant';
  process.env.TEST_PUB_XF_PASSWORD = xf.password;
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
  const id = await storeFixtureGame(rt, { schedule: future, forum, ...changes });
  games.push(id);
  return id;
}

/** The fixture's nations and ten more, which make the update's table of nations longer than a post of 1,000 characters. */
async function longNations(): Promise<object> {
  const more = Object.fromEntries(
    Array.from({ length: 10 }, (_, i) => [`free${i}`, { name: `The Free Cities of the Northern Marches ${i + 1}`, colour: '#556677' }]),
  );
  return { ...(parse(await readFile(path.join(ROOT, 'test/fixtures/claims/game.yaml'), 'utf8')) as { nations: object }).nations, ...more };
}

/** Adjudicates the game's first step now, with red claiming Northvale. */
async function playTurn(id: string): Promise<void> {
  await claim(rt, id, 'red', 'nor');
  await createGameControl(rt).processNow(id);
}

const ownPosts = (marker: string) => xf.posts.filter((p) => p.message.includes(markerLine(marker)));
const gmMail = async (id: string, prefix: string) => (await outboxEntries(rt, id)).filter((e) => e.key.startsWith(prefix));
/** The GM's mail whose key starts with `prefix`, once there is some. */
const mailArrives = (what: string, id: string, prefix: string, timeoutMs?: number) =>
  waitFor(what, async () => ((await gmMail(id, prefix)).length ? gmMail(id, prefix) : undefined), timeoutMs);

async function adjutant(...args: string[]): Promise<string> {
  const { stdout } = await promisify(execFile)(process.execPath, [path.join(ROOT, 'bin/adjutant.js'), ...args], {
    cwd: ROOT,
    env: { ...process.env, REDIS_URL: serviceEndpoints().redisUrl },
  });
  return stdout;
}

describe('the update posted into the thread', () => {
  it('posts the update with its map into the XenForo thread once, and mails the GM no copy to paste', { timeout: 60_000 }, async () => {
    const id = await game(xenforoSection(xf, 'TEST_PUB_XF_KEY'));
    await playTurn(id);
    const marker = `${id}/update:step-1`;
    await waitFor('the update in the thread', async () => ownPosts(marker).length > 0);
    const entry = await waitFor('the post marked posted', async () => {
      const found = await poster.outbox.entry(id, 'update:step-1');
      return found?.postedAt ? found : undefined;
    });
    const [post] = ownPosts(marker);
    expect(entry.postId).toBe(String(post.post_id));
    expect(post.message).toContain('[B]Claims of the Three Valleys: ');
    expect(post.message).toContain('Redmark');
    // The map is uploaded, the very file the render step wrote, and shown in the post.
    const map = await readFile(path.join(outDir, id, 'turn-1', 'map.png'));
    const mine = [...xf.attachments].filter(([attachmentId]) => post.message.includes(`[ATTACH=full]${attachmentId}[/ATTACH]`));
    expect(mine).toHaveLength(1);
    expect(mine[0][1].data.equals(map)).toBe(true);
    expect(post.attach_count).toBe(1);
    expect(post.message).not.toContain('The map is attached');

    // Publishing the step again (a retried job) records nothing new and posts nothing more.
    expect(await publishTurn(rt, { gameId: id, step: 1, epoch: 0, mapFile: path.join(outDir, id, 'turn-1', 'map.png') })).toBe(0);
    await sleep(500);
    expect(ownPosts(marker)).toHaveLength(1);
    const keys = (await outboxEntries(rt, id)).map((e) => e.key);
    expect(keys).toContain('summary:1');
    expect(keys).not.toContain('update:1');
  });

  it('posts an update longer than the board takes as several posts, in order, the map with the first', { timeout: 60_000 }, async () => {
    xf.limits.messageMaxLength = 1000;
    // The map's upload is slow, so the first part is still on its way while the next could go.
    xf.server.latency(1500, (req) => req.path.includes('/attachments'));
    try {
      const id = await game(xenforoSection(xf, 'TEST_PUB_XF_KEY', { postLimit: 1000 }), { nations: await longNations() });
      await playTurn(id);
      const first = await waitFor('the first part marked posted', async () => {
        const found = await poster.outbox.entry(id, 'update:step-1');
        return found?.kind === 'post' && found.postedAt && found.partsAfter ? found : undefined;
      });
      const keys = ['update:step-1', ...Array.from({ length: first.kind === 'post' ? first.partsAfter! : 0 }, (_, i) => `update:step-1:part-${i + 2}`)];
      const posts = await waitFor('every part in the thread', async () => {
        const found = keys.map((key) => ownPosts(`${id}/${key}`));
        return found.every((p) => p.length === 1) ? found.map(([p]) => p) : undefined;
      });
      expect(posts.length).toBeGreaterThan(1);
      // In order, each within the board's limit, labelled, and the map uploaded with the first alone.
      expect(posts.map((p) => p.post_id)).toEqual([...posts.map((p) => p.post_id)].sort((a, b) => a - b));
      for (const post of posts) expect(post.message.length).toBeLessThanOrEqual(1000);
      expect(posts[0].message).toContain('(continued in the next post)');
      expect(posts[1].message).toContain(`(2 of ${posts.length})`);
      expect(posts.map((p) => p.attach_count)).toEqual([1, ...posts.slice(1).map(() => 0)]);
      expect(posts.map((p) => p.message).join('\n')).toContain('Redmark');
      // Publishing again records and posts nothing more.
      expect(await publishTurn(rt, { gameId: id, step: 1, epoch: 0, mapFile: path.join(outDir, id, 'turn-1', 'map.png') })).toBe(0);
      await sleep(500);
      expect(keys.map((key) => ownPosts(`${id}/${key}`).length)).toEqual(keys.map(() => 1));
    } finally {
      xf.limits.messageMaxLength = 25_000;
      xf.server.latency(0);
    }
  });

  it('posts the update in Markdown with the map uploaded into the Discourse topic once', { timeout: 60_000 }, async () => {
    const id = await game(discourseSection(dc, 'TEST_PUB_DC_KEY', 'TEST_PUB_DC_USER'));
    await playTurn(id);
    const line = markerLine(`${id}/update:step-1`);
    const post = await waitFor('the update in the topic', async () => dc.posts.find((p) => p.raw.includes(line)));
    expect(post.username).toBe('adjutant');
    expect(post.raw).toMatch(/^# Claims of the Three Valleys: /);
    const upload = dc.uploads.find((u) => post.raw.includes(`(${u.short_url})`))!;
    expect(upload.data.equals(await readFile(path.join(outDir, id, 'turn-1', 'map.png')))).toBe(true);
    await waitFor('the post marked posted', async () => (await poster.outbox.entry(id, 'update:step-1'))?.postId === String(post.id));
    await sleep(300);
    expect(dc.posts.filter((p) => p.raw.includes(line))).toHaveLength(1);
  });

  it("mails a phpBB game's GM the update ready to paste, in phpBB markup, and records no post", { timeout: 60_000 }, async () => {
    const id = await game({ software: 'phpbb', url: 'https://board.example.com', thread: 12 });
    await playTurn(id);
    const [update] = await mailArrives('the update for the GM', id, 'update:1');
    expect(update.to).toEqual(['gm@adjutant.test']);
    expect(update.subject).toMatch(/public update: paste it into the forum thread$/);
    expect(update.text).toMatch(/^\[size=150\]\[b\]Claims of the Three Valleys: /);
    expect(update.attachments?.map((a) => a.filename)).toEqual(['map.png']);
    expect(await poster.outbox.pending(id)).toEqual([]);
    expect(await poster.outbox.entry(id, 'update:step-1')).toBeUndefined();
  });

  it('posts nothing while a previewed turn waits for the GM, and the update once the GM publishes', { timeout: 60_000 }, async () => {
    const id = await game(xenforoSection(xf, 'TEST_PUB_XF_KEY'), { preview: true });
    await playTurn(id);
    await waitFor('the preview for the GM', async () => (await gmMail(id, 'gm:preview:')).length > 0);
    await sleep(1000);
    const marker = `${id}/update:step-1`;
    expect(ownPosts(marker)).toEqual([]);
    expect(await poster.outbox.entry(id, 'update:step-1')).toBeUndefined();
    await waitFor('the preview state', async () => (await rt.schedules.get(id))?.status === 'preview');
    await createGameControl(rt).publish(id);
    await waitFor('the update in the thread', async () => ownPosts(marker).length === 1);
  });
});

describe('reminders in the thread', () => {
  it('posts the reminders the game asks for, naming only the deadline and the nations without orders', { timeout: 30_000 }, async () => {
    const id = await game(xenforoSection(xf, 'TEST_PUB_XF_KEY', { reminders: ['24h'] }));
    await createGameControl(rt).status(id);
    await claim(rt, id, 'red', 'nor');
    const s = (await rt.schedules.get(id))!;
    const job = (offset: string) => ({ gameId: id, step: 1, epoch: 0, offset, deadline: s.deadline! });
    expect(await remindPlayers(rt, job('24h'))).toEqual(['blue']);
    expect(await remindPlayers(rt, job('2h'))).toEqual(['blue']);
    const posts = await waitFor('the reminder in the thread', async () => {
      const found = xf.posts.filter((p) => p.message.includes(`Adjutant ref ${id}/remind:`));
      return found.length ? found : undefined;
    });
    await sleep(500);
    expect(posts).toHaveLength(1);
    expect(posts[0].message).toMatch(/^\[B\]Turn 1: orders are due .*\[\/B\], in 24h\.\n\nNo orders yet from: Bluevale\./);
    // Public facts only: who has ordered is not said, nor anyone's orders.
    expect(posts[0].message).not.toContain('Redmark');
    expect(posts[0].message).not.toMatch(/nor|Northvale/i);
  });

  it('refuses reminders for phpBB, and a reminder the schedule does not send, in game.yaml', async () => {
    await expect(game({ software: 'phpbb', url: 'https://board.example.com', thread: 12, reminders: true })).rejects.toThrow(
      /phpBB has no API to post with, so Adjutant cannot post reminders there: remove reminders, or give an ordinary member's login/,
    );
    await expect(game(xenforoSection(xf, 'TEST_PUB_XF_KEY', { reminders: ['12h'] }))).rejects.toThrow(/"12h" is not one of schedule.reminders/);
  });
});

describe('a forum that refuses', () => {
  it(
    'a revoked key: the GM is told, and of the parts waiting for it; a dead letter, and all go out once after dead-letter retry',
    { timeout: 90_000 },
    async () => {
      process.env.TEST_PUB_OLD_KEY = 'a-revoked-key';
      // An update in several posts: the parts after the first wait for it.
      const id = await game(xenforoSection(xf, 'TEST_PUB_OLD_KEY', { postLimit: 1000 }), { nations: await longNations() });
      await playTurn(id);
      const [alert] = await mailArrives('the GM told', id, 'alert:forum:set-aside:');
      expect(alert.to).toEqual(['gm@adjutant.test']);
      expect(alert.text).toContain('API key provided in request was not found');
      const first = await poster.outbox.entry(id, 'update:step-1');
      const parts = Array.from({ length: first?.kind === 'post' ? first.partsAfter! : 0 }, (_, i) => `update:step-1:part-${i + 2}`);
      expect(parts.length).toBeGreaterThan(0);
      expect(alert.text).toContain(`Waiting for it, to follow it into the thread: ${parts.join(', ')}.`);
      expect(alert.text).toContain(`adjutant dead-letter retry ${id} update:step-1`);
      const listed = await adjutant('dead-letter', 'list', id);
      expect(listed).toContain(`${id}  forum  update:step-1`);
      expect(ownPosts(`${id}/update:step-1`)).toEqual([]);

      // The GM makes a new key and puts it in the variable; the service reads it at the next try.
      process.env.TEST_PUB_OLD_KEY = xf.key;
      expect(await adjutant('dead-letter', 'retry', id, 'update:step-1')).toContain('is back in line');
      await waitFor('every part in the thread', async () => ['update:step-1', ...parts].every((key) => ownPosts(`${id}/${key}`).length === 1));
      expect(await adjutant('dead-letter', 'list', id)).toContain('has no dead letters');
    },
  );

  it('a deleted topic: the GM is told, and once game.yaml names the new topic the post goes there once', { timeout: 90_000 }, async () => {
    const id = await game(discourseSection(dc, 'TEST_PUB_DC_KEY', 'TEST_PUB_DC_USER', { thread: 56 }));
    await playTurn(id);
    const [alert] = await mailArrives('the GM told', id, 'alert:forum:set-aside:');
    expect(alert.text).toMatch(/could not be found.*thread may have been deleted or moved/s);
    expect((await poster.outbox.setAsideItems(id)).map((f) => f.key)).toEqual(['update:step-1']);

    const files = await rt.store.files(id);
    await rt.store.putFiles(id, { ...files, 'game.yaml': files['game.yaml'].replace('thread: 56', 'thread: 55') });
    expect(await adjutant('dead-letter', 'retry', id, 'update:step-1')).toContain('is back in line');
    const line = markerLine(`${id}/update:step-1`);
    await waitFor('the update in the topic', async () => dc.posts.some((p) => p.raw.includes(line)));
    await sleep(300);
    expect(dc.posts.filter((p) => p.raw.includes(line))).toHaveLength(1);
  });

  it('a post the forum holds for its moderators: marked done once, the GM told, and it stands once approved', { timeout: 30_000 }, async () => {
    const id = await game(discourseSection(dc, 'TEST_PUB_DC_KEY', 'TEST_PUB_DC_USER'));
    dc.holdForReview(true);
    try {
      await poster.outbox.record(id, { kind: 'post', key: 'update:held', text: 'Winter 1901', images: [] });
      const [alert] = await mailArrives('the GM told', id, 'alert:forum:held:');
      expect(alert.subject).toContain('A forum post is waiting for the moderators');
      expect(alert.text).toContain('Winter 1901');
      await waitFor('the post marked done', async () => (await poster.outbox.entry(id, 'update:held'))?.postedAt);
      expect(dc.pending.filter((p) => p.raw.includes(markerLine(`${id}/update:held`)))).toHaveLength(1);
    } finally {
      dc.holdForReview(false);
    }
    dc.approve();
    expect(dc.posts.filter((p) => p.raw.includes(markerLine(`${id}/update:held`)))).toHaveLength(1);
  });

  it('a member who may not attach files: the update goes out once without its map, and the GM is told where the map is', { timeout: 30_000 }, async () => {
    const id = await game(xenforoMemberSection(xf, 'TEST_PUB_XF_LOGIN', 'TEST_PUB_XF_PASSWORD'));
    const map = path.join(outDir, `${id}-map.png`);
    await writeFile(map, Buffer.from('a map'));
    xf.attaching.on = false;
    try {
      await poster.outbox.record(id, { kind: 'post', key: 'update:no-map', text: 'Spring 1901', images: [{ filename: 'map.png', path: map }] });
      const [alert] = await mailArrives('the GM told', id, 'alert:forum:images-left-out:');
      expect(alert.subject).toContain('A forum post went out without its map');
      expect(alert.text).toContain(map);
      expect(alert.text).toMatch(/refused its images.*permission/s);
      await waitFor('the post marked done', async () => (await poster.outbox.entry(id, 'update:no-map'))?.postedAt);
    } finally {
      xf.attaching.on = true;
    }
    const made = xf.posts.filter((p) => p.message.includes(markerLine(`${id}/update:no-map`)));
    expect(made.map((p) => [p.message.startsWith('Spring 1901'), p.message.includes('[ATTACH')])).toEqual([[true, false]]);
  });

  it(
    "a member paced by the board's flood check, many messages at once: each waits its turn, none doubled, and the GM is not told",
    { timeout: 60_000 },
    async () => {
      // Not among the games of the suite's poster, which waits only 300 ms: the service's poster serves it.
      const id = await storeFixtureGame(rt, { schedule: future, forum: xenforoMemberSection(xf, 'TEST_PUB_XF_LOGIN', 'TEST_PUB_XF_PASSWORD') });
      // Four at once compete for each turn the flood check gives: some lose more turns than one try waits out.
      const paced = startTestPoster({
        redisUrl: serviceEndpoints().redisUrl,
        store: rt.store,
        mail: rt.outbox,
        games: (g) => g === id,
        open: undefined,
        parallel: 4,
      });
      xf.flood.every = 2;
      const players = ['Alice', 'Bob', 'Carol', 'Dave', 'Erin', 'Frank'];
      try {
        const started = Date.now();
        for (const to of players) await paced.outbox.record(id, { kind: 'private', key: `reply:${to}`, to: [to], title: 'Your orders', text: `Read, ${to}.` });
        const made = () => xf.conversations.flatMap((c) => (c.title === 'Your orders' ? (/^Read, \w+\./.exec(c.message) ?? []) : []));
        await waitFor('every conversation', async () => made().length === players.length, 45_000);
        expect(Date.now() - started).toBeGreaterThanOrEqual((players.length - 1) * 2000);
        expect(made().sort()).toEqual(players.map((to) => `Read, ${to}.`));
        expect(await gmMail(id, 'alert:forum:')).toEqual([]);
        expect(await paced.outbox.setAsideItems(id)).toEqual([]);
      } finally {
        xf.flood.every = 0;
        await paced.stop();
        await cleanUp(rt, [id]);
      }
    },
  );

  it(
    "a Discourse account that is not staff: new messages one per interval, waited out; past the day's limit held, the GM told",
    { timeout: 60_000 },
    async () => {
      const id = await storeFixtureGame(rt, { schedule: future, forum: discourseSection(dc, 'TEST_PUB_DC_KEY', 'TEST_PUB_DC_USER') });
      const paced = startTestPoster({ redisUrl: serviceEndpoints().redisUrl, store: rt.store, mail: rt.outbox, games: (g) => g === id, open: undefined });
      Object.assign(dc.limits, { newMessageSeconds: 2, messagesPerDay: 2 });
      const sent = (title: string) => dc.messages.filter((m) => m.title === title && m.raw.includes(id));
      try {
        const started = Date.now();
        for (const to of ['alice', 'bob'])
          await paced.outbox.record(id, { kind: 'private', key: `reply:${to}`, to: [to], title: `Orders of ${to}`, text: 'Read.' });
        await waitFor('both messages', async () => sent('Orders of alice').length + sent('Orders of bob').length === 2, 30_000);
        expect(Date.now() - started).toBeGreaterThanOrEqual(2000);
        expect(await gmMail(id, 'alert:forum:')).toEqual([]);

        // A third new message the same day: Discourse asks to wait most of a day.
        await paced.outbox.record(id, { kind: 'private', key: 'reply:both', to: ['alice', 'bob'], title: 'To you both', text: 'Together.' });
        const [alert] = await mailArrives('the GM told', id, 'alert:forum:rate-limited:');
        expect(alert.text).toMatch(/performed this action too many times\. Please wait 2\d hours/);
        expect(sent('To you both')).toEqual([]);
        expect((await paced.outbox.entry(id, 'reply:both'))?.postedAt).toBeUndefined();
        expect(await paced.outbox.setAsideItems(id)).toEqual([]);
      } finally {
        Object.assign(dc.limits, { newMessageSeconds: 0, messagesPerDay: 0 });
        await paced.stop();
        await cleanUp(rt, [id]);
      }
    },
  );

  it('a 429 storm: the post is held as long as the forum asks, the GM is told, and it goes out once', { timeout: 60_000 }, async () => {
    const id = await game(xenforoSection(xf, 'TEST_PUB_XF_KEY'));
    // Longer than the poster waits inside one try (300 ms here): each 429 holds the post.
    xf.server.fail(
      {
        status: 429,
        body: { errors: [{ code: 'too_many_requests', message: 'You have made too many requests.', params: [] }] },
        headers: { 'retry-after': '1' },
      },
      4,
    );
    const held = Date.now();
    await playTurn(id);
    await waitFor('the update in the thread', async () => ownPosts(`${id}/update:step-1`).length > 0, 30_000);
    expect(Date.now() - held).toBeGreaterThanOrEqual(3000);
    const [alert] = await gmMail(id, 'alert:forum:rate-limited:');
    expect(alert.text).toContain('You have made too many requests');
    await sleep(300);
    expect(ownPosts(`${id}/update:step-1`)).toHaveLength(1);
    expect(await poster.outbox.setAsideItems(id)).toEqual([]);
  });

  it('a 429 storm that outlasts every try: set aside, the GM told; after the storm, retried and posted once', { timeout: 60_000 }, async () => {
    const id = await game(xenforoSection(xf, 'TEST_PUB_XF_KEY'));
    // Each wait is short enough to sit out inside a try, but the storm does not end.
    xf.server.fail(
      {
        status: 429,
        body: { errors: [{ code: 'too_many_requests', message: 'You have made too many requests.', params: [] }] },
        headers: { 'retry-after': '0' },
      },
      100_000,
    );
    try {
      await playTurn(id);
      const [alert] = await mailArrives('the GM told', id, 'alert:forum:set-aside:', 30_000);
      expect(alert.text).toMatch(/Still rate limited.*after 3 tries/s);
    } finally {
      xf.server.calm();
    }
    expect(ownPosts(`${id}/update:step-1`)).toEqual([]);
    expect(await adjutant('dead-letter', 'retry', id, 'update:step-1')).toContain('is back in line');
    await waitFor('the update in the thread', async () => ownPosts(`${id}/update:step-1`).length === 1);
  });

  it('a forum down through every try: set aside, the GM told; back up and retried, posted once', { timeout: 60_000 }, async () => {
    const id = await game(xenforoSection(xf, 'TEST_PUB_XF_KEY'));
    await xf.server.down();
    try {
      await playTurn(id);
      const [alert] = await mailArrives('the GM told', id, 'alert:forum:set-aside:', 30_000);
      expect(alert.text).toMatch(/got no answer.*after 3 tries/s);
    } finally {
      await xf.server.up();
    }
    expect(await adjutant('dead-letter', 'retry', id, 'update:step-1')).toContain('is back in line');
    await waitFor('the update in the thread', async () => ownPosts(`${id}/update:step-1`).length === 1);
  });
});

describe('private messages', () => {
  it('sends a private message as a XenForo conversation, and hands a phpBB one to the GM to pass on', { timeout: 30_000 }, async () => {
    const xenforo = await game(xenforoSection(xf, 'TEST_PUB_XF_KEY'));
    await poster.outbox.record(xenforo, {
      kind: 'private',
      key: 'confirm:red:1',
      to: ['Alice'],
      title: 'Your orders for turn 1',
      text: 'Read: claim Northvale',
    });
    await waitFor('the conversation', async () => xf.conversations.some((c) => c.title === 'Your orders for turn 1'));
    expect(xf.conversations.filter((c) => c.title === 'Your orders for turn 1')).toEqual([
      {
        conversation_id: expect.any(Number),
        recipient_ids: ['2'],
        title: 'Your orders for turn 1',
        message: `Read: claim Northvale\n\n[SIZE=1]${markerLine(`${xenforo}/confirm:red:1`)}[/SIZE]`,
      },
    ]);
    await waitFor('the message marked sent', async () => (await poster.outbox.entry(xenforo, 'confirm:red:1'))?.postedAt);

    // The next goes in the same conversation. The forum made it, but the answer never came (a time-out,
    // or the poster killed before it marked the message sent): the poster finds it by its marker in
    // the conversation and does not send it again.
    const kept = Number(await new Conversations(rt.store.redis).with(xenforo, 'Alice'));
    const second = `[B]Your orders for turn 2[/B]\n\nRead: claim Southvale\n\n[SIZE=1]${markerLine(`${xenforo}/confirm:red:2`)}[/SIZE]`;
    xf.converse(1, '', second, kept);
    await poster.outbox.record(xenforo, {
      kind: 'private',
      key: 'confirm:red:2',
      to: ['Alice'],
      title: 'Your orders for turn 2',
      text: 'Read: claim Southvale',
    });
    await waitFor('the second message marked sent', async () => (await poster.outbox.entry(xenforo, 'confirm:red:2'))?.postedAt);
    expect(xf.conversations.filter((c) => c.title === 'Your orders for turn 2')).toEqual([]);
    expect(xf.messagesIn(kept).map((m) => m.message)).toEqual([expect.stringContaining('Read: claim Northvale'), second]);

    const phpbb = await game({ software: 'phpbb', url: 'https://board.example.com', thread: 12 });
    await poster.outbox.record(phpbb, { kind: 'private', key: 'confirm:red:1', to: ['Alice'], title: 'Your orders for turn 1', text: 'Read: claim Northvale' });
    const [pass] = await mailArrives('the message for the GM to pass on', phpbb, 'alert:forum:pass-on:');
    expect(pass.subject).toContain('Please pass on a private message to Alice');
    expect(pass.text).toContain('phpBB has no API to send private messages');
    expect(pass.text).toContain('Title: Your orders for turn 1\n\nRead: claim Northvale');
    await waitFor('the item done', async () => (await poster.outbox.entry(phpbb, 'confirm:red:1'))?.passedToGm);
    expect(await poster.outbox.pending(phpbb)).toEqual([]);
  });

  it('writes to each member in one conversation, started once, and starts anew when the old one is closed to it', { timeout: 30_000 }, async () => {
    const xenforo = await game(xenforoSection(xf, 'TEST_PUB_XF_KEY'));
    const discourse = await game(discourseSection(dc, 'TEST_PUB_DC_KEY', 'TEST_PUB_DC_USER'));
    const send = async (id: string, n: number) => {
      await poster.outbox.record(id, { kind: 'private', key: `note:${n}`, to: ['Alice'], title: `Note ${n}`, text: `Number ${n}` });
      await waitFor(`note ${n} sent`, async () => (await poster.outbox.entry(id, `note:${n}`))?.postedAt);
    };
    const kept = (id: string) => new Conversations(rt.store.redis).with(id, 'alice');
    for (const n of [1, 2, 3]) await send(xenforo, n);
    const first = Number(await kept(xenforo));
    expect(xf.conversations.filter((c) => c.title.startsWith('Note '))).toHaveLength(1);
    expect(xf.messagesIn(first).map((m) => m.message.split('\n')[0])).toEqual(['Number 1', '[B]Note 2[/B]', '[B]Note 3[/B]']);
    xf.dropConversation(first);
    await send(xenforo, 4);
    expect(xf.conversations.filter((c) => c.title.startsWith('Note ')).map((c) => c.title)).toEqual(['Note 1', 'Note 4']);
    expect(Number(await kept(xenforo))).not.toBe(first);

    for (const n of [1, 2]) await send(discourse, n);
    const keptPm = await kept(discourse);
    const pm = dc.pms.find((p) => String(p.id) === keptPm)!;
    expect(dc.messages.filter((m) => m.title.startsWith('Note '))).toHaveLength(1);
    expect(pm.posts.map((p) => p.raw.split('\n')[0])).toEqual(['Number 1', '**Note 2**']);
    // Taken out of the message (Discourse answers 403 to a post in one the account is not in).
    pm.participants.splice(pm.participants.indexOf('adjutant'), 1);
    await send(discourse, 3);
    expect(dc.messages.filter((m) => m.title.startsWith('Note ')).map((m) => m.title)).toEqual(['Note 1', 'Note 3']);
  });
});
