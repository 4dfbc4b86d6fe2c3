// Crash safety of forum posting: the forum poster runs in a child process that is SIGKILLed at a
// random moment while it posts (at least 30 kills), and started again. The local XenForo and
// Discourse servers run in this process, never killed, and hold each answer back a little after
// doing the work, so many kills land between the forum making a post and the poster marking it.
// Then every update recorded is in its thread exactly once, with its own image, and every private
// message is in a conversation with its member exactly once: an item made before a kill is found
// by its marker and not made again. Three games share the kills: XenForo through its API, Discourse,
// and XenForo as an ordinary member through the board's pages and forms.
import { spawn, type ChildProcess } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { markerLine } from '../../src/channels/forum/base/forum-adapter.ts';
import { PostOutbox } from '../../src/store/post-outbox.ts';
import { postKeys } from '../../src/store/keys.ts';
import { requireServices } from '../support/services.ts';
import { cleanUp, storeFixtureGame, testRuntime, waitFor } from '../turns/support.ts';
import { startDiscourse, type DiscourseForum } from '../../sandbox/forum/discourse-server.ts';
import { startXenForo, type XenForoForum } from '../../sandbox/forum/xenforo-server.ts';
import { discourseSection, xenforoMemberSection, xenforoSection } from './support/test-poster.ts';

const KILLS = 30;
const ROOT = path.join(import.meta.dirname, '../..');
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

let rt: ReturnType<typeof testRuntime>;
let xf: XenForoForum;
let dc: DiscourseForum;
let dir: string;
let redisUrl: string;
const games: string[] = [];
const prefix = `{adjutant-test-crash-${randomUUID().slice(0, 8)}}`;
const children: ChildProcess[] = [];
const posts = () => new PostOutbox(rt.redis, { now: () => new Date() });

beforeAll(async () => {
  ({ redisUrl } = await requireServices(['redis']));
  rt = testRuntime(undefined, redisUrl);
  dir = await mkdtemp(path.join(tmpdir(), 'adjutant-forum-crash-'));
  xf = await startXenForo();
  dc = await startDiscourse();
  process.env.TEST_CRASH_XF_KEY = xf.key;
  process.env.TEST_CRASH_DC_KEY = dc.key;
  process.env.TEST_CRASH_DC_USER = 'adjutant';
  process.env.TEST_CRASH_XF_LOGIN = 'adjutant';
  process.env.TEST_CRASH_XF_PASSWORD = xf.password;
  games.push(await storeFixtureGame(rt, { forum: xenforoSection(xf, 'TEST_CRASH_XF_KEY') }));
  games.push(await storeFixtureGame(rt, { forum: discourseSection(dc, 'TEST_CRASH_DC_KEY', 'TEST_CRASH_DC_USER') }));
  games.push(await storeFixtureGame(rt, { forum: xenforoMemberSection(xf, 'TEST_CRASH_XF_LOGIN', 'TEST_CRASH_XF_PASSWORD') }));
});

afterAll(async () => {
  for (const child of children) child.kill('SIGKILL');
  await xf?.server.close();
  await dc?.server.close();
  const keys = await rt.redis.keys(`${prefix}*`);
  if (keys.length) await rt.redis.del(...keys);
  await cleanUp(rt, games);
  await rt.close();
  await rm(dir, { recursive: true, force: true });
});

