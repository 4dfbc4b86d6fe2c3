// The forum channel: posts of the game's thread and private messages to the game's account, read
// by the thread readers and webhooks of each forum software and stored in the forum inbox under
// "forum-post:<post id>@<version>" or "forum-private:<id>@<version>"; its processes are forum-services.ts.
import type { MessageChannel } from '../../messages/message-channel.ts';
import { forumCommands } from './forum-commands.ts';
import { forumChannelId, ForumInbox, isForumItemId } from './forum-inbox.ts';
import { processForumMessage } from './forum-message.ts';
import { forumServices } from './forum-services.ts';

export const forum: MessageChannel = {
  id: forumChannelId,
  noun: 'forum post',
  owns: isForumItemId,
  isStored: async (store, gameId, messageId) => (await new ForumInbox(store.redis).item(gameId, messageId)) !== null,
  process: processForumMessage,
  sender: async (store, gameId, messageId) => (await new ForumInbox(store.redis).item(gameId, messageId))?.post.author.name ?? null,
  services: forumServices,
  // The forum's posts before this moment are its history, not orders for this game.
  gameStored: (store, gameId, at) => new ForumInbox(store.redis).startReading(gameId, at),
  commands: forumCommands,
};
