// Orders read from a forum thread, on the local Redis of scripts/services.sh (used when running,
// else started here and stopped again at the end) and a local XenForo that follows its documented
// API (sandbox/forum/xenforo-server.ts), board NES orders through the real parser:
//   forum-read           posts read per second from the thread's pages (one in four an orders
//                        post, stored and queued; the rest chatter and quotes, passed over);
//   forum-read-member    the same, read as an ordinary member from the board's HTML pages
//                        (sandbox/forum/xenforo-pages.ts), logged in through its form;
//   forum-confirm-p50/p95  from a post appearing in the thread to its confirmation being recorded
//                        in the forum outbox, when the thread is read at once (as a Discourse
//                        webhook makes it; with polling alone, add up to the polling interval).
//   forum-member-paced-xenforo, -discourse, -phpbb  a turn's update and 50 confirmations (each a
//                        new conversation with its player) made through the forum poster as an
//                        account that is not staff, on a forum that makes it wait FLOOD_S seconds
//                        between two new conversations (XenForo's flood check, 30 s as installed;
//                        Discourse's new private messages, one per 15 s; phpBB's flood interval,
//                        15 s, counted in whole seconds; shortened here so the bench runs in a
//                        minute): seconds from recording them to the last one made. The pacing
//                        alone takes 50 × FLOOD_S; the target allows a quarter more. At the
//                        installed pace, the same run is 25, 12.5 and 12.5 minutes.
// Run: npm run bench -- forum
import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { performance } from 'node:perf_hooks';
import pino from 'pino';
import { parseDocument } from 'yaml';
import { processForumMessage } from '../src/channels/forum/forum-message.ts';
import { readThread, type ForumIntakeDeps } from '../src/channels/forum/forum-intake.ts';
import { xenforoAdapter, xenforoAdapterOver } from '../src/channels/forum/xenforo/xenforo-adapter.ts';
import { xenforoMember } from '../src/channels/forum/xenforo/xenforo-member.ts';
import { openGame } from '../src/game/open-game.ts';
import { parseMessage } from '../src/orders/parse-message.ts';
import { PostOutbox } from '../src/store/post-outbox.ts';
import { GameStore } from '../src/store/game-store.ts';
import { Outbox } from '../src/store/outbox.ts';
import { connectRedis } from '../src/store/redis.ts';
import { openForum } from '../src/channels/forum/open-forum.ts';
import { startDiscourse } from '../sandbox/forum/discourse-server.ts';
import { startPhpbb } from '../sandbox/forum/phpbb-server.ts';
import { startXenForo } from '../sandbox/forum/xenforo-server.ts';
import { startTestPoster } from '../test/forum/support/test-poster.ts';
import { MemoryControl } from '../test/mail/support/fake-control.ts';
import { dropGame } from '../test/mail/support/mail-game.ts';
import { localServices } from '../test/support/local-services.ts';
import { requireServices } from '../test/support/services.ts';

const POSTS = 2000;
const CONFIRM = 60;
const PACED = 50;
const FLOOD_S = 1;
const USERS = [
  { user_id: 1, username: 'Adjutant' },
  { user_id: 2, username: 'Alice' },
  { user_id: 3, username: 'Bob' },
  { user_id: 4, username: 'Carol' },
];

const local = await localServices(['redis']).catch((e: Error) => {
  console.error(`forum bench: ${e.message}`);
  process.exit(1);
});
const svc = await requireServices(['redis']).catch(async (e: Error) => {
  console.error(`forum bench: ${e.message}`);
  await local.release();
  process.exit(1);
});
const redis = connectRedis(svc.redisUrl);
const store = new GameStore(redis);
const now = () => new Date();
const logger = pino({ level: 'silent' });
const FIXTURE = new URL('../test/mail/fixtures/board-nes/', import.meta.url);

