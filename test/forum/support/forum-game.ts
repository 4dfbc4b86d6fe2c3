// A stored game with a `forum:` section for the forum intake tests: the claims fixture, its
// players' forum names, the message loop run straight from the queue (as the mail tests'
// "direct" mode), and what was recorded for the forum (private messages) and the mail outbox.
import pino from 'pino';
import { processForumMessage } from '../../../src/channels/forum/forum-message.ts';
import { startThreadReaders, type ThreadReaders, type ThreadReadersOptions } from '../../../src/channels/forum/thread-readers.ts';
import type { ForumIntakeDeps } from '../../../src/channels/forum/forum-intake.ts';
import type { MessageResult } from '../../../src/messages/message-ledger.ts';
import { PostOutbox, type PostOutboxEntry } from '../../../src/store/post-outbox.ts';
import { postKeys } from '../../../src/store/keys.ts';
import { gameFiles, mailTestGame, type MailTestGame } from '../../mail/support/mail-game.ts';

export interface ForumTestGame extends MailTestGame {
  intake: ForumIntakeDeps;
  /** Message ids queued by the intake and not yet processed. */
  queued: string[];
  /** Processes every queued item, in order. */
  processQueued(): Promise<MessageResult[]>;
  /** Private messages recorded for the forum, by recipient name. */
  privateMessages(to?: string): Promise<PostOutboxEntry[]>;
}

export const FORUM_PLAYERS = { Alice: 'red', Bob: 'blue' };

export async function forumTestGame(forum: Record<string, unknown>, options: { now?: () => Date; set?: Record<string, unknown> } = {}): Promise<ForumTestGame> {
  const files = gameFiles('claims', {
    forum: { credentials: { key: 'FORUM_KEY', user: 'FORUM_USER' }, players: FORUM_PLAYERS, gm: 'Grace', ...forum },
    ...options.set,
  });
  const game = await mailTestGame({ files, now: options.now });
  const queued: string[] = [];
  const intake: ForumIntakeDeps = {
    store: game.store,
    now: game.deps.now,
    logger: pino({ level: 'silent' }),
    enqueue: async ({ messageId }) => void queued.push(messageId),
  };
  const postOutbox = new PostOutbox(game.store.redis, { now: game.deps.now });
  game.deps.postOutbox = postOutbox;
  return Object.assign(game, {
    intake,
    queued,
    async processQueued() {
      const results: MessageResult[] = [];
      for (const messageId of queued.splice(0)) results.push(await processForumMessage(game.deps, { gameId: game.id, messageId }));
      return results;
    },
    async privateMessages(to?: string) {
      const all = Object.values(await game.store.redis.hgetall(postKeys(game.id).outbox)).map((v) => JSON.parse(v) as PostOutboxEntry);
      return all.filter((e) => e.kind === 'private' && (!to || e.to.includes(to)));
    },
  });
}

/** The thread readers as the service starts them, reading once an hour unless asked, opening the forum with `open`. */
export function gameReaders(game: ForumTestGame, open: ThreadReadersOptions['open'], games: () => Promise<string[]> = async () => [game.id]): ThreadReaders {
  return startThreadReaders({
    ...game.intake,
    outbox: game.outbox,
    address: 'game@adjutant.test',
    logger: pino({ level: 'silent' }),
    everyMs: 3_600_000,
    games,
    open,
  });
}