function spawnPoster(): { child: ChildProcess; ready: Promise<void>; exited: Promise<void> } {
  const child = spawn(process.execPath, ['--import', 'tsx', path.join(ROOT, 'test/forum/support/poster-process.ts')], {
    cwd: ROOT,
    env: { ...process.env, REDIS_URL: redisUrl, POSTER_PREFIX: prefix, POSTER_GAMES: games.join(',') },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  children.push(child);
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const ready = new Promise<void>((resolve, reject) => {
    let out = '';
    child.stdout!.on('data', (d: Buffer) => ((out += d.toString()), out.includes('ready\n') && resolve()));
    child.once('exit', (code, signal) => reject(new Error(`the poster exited (${code ?? signal}) before it was ready`)));
  });
  return { child, ready, exited };
}

/** Records `count` more updates, each with its own image, taking the games in turn. */
async function recordUpdates(from: number, count: number): Promise<void> {
  for (let n = from; n < from + count; n++) {
    const file = path.join(dir, `map-${n}.png`);
    await writeFile(file, Buffer.concat([Buffer.from('89504e470d0a1a0a', 'hex'), Buffer.from(`map of update ${n}`)]));
    await posts().record(games[n % 3], { kind: 'post', key: `update:step-${n}`, text: `Update ${n}`, images: [{ filename: 'map.png', path: file }] });
  }
}

// Requests that make something: a member's login (each new poster logs in) makes nothing the test counts.
const makes = (r: { method: string; path: string }) => r.method === 'POST' && r.path !== '/login/login';
const postRequests = () => xf.server.requests.filter(makes).length + dc.server.requests.filter(makes).length;
const pendingCount = async () => (await Promise.all(games.map(async (g) => (await posts().pending(g)).length))).reduce((a, b) => a + b, 0);

/**
 * Kills the poster SIGKILL_COUNT times while it has an item in hand, recording `record`'s items in
 * batches as the line empties, then lets a last poster finish: returns how many were recorded.
 */
async function killWhilePosting(record: (from: number, count: number) => Promise<void>): Promise<number> {
  xf.server.latency(80);
  dc.server.latency(80);
  let recorded = 0;
  let kills = 0;
  while (kills < KILLS) {
    if ((await pendingCount()) < 4) {
      await record(recorded, 6);
      recorded += 6;
    }
    const poster = spawnPoster();
    await poster.ready;
    // The kill lands while an item is in hand: after the forum was asked to make something.
    // (Or the poster only found items made before the last kill, and has nothing left to do.)
    const before = postRequests();
    const busy = await waitFor('an item in hand', async () => (postRequests() > before ? 'posting' : (await pendingCount()) === 0 && 'idle'), 30_000, 10);
    if (busy === 'posting') await sleep(Math.random() * 400);
    poster.child.kill('SIGKILL');
    await poster.exited;
    if (busy === 'posting') kills++;
  }
  const last = spawnPoster();
  await last.ready;
  await waitFor('every item made', async () => (await pendingCount()) === 0, 120_000, 200);
  last.child.kill('SIGTERM');
  await last.exited;
  for (const gameId of games) expect(await posts().setAsideItems(gameId)).toEqual([]);
  return recorded;
}

/** Records `count` more private messages to the one player, taking the games in turn. */
async function recordMessages(from: number, count: number): Promise<void> {
  for (let n = from; n < from + count; n++) {
    await posts().record(games[n % 3], { kind: 'private', key: `note:${n}`, to: [n % 3 === 1 ? 'alice' : 'Alice'], title: `Note ${n}`, text: `Number ${n}` });
  }
}

describe('the forum poster under SIGKILL', () => {
  it(`posts every update exactly once, with its image, while the poster is killed ${KILLS} times`, { timeout: 600_000 }, async () => {
    const recorded = await killWhilePosting(recordUpdates);
    let retried = 0;
    for (let n = 0; n < recorded; n++) {
      const gameId = games[n % 3];
      const line = markerLine(`${gameId}/update:step-${n}`);
      const image = Buffer.concat([Buffer.from('89504e470d0a1a0a', 'hex'), Buffer.from(`map of update ${n}`)]);
      const entry = (await posts().entry(gameId, `update:step-${n}`))!;
      retried += Number((await rt.redis.hget(postKeys(gameId).outboxAttempts, entry.key)) ?? 0) > 1 ? 1 : 0;
      if (n % 3 !== 1) {
        const found = xf.posts.filter((p) => p.message.includes(line));
        expect(found.map((p) => p.message.split('\n')[0])).toEqual([`Update ${n}`]);
        expect(entry.postId).toBe(String(found[0].post_id));
        const attached = [...xf.attachments].filter(([id]) => found[0].message.includes(`[ATTACH=full]${id}[/ATTACH]`));
        expect(attached.map(([, a]) => a.data.equals(image))).toEqual([true]);
      } else {
        const found = dc.posts.filter((p) => p.raw.includes(line));
        expect(found.map((p) => p.raw.split('\n')[0])).toEqual([`Update ${n}`]);
        expect(entry.postId).toBe(String(found[0].id));
        const uploaded = dc.uploads.filter((u) => found[0].raw.includes(`(${u.short_url})`));
        expect(uploaded.map((u) => u.data.equals(image))).toEqual([true]);
      }
    }
    // Nothing in the threads that was not recorded.
    expect(xf.posts.length + dc.posts.length).toBe(recorded);
    console.info(`forum crash test: ${KILLS} kills, ${recorded} updates posted once each, ${retried} of them tried again after a kill`);
  });

  it(`sends every private message exactly once, in the member's conversation, while the poster is killed ${KILLS} times`, { timeout: 600_000 }, async () => {
    const xfBefore = xf.conversationIds().length;
    const dcBefore = dc.pms.length;
    const recorded = await killWhilePosting(recordMessages);
    const xfMessages = xf
      .conversationIds()
      .flatMap((id) => xf.messagesIn(id))
      .filter((m) => m.user_id === 1);
    const dcMessages = dc.pms.flatMap((pm) => pm.posts).filter((p) => p.username === 'adjutant');
    for (let n = 0; n < recorded; n++) {
      const line = markerLine(`${games[n % 3]}/note:${n}`);
      const found = n % 3 !== 1 ? xfMessages.filter((m) => m.message.includes(line)) : dcMessages.filter((p) => p.raw.includes(line));
      expect(found, `note ${n}`).toHaveLength(1);
    }
    expect(xfMessages.length + dcMessages.length).toBe(recorded);
    // Most go in the one conversation kept with the player; a kill between starting one and keeping it may start another.
    const started = xf.conversationIds().length - xfBefore + dc.pms.length - dcBefore;
    expect(started).toBeLessThan(recorded / 2);
    console.info(`forum crash test: ${KILLS} kills, ${recorded} private messages sent once each, in ${started} conversations`);
  });
});