async function newGame(apiUrl: string, credentials: Record<string, string> = { key: 'XF_KEY' }, software = 'xenforo', thread = 77): Promise<string> {
  const id = `bench-${randomUUID().slice(0, 8)}`;
  const doc = parseDocument(readFileSync(new URL('game.yaml', FIXTURE), 'utf8'));
  doc.setIn(['mail', 'rateLimit'], doc.createNode({ count: 100_000, per: '1h' }));
  doc.set('forum', doc.createNode({ software, url: apiUrl, thread, credentials, players: { Alice: 'red', Bob: 'blue' }, orders: 'public' }));
  const files = { 'game.yaml': doc.toString(), 'map.yaml': readFileSync(new URL('map.yaml', FIXTURE), 'utf8') };
  const { game, problems } = openGame(id, files);
  if (!game) throw new Error(problems.map((p) => p.message).join('; '));
  await store.createGame(id, { files, state: game.state });
  return id;
}

const players = Array.from({ length: PACED }, (_, i) => `player${i + 1}`);
const forum = await startXenForo(77, [...USERS, ...players.map((username, i) => ({ user_id: 10 + i, username }))]);
process.env.XF_LOGIN = 'Adjutant';
process.env.XF_PASSWORD = forum.password;
const adapter = xenforoAdapter({ baseUrl: forum.apiUrl, threadId: 77, apiKey: forum.key });
const postOutbox = new PostOutbox(redis, { now });
const deps = {
  store,
  outbox: new Outbox(redis, { domain: 'adjutant.test', now }),
  postOutbox,
  control: new MemoryControl(new Date(Date.now() + 86_400_000)),
  now,
  logger,
  address: 'game@adjutant.test',
  parse: parseMessage,
};
const games: string[] = [];
try {
  // Posts read per second.
  const readGame = await newGame(forum.apiUrl);
  games.push(readGame);
  for (let i = 0; i < POSTS; i++) {
    if (i % 4 === 0) forum.say(2, `Here we go.\n[orders]\nBuy army in lon\n[/orders]`);
    else if (i % 4 === 1) forum.say(3, `[quote="Alice"][orders]Buy army in edi[/orders][/quote]\nBold move.`);
    else forum.say(i % 4 === 2 ? 4 : 3, 'Anyone up for an alliance against the north? Buy army in lon, they said.');
  }
  const member = xenforoAdapterOver(xenforoMember({ baseUrl: forum.baseUrl, threadId: 77, login: { login: 'Adjutant', password: forum.password } }), 77);
  for (const [bench, through] of [
    ['forum-read', adapter],
    ['forum-read-member', member],
  ] as const) {
    const gameId = bench === 'forum-read' ? readGame : await newGame(forum.baseUrl);
    if (gameId !== readGame) games.push(gameId);
    const queued: string[] = [];
    const intake: ForumIntakeDeps = { store, now, logger, enqueue: async ({ messageId }) => void queued.push(messageId) };
    const started = performance.now();
    const { read } = await readThread(intake, gameId, through);
    const seconds = (performance.now() - started) / 1000;
    if (read !== POSTS || queued.length !== POSTS / 4)
      throw new Error(`${bench}: read ${read} posts and took ${queued.length}; expected ${POSTS} and ${POSTS / 4}`);
    console.log(JSON.stringify({ bench, value: Math.round(read / seconds), unit: 'posts/s', target: 200 }));
  }

  // From a post to its confirmation recorded.
  forum.posts.length = 0;
  const confirmGame = await newGame(forum.apiUrl);
  games.push(confirmGame);
  const times: number[] = [];
  const take: ForumIntakeDeps = { store, now, logger, enqueue: (job) => processForumMessage(deps, job).then(() => undefined) };
  for (let i = 0; i < CONFIRM; i++) {
    const t0 = performance.now();
    const post = forum.say(2, `[orders]\nBuy army in lon\n[/orders]`);
    await readThread(take, confirmGame, adapter);
    const entry = await postOutbox.entry(confirmGame, `reply:forum-post:${post.post_id}@0`);
    if (!entry) throw new Error(`no confirmation recorded for post ${post.post_id}`);
    times.push(performance.now() - t0);
  }
  times.sort((a, b) => a - b);
  const at = (q: number) => Math.round(times[Math.min(times.length - 1, Math.floor(q * times.length))]);
  console.log(JSON.stringify({ bench: 'forum-confirm-p50', value: at(0.5), unit: 'ms', target: 500 }));
  console.log(JSON.stringify({ bench: 'forum-confirm-p95', value: at(0.95), unit: 'ms', target: 1000 }));

  const target = Math.ceil(PACED * FLOOD_S * 1.25);
  const xfGame = await newGame(forum.baseUrl, { login: 'XF_LOGIN', password: 'XF_PASSWORD' });
  games.push(xfGame);
  const xfPace = { set: (on: boolean) => void (forum.flood.every = on ? FLOOD_S : 0), made: () => forum.conversations.length };
  console.log(JSON.stringify({ bench: 'forum-member-paced-xenforo', value: await paced(xfGame, xfPace), unit: 's', target }));
  const dc = await startDiscourse(55, ['adjutant', ...players]);
  try {
    process.env.DC_KEY = dc.key;
    process.env.DC_USER = 'adjutant';
    const dcGame = await newGame(dc.server.url, { key: 'DC_KEY', user: 'DC_USER' }, 'discourse', 55);
    games.push(dcGame);
    const dcPace = { set: (on: boolean) => void (dc.limits.newMessageSeconds = on ? FLOOD_S : 0), made: () => dc.messages.length };
    console.log(JSON.stringify({ bench: 'forum-member-paced-discourse', value: await paced(dcGame, dcPace), unit: 's', target }));
  } finally {
    await dc.server.close();
  }
  const bb = await startPhpbb(12);
  try {
    for (const name of ['Adjutant', ...players]) bb.register(name);
    // A phpBB topic is never empty: it is its first post.
    bb.say('player1', 'The game begins.');
    process.env.BB_LOGIN = 'Adjutant';
    process.env.BB_PASSWORD = bb.password;
    const bbGame = await newGame(bb.server.url, { login: 'BB_LOGIN', password: 'BB_PASSWORD' }, 'phpbb', 12);
    games.push(bbGame);
    const bbPace = { set: (on: boolean) => void (bb.flood.interval = on ? FLOOD_S : 0), made: () => bb.state.messages.length };
    console.log(JSON.stringify({ bench: 'forum-member-paced-phpbb', value: await paced(bbGame, bbPace), unit: 's', target }));
  } finally {
    await bb.server.close();
  }
} finally {
  for (const id of games) await dropGame(store, id);
  await forum.server.close();
  redis.disconnect();
  await local.release();
}

