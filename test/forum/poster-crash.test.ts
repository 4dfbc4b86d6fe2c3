// Crash safety of forum posting: the forum poster runs in a child process that is SIGKILLed at a
// random moment while it posts (at least 30 kills), and started again. The local XenForo,
// Discourse and phpBB servers run in this process, never killed, and hold each answer back a
// little after doing the work, so many kills land between the forum making a post and the poster
// marking it. Then every update recorded is in its thread exactly once, with its own image, and
// every private message is sent to its member exactly once: an item made before a kill is found
// by its marker and not made again. Four games share the kills: XenForo through its API,
// Discourse, XenForo as an ordinary member through the board's pages and forms, and phpBB as an
// ordinary member the same way (its flood interval off, as XenForo's flood check is here). The one
// poster serves the four at once, so a kill lands on whatever each has in hand: every game must
// have had items tried again after a kill.
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
import type { ContractRequest } from '../../sandbox/forum/contract-server.ts';
import { startDiscourse, type DiscourseForum } from '../../sandbox/forum/discourse-server.ts';
import { startPhpbb, type PhpbbBoard } from '../../sandbox/forum/phpbb-server.ts';
import { startXenForo, type XenForoForum } from '../../sandbox/forum/xenforo-server.ts';
import { discourseSection, phpbbMemberSection, xenforoMemberSection, xenforoSection } from './support/test-poster.ts';

const KILLS = 30;
const ROOT = path.join(import.meta.dirname, '../..');
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

let rt: ReturnType<typeof testRuntime>;
let xf: XenForoForum;
let dc: DiscourseForum;
let bb: PhpbbBoard;
let bbAccount: number;
let dir: string;
let redisUrl: string;

/** A post in a game's thread: its first line, its id, and the bytes of each image it shows. */
interface ThreadItem {
  first: string;
  id: string;
  images: Buffer[];
}

/** A test game, with what its forum made, found by an item's marker line. */
interface CrashGame {
  id: string;
  /** The name its private messages go to, as the forum spells its member. */
  player: string;
  posts(line: string): ThreadItem[];
  /** How many private messages from the game's account carry the line. */
  messages(line: string): number;
}
const games: CrashGame[] = [];
const gameOf = (n: number) => games[n % games.length];
const prefix = `{adjutant-test-crash-${randomUUID().slice(0, 8)}}`;
const children: ChildProcess[] = [];
const posts = () => new PostOutbox(rt.redis, { now: () => new Date() });

/**
 * How many items of each game were tried again after a kill (begun more than once): every forum
 * must have had items in hand when the poster was killed, or the test says nothing of it.
 */
async function triedAgainByGame(keyOf: (n: number) => string, recorded: number): Promise<number[]> {
  const counts = games.map(() => 0);
  for (let n = 0; n < recorded; n++) {
    const attempts = Number((await rt.redis.hget(postKeys(gameOf(n).id).outboxAttempts, keyOf(n))) ?? 0);
    if (attempts > 1) counts[n % games.length]++;
  }
  return counts;
}

