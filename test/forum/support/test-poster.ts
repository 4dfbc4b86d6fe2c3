// The forum poster as the service starts it (src/channels/forum/forum-poster.ts on its BullMQ queue, the
// GM told through the mail outbox), under a private queue prefix, limited to the test's games, and
// with short waits so faults play out in seconds; plus the forum sections of the test games,
// pointing at the local contract servers and boards.
import { randomUUID } from 'node:crypto';
import pino from 'pino';
import { QUEUES, connectionFromUrl, openQueue } from '../../../jobs/queues.ts';
import { forumAlert } from '../../../src/channels/forum/forum-alerts.ts';
import type { ForumConfig } from '../../../src/channels/forum/settings/forum-config.ts';
import { Conversations } from '../../../src/channels/forum/conversations.ts';
import { startForumPoster, type ForumPoster, type ForumPosterOptions } from '../../../src/channels/forum/forum-poster.ts';
import { openForum } from '../../../src/channels/forum/open-forum.ts';
import { PostOutbox } from '../../../src/store/post-outbox.ts';
import type { GameStore } from '../../../src/store/game-store.ts';
import type { Outbox } from '../../../src/store/outbox.ts';
import { storedGame } from '../../../src/store/stored-game.ts';
import type { DiscourseForum } from '../../../sandbox/forum/discourse-server.ts';
import type { ForumTestGame } from './forum-game.ts';
import type { PhpbbBoard } from '../../../sandbox/forum/phpbb-server.ts';
import type { XenForoForum } from '../../../sandbox/forum/xenforo-server.ts';

export interface TestPosterOptions extends Partial<Omit<ForumPosterOptions, 'outbox' | 'forumOf' | 'serves' | 'connection' | 'alert'>> {
  redisUrl: string;
  store: GameStore;
  /** The mail outbox the GM's notices go to. */
  mail: Outbox;
  games: (gameId: string) => boolean;
  /** The queue's prefix; a private one by default. */
  prefix?: string;
}

export function startTestPoster(options: TestPosterOptions): ForumPoster & { outbox: PostOutbox } {
  const logger = options.logger ?? pino({ level: process.env.ADJUTANT_TEST_LOG ?? 'silent' });
  const now = () => new Date();
  const outbox = new PostOutbox(options.store.redis, { now });
  const prefix = options.prefix ?? `{adjutant-test-forum-${randomUUID().slice(0, 8)}}`;
  const alertDeps = { store: options.store, outbox: options.mail, logger, now, address: 'game@adjutant.test' };
  const poster = startForumPoster({
    sweepMs: 50,
    attempts: 3,
    retryMs: 100,
    // A forum that is down is given up on within a second here, not after minutes.
    open: (forum) => openForum(forum, process.env, { backoffMs: 20, retries: 1, maxWaitMs: 300 }),
    ...options,
    outbox,
    conversations: new Conversations(options.store.redis),
    logger,
    connection: connectionFromUrl(options.redisUrl),
    queue: openQueue(QUEUES.forumPost, connectionFromUrl(options.redisUrl), prefix),
    forumOf: async (gameId) => (await storedGame(options.store, gameId)).config.forum,
    alert: (gameId, alert) => forumAlert(alertDeps, gameId, alert),
    serves: options.games,
  });
  return { outbox, stop: () => poster.stop() };
}

/** The test poster for one forum test game alone, opening its forum with `open`. */
export function gamePoster(game: ForumTestGame, redisUrl: string, open: ForumPosterOptions['open']): ForumPoster & { outbox: PostOutbox } {
  return startTestPoster({ redisUrl, store: game.store, mail: game.outbox, games: (g) => g === game.id, open });
}

/** game.yaml's forum section for the local XenForo; the key is read from the variable `keyVar`. */
export function xenforoSection(forum: XenForoForum, keyVar: string, extra: Partial<ForumConfig> = {}) {
  return { software: 'xenforo', url: forum.apiUrl, thread: 77, credentials: { key: keyVar }, ...extra };
}

/** game.yaml's forum section for the local XenForo as an ordinary member, logging in with the name and password in these variables. */
export function xenforoMemberSection(forum: XenForoForum, loginVar: string, passwordVar: string) {
  return { software: 'xenforo', url: forum.baseUrl, thread: 77, credentials: { login: loginVar, password: passwordVar } };
}

/** game.yaml's forum section for the local Discourse, posting as the user in `userVar`. */
export function discourseSection(forum: DiscourseForum, keyVar: string, userVar: string, extra: Partial<ForumConfig> = {}) {
  return { software: 'discourse', url: forum.server.url, thread: 55, credentials: { key: keyVar, user: userVar }, ...extra };
}

/** game.yaml's forum section for the local phpBB board as an ordinary member, logging in with the name and password in these variables. */
export function phpbbMemberSection(board: PhpbbBoard, loginVar: string, passwordVar: string) {
  return { software: 'phpbb', url: board.server.url, thread: board.state.topicId, credentials: { login: loginVar, password: passwordVar } };
}
