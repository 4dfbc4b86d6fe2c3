// The forum poster as `adjutant serve` runs it: a real service process with a board NES game whose
// game.yaml names a local XenForo (sandbox/forum/xenforo-server.ts, in this process). At the
// deadline the step is adjudicated, its map rendered, and the update posted into the thread with
// the map attached, by the service alone.
import { randomUUID } from 'node:crypto';
import { mkdir, mkdtemp, readFile, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { parseDocument } from 'yaml';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { QUEUES } from '../../jobs/queues.ts';
import { markerLine } from '../../src/channels/forum/base/forum-adapter.ts';
import { GameStore } from '../../src/store/game-store.ts';
import { forumKeys } from '../../src/store/keys.ts';
import { connectRedis } from '../../src/store/redis.ts';
import { dropServedGame, startServe, type ServeProcess } from '../mail/support/serve-process.ts';
import { requireServices, serviceEndpoints } from '../support/services.ts';
import { waitFor } from '../turns/support.ts';
import { startXenForo, type XenForoForum } from '../../sandbox/forum/xenforo-server.ts';

const gameId = `forum-${randomUUID().slice(0, 8)}`;
const FIXTURE = new URL('../mail/fixtures/board-nes/', import.meta.url);
let store: GameStore;
let dir: string;
let xf: XenForoForum;
let serve: ServeProcess | undefined;

beforeAll(async () => {
  await requireServices(['redis', 'imap', 'smtp']);
  store = new GameStore(connectRedis(serviceEndpoints().redisUrl));
  xf = await startXenForo();
  process.env.TEST_SERVE_XF_KEY = xf.key;
  dir = await mkdtemp(path.join(tmpdir(), 'adjutant-serve-forum-'));
  const folder = path.join(dir, 'games', gameId);
  await mkdir(folder, { recursive: true });
  const doc = parseDocument(await readFile(new URL('game.yaml', FIXTURE), 'utf8'));
  doc.set('schedule', doc.createNode({ dates: [new Date(Date.now() + 15_000).toISOString()], reminders: [] }));
  doc.set('forum', doc.createNode({ software: 'xenforo', url: xf.apiUrl, thread: 77, credentials: { key: 'TEST_SERVE_XF_KEY' } }));
  await writeFile(path.join(folder, 'game.yaml'), doc.toString());
  await writeFile(path.join(folder, 'map.yaml'), await readFile(new URL('map.yaml', FIXTURE), 'utf8'));
});

afterAll(async () => {
  if (serve) {
    serve.child.kill('SIGTERM');
    await serve.exited;
  }
  await xf?.server.close();
  await dropServedGame(store, gameId, dir, [QUEUES.forumPost]);
});

describe('adjutant serve with a forum', () => {
  it("posts the turn's update with its map into the game's XenForo thread at the deadline", { timeout: 90_000 }, async () => {
    const before = Date.now();
    serve = startServe({ gameId, gamesDir: path.join(dir, 'games'), outDir: path.join(dir, 'out'), lockMs: 5000 });
    await serve.ready;
    // The service stored the folder as `game import` does: the thread's history is not this game's.
    expect(Date.parse((await store.redis.get(forumKeys(gameId).readsFrom)) ?? '')).toBeGreaterThanOrEqual(before);
    const line = markerLine(`${gameId}/update:step-1`);
    const post = await waitFor('the update in the thread', async () => xf.posts.find((p) => p.message.includes(line)), 60_000, 200);
    expect(post.message).toContain('Mail Loop Trial');
    const map = await readFile(path.join(dir, 'out', gameId, 'turn-1', 'map.png'));
    const attached = [...xf.attachments].filter(([id]) => post.message.includes(`[ATTACH=full]${id}[/ATTACH]`));
    expect(attached.map(([, a]) => a.data.equals(map))).toEqual([true]);
    // (The scheduler looks at every stored game, other tests' too; only this game's posting is checked here.)
    expect(serve.errors.filter((e) => /forum|post/i.test(e))).toEqual([]);
  });
});