beforeAll(async () => {
  ({ redisUrl } = await requireServices(['redis']));
  rt = testRuntime(undefined, redisUrl);
  dir = await mkdtemp(path.join(tmpdir(), 'adjutant-forum-crash-'));
  xf = await startXenForo();
  dc = await startDiscourse();
  bb = await startPhpbb();
  bbAccount = bb.register('Adjutant');
  // A phpBB topic is never empty: it is its first post (deleting that deletes the topic).
  bb.say('Alice', 'The game begins.');
  process.env.TEST_CRASH_XF_KEY = xf.key;
  process.env.TEST_CRASH_DC_KEY = dc.key;
  process.env.TEST_CRASH_DC_USER = 'adjutant';
  process.env.TEST_CRASH_XF_LOGIN = 'adjutant';
  process.env.TEST_CRASH_XF_PASSWORD = xf.password;
  process.env.TEST_CRASH_BB_LOGIN = 'Adjutant';
  process.env.TEST_CRASH_BB_PASSWORD = bb.password;
  const xfPosts = (line: string) =>
    xf.posts
      .filter((p) => p.message.includes(line))
      .map((p) => ({
        first: p.message.split('\n')[0],
        id: String(p.post_id),
        images: [...xf.attachments].filter(([id]) => p.message.includes(`[ATTACH=full]${id}[/ATTACH]`)).map(([, a]) => a.data),
      }));
  const xfMessages = (line: string) =>
    xf
      .conversationIds()
      .flatMap((id) => xf.messagesIn(id))
      .filter((m) => m.user_id === 1 && m.message.includes(line)).length;
  const store = async (forum: Record<string, unknown>) => storeFixtureGame(rt, { forum });
  games.push(
    { id: await store(xenforoSection(xf, 'TEST_CRASH_XF_KEY')), player: 'Alice', posts: xfPosts, messages: xfMessages },
    {
      id: await store(discourseSection(dc, 'TEST_CRASH_DC_KEY', 'TEST_CRASH_DC_USER')),
      player: 'alice',
      posts: (line) =>
        dc.posts
          .filter((p) => p.raw.includes(line))
          .map((p) => ({
            first: p.raw.split('\n')[0],
            id: String(p.id),
            images: dc.uploads.filter((u) => p.raw.includes(`(${u.short_url})`)).map((u) => u.data),
          })),
      messages: (line) => dc.pms.flatMap((pm) => pm.posts).filter((p) => p.username === 'adjutant' && p.raw.includes(line)).length,
    },
    { id: await store(xenforoMemberSection(xf, 'TEST_CRASH_XF_LOGIN', 'TEST_CRASH_XF_PASSWORD')), player: 'Alice', posts: xfPosts, messages: xfMessages },
    {
      id: await store(phpbbMemberSection(bb, 'TEST_CRASH_BB_LOGIN', 'TEST_CRASH_BB_PASSWORD')),
      player: 'Alice',
      posts: (line) =>
        bb.state.posts
          .filter((p) => p.source.includes(line))
          .map((p) => ({ first: p.source.split('\n')[0], id: String(p.id), images: p.attachments.map((id) => bb.state.attachments.get(id)!.data) })),
      messages: (line) => bb.state.messages.filter((m) => m.authorId === bbAccount && m.source.includes(line)).length,
    },
  );
});

afterAll(async () => {
  for (const child of children) child.kill('SIGKILL');
  await xf?.server.close();
  await dc?.server.close();
  await bb?.server.close();
  const keys = await rt.redis.keys(`${prefix}*`);
  if (keys.length) await rt.redis.del(...keys);
  await cleanUp(
    rt,
    games.map((g) => g.id),
  );
  await rt.close();
  await rm(dir, { recursive: true, force: true });
});