/** The update and PACED confirmations through the forum poster, as the service runs it, on a forum pacing them; seconds until the last is made. */
async function paced(gameId: string, pace: { set(on: boolean): void; made(): number }): Promise<number> {
  pace.set(true);
  const poster = startTestPoster({ redisUrl: svc.redisUrl, store, mail: deps.outbox, games: (id) => id === gameId, open: (f) => openForum(f, process.env) });
  try {
    const started = performance.now();
    await postOutbox.record(gameId, { kind: 'post', key: 'update:step-1', text: 'The turn is adjudicated.', images: [] });
    for (let i = 1; i <= PACED; i++)
      await postOutbox.record(gameId, { kind: 'private', key: `reply:${i}`, to: [players[i - 1]], title: 'Your orders', text: 'Read: buy army in lon' });
    for (;;) {
      const counts = await postOutbox.counts(gameId);
      if (counts.recorded === PACED + 1 && counts.inLine === 0) break;
      if ((await postOutbox.setAsideItems(gameId)).length) throw new Error('forum-member-paced: an item was set aside');
      await new Promise((r) => setTimeout(r, 100));
    }
    const seconds = (performance.now() - started) / 1000;
    if (pace.made() !== PACED) throw new Error(`forum-member-paced: ${pace.made()} conversations made; expected ${PACED}`);
    // The board's pacing is the normal course of things for a member: the GM is not told of it.
    const alerts = (await deps.outbox.keys(gameId)).filter((k) => k.startsWith('alert:'));
    if (alerts.length) throw new Error(`forum-member-paced: the GM was alerted (${alerts.join(', ')})`);
    return Math.round(seconds * 10) / 10;
  } finally {
    await poster.stop();
    pace.set(false);
  }
}
