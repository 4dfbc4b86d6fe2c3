// Forum posts and private messages taken in for the message loop: each stored under an id naming
// its post and version, with the time the forum says it was written, before anything acknowledges
// it (the thread reader's cursor moves on, a webhook delivery is answered 200). Taking the same
// post twice (a webhook and a poll, a crash before the cursor moved) stores it once.
// Owns (src/store/keys.ts): forumKeys inbox, cursor, privateCursor and readsFrom.
import type { Redis } from 'ioredis';
import { MessageLedger } from '../../messages/message-ledger.ts';
import { forumKeys } from '../../store/keys.ts';
import type { ThreadPost } from './base/forum-adapter.ts';

/** The forum channel's id (src/channels/index.ts), named by the reply routes it takes. */
export const forumChannelId = 'forum';

/** A post in the game's thread, or a private message to the game's account. */
export type ForumChannel = 'forum-post' | 'forum-private';

export interface ForumItem {
  channel: ForumChannel;
  post: ThreadPost;
  /** A private message's title. */
  title?: string;
  /** The post is gone from the thread (deleted, hidden, moved): it takes back the orders its versions gave. */
  withdrawn?: true;
  /**
   * An edit the forum did not date (its last-edited time stayed as it was): the version watched
   * plus one, and when Adjutant saw it, which stands for when it was written.
   */
  undated?: { version: number; seenAt: string };
}

/**
 * A post's id in the message loop. An edit is a new version (the time of the edit, or for an edit
 * the forum did not date the version before it plus one), read again like a new message from the
 * same player; the first version is "@0", and the post taken back "@withdrawn".
 */
export function forumMessageId(item: ForumItem): string {
  return `${postIdPrefix(item)}${item.withdrawn ? 'withdrawn' : itemVersion(item)}`;
}

/** When the item's version was written, as the forum dates it (or, for an edit it did not date, when Adjutant saw it). */
export function writtenAt(item: ForumItem): string {
  return item.undated?.seenAt ?? item.post.editedAt ?? item.post.postedAt;
}

/** Which version of its post an item is. */
export function itemVersion(item: ForumItem): number {
  return item.undated?.version ?? postVersion(item.post);
}

/** What the ids of every version of the item's post begin with. */
export function postIdPrefix(item: ForumItem): string {
  return `${item.channel}:${item.post.id}@`;
}

const FORUM_ITEM_ID = /^forum-(post|private):/;

/** Whether a stored message's id is a forum item's (forumMessageId's shape). */
export function isForumItemId(id: string): boolean {
  return FORUM_ITEM_ID.test(id);
}

/** Which version of its post a post read is: the time of its last edit (ms), 0 for one never edited. */
export function postVersion(post: ThreadPost): number {
  return post.editedAt ? Date.parse(post.editedAt) || 0 : 0;
}

export class ForumInbox {
  private readonly ledger: MessageLedger;

  constructor(private readonly redis: Redis) {
    this.ledger = new MessageLedger(redis);
  }

  /**
   * Stores the item and when it was written (the forum's clock, never later than `now`: lateness
   * is judged by it, so a post made before the deadline and read after it is on time).
   */
  async take(gameId: string, item: ForumItem, now: Date): Promise<string> {
    const id = forumMessageId(item);
    const written = Date.parse(writtenAt(item));
    await this.redis.hsetnx(forumKeys(gameId).inbox, id, JSON.stringify(item));
    await this.ledger.markReceived(gameId, id, new Date(Number.isFinite(written) ? Math.min(written, now.getTime()) : now.getTime()));
    return id;
  }

  async item(gameId: string, id: string): Promise<ForumItem | null> {
    const json = await this.redis.hget(forumKeys(gameId).inbox, id);
    return json ? (JSON.parse(json) as ForumItem) : null;
  }

  /** Notes, once, that the game reads its forum from `at` (its import): what was written before is the thread's history. */
  async startReading(gameId: string, at: Date): Promise<void> {
    await this.redis.set(forumKeys(gameId).readsFrom, at.toISOString(), 'NX');
  }

  /** Since when the game reads its forum (ms); null for a game stored before that was noted, which reads it all. */
  async readsFrom(gameId: string): Promise<number | null> {
    const at = await this.redis.get(forumKeys(gameId).readsFrom);
    return at === null ? null : Date.parse(at);
  }

  /** Where the reader of the thread, or of the game account's private messages, goes on from. */
  async cursor(gameId: string, of: 'thread' | 'private' = 'thread'): Promise<string | null> {
    return this.redis.get(this.cursorKey(gameId, of));
  }

  async moveCursor(gameId: string, cursor: string | null, of: 'thread' | 'private' = 'thread'): Promise<void> {
    if (cursor !== null) await this.redis.set(this.cursorKey(gameId, of), cursor);
  }

  private cursorKey(gameId: string, of: 'thread' | 'private'): string {
    return of === 'thread' ? forumKeys(gameId).cursor : forumKeys(gameId).privateCursor;
  }
}
