// The forum's front door: posts read from a game's thread (by polling, or pushed by a Discourse
// webhook) and private messages to the game's account are taken here. A post by a member who
// plays no part, or a thread post with no orders block, is passed over; every other one is
// stored (forum-inbox.ts) and queued for the message loop, and only then acknowledged.
import type { Logger } from 'pino';
import type { GameStore } from '../store/game-store.ts';
import { storedGame } from '../store/stored-game.ts';
import type { ForumAdapter } from './forum-adapter.ts';
import type { ForumConfig } from './forum-config.ts';
import { ForumInbox, type ForumItem } from './forum-inbox.ts';
import { isForTheGame } from './forum-message.ts';

export interface ForumIntakeDeps {
  store: GameStore;
  /** Queues a stored item for the message loop (the parse queue); must be idempotent. */
  enqueue: (job: { gameId: string; mailId: string }) => Promise<void>;
  now: () => Date;
  logger: Logger;
}

/** Stores and queues the items that are for the game; returns their message ids. */
export async function takeForumItems(deps: ForumIntakeDeps, gameId: string, items: readonly ForumItem[]): Promise<string[]> {
  const { config } = await storedGame(deps.store, gameId);
  const inbox = new ForumInbox(deps.store.redis);
  const taken: string[] = [];
  for (const item of items) {
    if (!isForTheGame(config, item)) continue;
    const id = await inbox.take(gameId, item, deps.now());
    await deps.enqueue({ gameId, mailId: id });
    taken.push(id);
  }
  return taken;
}

export interface ThreadRead {
  /** Posts the forum gave since the cursor. */
  read: number;
  /** Those taken for the message loop. */
  taken: string[];
}

/**
 * One read of the game's thread, then of the private messages to the game's account, each from
 * where the last one stopped. The cursor moves on only once
 * every post before it is stored and queued: a crash or a forum error repeats the read, never skips it.
 */
export async function readThread(deps: ForumIntakeDeps, gameId: string, adapter: ForumAdapter): Promise<ThreadRead> {
  const inbox = new ForumInbox(deps.store.redis);
  const page = await adapter.readSince(await inbox.cursor(gameId));
  const taken = await takeForumItems(deps, gameId, page.posts.map((post) => ({ channel: 'forum-post' as const, post })));
  await inbox.moveCursor(gameId, page.cursor);
  if (!adapter.readPrivateSince) return { read: page.posts.length, taken };
  // Private messages to the game's account, where the forum's API can read them (docs/forums.md).
  const pms = await adapter.readPrivateSince(await inbox.cursor(gameId, 'private'));
  taken.push(...(await takeForumItems(deps, gameId, pms.messages.map((m) => ({ channel: 'forum-private' as const, post: m.post, title: m.title })))));
  await inbox.moveCursor(gameId, pms.cursor, 'private');
  return { read: page.posts.length + pms.messages.length, taken };
}

/** The game's forum section, when it has one. */
export async function forumOf(store: GameStore, gameId: string): Promise<ForumConfig | undefined> {
  return (await storedGame(store, gameId)).config.forum;
}
