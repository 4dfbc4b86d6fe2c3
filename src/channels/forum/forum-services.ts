// The forum channel's processes in the service: the thread readers (part 'intake'), the forum
// poster (part 'sender'), and the webhooks the web server takes (part 'outputs'), which make the
// thread readers of the same process read a game at once.
import type { ChannelServiceContext, ChannelServices } from '../../messages/channel-services.ts';
import { PostOutbox } from '../../store/post-outbox.ts';
import { storedGame } from '../../store/stored-game.ts';
import { statusText } from '../../turns/status-post.ts';
import { Conversations } from './conversations.ts';
import { forumAlert } from './forum-alerts.ts';
import { startForumPoster } from './forum-poster.ts';
import { startThreadReaders, type ThreadReaders } from './thread-readers.ts';
import { forumWebhooks } from './webhook-intake.ts';

declare module '../../messages/channel-services.ts' {
  interface ChannelSettings {
    /** How often each game's forum thread is read (ADJUTANT_FORUM_READ_SECONDS). */
    forumReadEveryMs: number;
  }
}

export function forumServices(ctx: ChannelServiceContext): ChannelServices {
  const { store, outbox, logger, now, outages, control, games } = ctx;
  const alertDeps = { store, outbox, logger, now, address: ctx.address };
  // Started by the intake part. Without it in this process, a delivery that asks for the thread to be
  // read at once waits for the next round of the process that reads it.
  let readers: ThreadReaders | undefined;
  return {
    intake() {
      readers = startThreadReaders({
        ...alertDeps,
        enqueue: ctx.enqueue,
        everyMs: ctx.config.forumReadEveryMs,
        games: games ? async () => games : undefined,
        outages,
      });
      return readers;
    },
    sender() {
      // Its notices to the GM go out through the mail outbox.
      const poster = startForumPoster({
        outbox: new PostOutbox(ctx.redis, { now }),
        conversations: new Conversations(ctx.redis),
        forumOf: async (gameId) => (await storedGame(store, gameId)).config.forum,
        logger,
        connection: ctx.connection,
        queue: ctx.openQueue('forum-post'),
        lockMs: ctx.config.lockMs,
        alert: (gameId, alert) => forumAlert(alertDeps, gameId, alert),
        outages,
        serves: games ? (gameId) => games.includes(gameId) : undefined,
        statusOf: (gameId) => statusText({ store, control, now }, gameId),
      });
      logger.info('forum poster started');
      return poster;
    },
    webhooks: () => forumWebhooks({ store, enqueue: ctx.enqueue, now, logger, readNow: readers?.readNow }),
  };
}
