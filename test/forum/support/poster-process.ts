// The forum poster in a child process the crash test SIGKILLs at random moments: the service's
// poster (src/channels/forum/forum-poster.ts) on the test's queue prefix, serving the test's games, with
// short locks so a killed process's posts go to the next one within a second or two.
import pino from 'pino';
import '../../support/fixture-claims/index.ts';
import { QUEUES, connectionFromUrl, openQueue } from '../../../jobs/queues.ts';
import { forumAlert } from '../../../src/channels/forum/forum-alerts.ts';
import { Conversations } from '../../../src/channels/forum/conversations.ts';
import { startForumPoster } from '../../../src/channels/forum/forum-poster.ts';
import { openForum } from '../../../src/channels/forum/open-forum.ts';
import { PostOutbox } from '../../../src/store/post-outbox.ts';
import { GameStore } from '../../../src/store/game-store.ts';
import { Outbox } from '../../../src/store/outbox.ts';
import { connectRedis } from '../../../src/store/redis.ts';
import { storedGame } from '../../../src/store/stored-game.ts';

const env = process.env;
const redis = connectRedis(env.REDIS_URL!);
const store = new GameStore(redis);
const now = () => new Date();
const logger = pino({ level: env.POSTER_LOG ?? 'silent' });
const games = env.POSTER_GAMES!.split(',');
const lockMs = 1000;
const poster = startForumPoster({
  outbox: new PostOutbox(redis, { now }),
  conversations: new Conversations(redis),
  forumOf: async (gameId) => (await storedGame(store, gameId)).config.forum,
  open: (forum) => openForum(forum, env, { backoffMs: 50, retries: 3, maxWaitMs: 2000 }),
  logger,
  connection: connectionFromUrl(env.REDIS_URL!),
  queue: openQueue(QUEUES.forumPost, connectionFromUrl(env.REDIS_URL!), env.POSTER_PREFIX!),
  attempts: 10,
  retryMs: 200,
  sweepMs: 100,
  parallel: 4,
  lockMs,
  serves: (gameId) => games.includes(gameId),
  alert: (gameId, alert) =>
    forumAlert({ store, outbox: new Outbox(redis, { domain: 'adjutant.test', now }), logger, now, address: 'game@adjutant.test' }, gameId, alert),
});
process.stdout.write('ready\n');
process.on('SIGTERM', async () => {
  await poster.stop();
  redis.disconnect();
  process.exit(0);
});