function spawnPoster(): { child: ChildProcess; ready: Promise<void>; exited: Promise<void> } {
  const child = spawn(process.execPath, ['--import', 'tsx', path.join(ROOT, 'test/forum/support/poster-process.ts')], {
    cwd: ROOT,
    env: { ...process.env, REDIS_URL: redisUrl, POSTER_PREFIX: prefix, POSTER_GAMES: games.map((g) => g.id).join(',') },
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
    await posts().record(gameOf(n).id, { kind: 'post', key: `update:step-${n}`, text: `Update ${n}`, images: [{ filename: 'map.png', path: file }] });
  }
}

// Requests that make something the test counts: a member's login (each new poster logs in) makes
// nothing, nor does a file added to a phpBB reply form (an orphan until the reply takes it).
const makes = (r: ContractRequest) =>
  r.method === 'POST' && r.path !== '/login/login' && !(r.path === '/ucp.php' && r.query.get('mode') === 'login') && !r.form?.has('add_file');
const postRequests = () => [xf, dc, bb].reduce((sum, forum) => sum + forum.server.requests.filter(makes).length, 0);
const pendingCount = async () => (await Promise.all(games.map(async (g) => (await posts().pending(g.id)).length))).reduce((a, b) => a + b, 0);

/**
 * Kills the poster SIGKILL_COUNT times while it has an item in hand, recording `record`'s items in
 * batches as the line empties, then lets a last poster finish: returns how many were recorded.
 */
async function killWhilePosting(record: (from: number, count: number) => Promise<void>): Promise<number> {
  xf.server.latency(80);
  dc.server.latency(80);
  // phpBB's forms take a second each (its form keys), so its items are few among the kills: what it makes is held back longer.
  bb.server.latency(300, makes);
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
  for (const game of games) expect(await posts().setAsideItems(game.id)).toEqual([]);
  return recorded;
}

/** Records `count` more private messages to the one player, taking the games in turn. */
async function recordMessages(from: number, count: number): Promise<void> {
  for (let n = from; n < from + count; n++) {
    await posts().record(gameOf(n).id, { kind: 'private', key: `note:${n}`, to: [gameOf(n).player], title: `Note ${n}`, text: `Number ${n}` });
  }
}

// Everything the forums hold, each item once: what the test recorded and nothing else.
const threadPosts = () => xf.posts.length + dc.posts.length + bb.state.posts.filter((p) => p.userId === bbAccount).length;
const accountMessages = () =>
  xf
    .conversationIds()
    .flatMap((id) => xf.messagesIn(id))
    .filter((m) => m.user_id === 1).length +
  dc.pms.flatMap((pm) => pm.posts).filter((p) => p.username === 'adjutant').length +
  bb.state.messages.filter((m) => m.authorId === bbAccount).length;
const conversations = () => xf.conversationIds().length + dc.pms.length + bb.state.messages.filter((m) => m.authorId === bbAccount && !m.root).length;

describe('the forum poster under SIGKILL', () => {
  it(`posts every update exactly once, with its image, while the poster is killed ${KILLS} times`, { timeout: 600_000 }, async () => {
    const recorded = await killWhilePosting(recordUpdates);
    for (let n = 0; n < recorded; n++) {
      const game = gameOf(n);
      const image = Buffer.concat([Buffer.from('89504e470d0a1a0a', 'hex'), Buffer.from(`map of update ${n}`)]);
      const entry = (await posts().entry(game.id, `update:step-${n}`))!;
      const found = game.posts(markerLine(`${game.id}/update:step-${n}`));
      expect(
        found.map((p) => p.first),
        `update ${n}`,
      ).toEqual([`Update ${n}`]);
      expect(entry.postId).toBe(found[0].id);
      expect(found[0].images.map((data) => data.equals(image))).toEqual([true]);
    }
    expect(threadPosts()).toBe(recorded);
    const retried = await triedAgainByGame((n) => `update:step-${n}`, recorded);
    expect(retried.filter((n) => n === 0)).toEqual([]);
    console.info(`forum crash test: ${KILLS} kills, ${recorded} updates posted once each, tried again after a kill per game: ${retried.join(', ')}`);
  });

  it(`sends every private message exactly once, to its member, while the poster is killed ${KILLS} times`, { timeout: 600_000 }, async () => {
    const before = conversations();
    const recorded = await killWhilePosting(recordMessages);
    for (let n = 0; n < recorded; n++) expect(gameOf(n).messages(markerLine(`${gameOf(n).id}/note:${n}`)), `note ${n}`).toBe(1);
    expect(accountMessages()).toBe(recorded);
    // Most go in the one conversation kept with the player; a kill between starting one and keeping it may start another.
    const started = conversations() - before;
    expect(started).toBeLessThan(recorded / 2);
    const retried = await triedAgainByGame((n) => `note:${n}`, recorded);
    expect(retried.filter((n) => n === 0)).toEqual([]);
    console.info(
      `forum crash test: ${KILLS} kills, ${recorded} private messages sent once each, in ${started} conversations, tried again after a kill per game: ${retried.join(', ')}`,
    );
  });
});
