// Every post into the game's thread, private message and edit Adjutant makes on the channel that
// hosts the thread (the forum) is recorded here before it is made, under a key naming what it is
// ("update:step-3"), and marked posted with the channel's id for it right after. Each item carries
// a marker written into the post, so after a crash between the channel's answer and the mark the
// thread can be searched for it before posting again. An item the channel refuses for good is set
// aside, to be listed and put back in line by the GM (`adjutant dead-letter`).
//
// Owns (src/store/keys.ts): postKeys outbox, outboxPending, outboxAttempts, outboxFailed and statusShown, and
// OUTBOX_KEYS.postGamesInLine.
import type { Redis } from 'ioredis';
import { postKeys, OUTBOX_KEYS } from './keys.ts';
import { loadLua } from './lua.ts';
import { OutboxLine } from './outbox-line.ts';

interface PostItemBase {
  /** What the item is, unique within the game: "update:step-3". Recording it twice is a no-op. */
  key: string;
  /** The text in the thread's own markup (BBCode or Markdown). */
  text: string;
}

/** A post into the game's thread, with images (paths of PNG files) shown below its text. */
export interface ThreadItem extends PostItemBase {
  kind: 'post';
  images: Array<{ filename: string; path: string }>;
  /** The key of the post that goes into the thread before this one: the parts of a long update, in order. */
  after?: string;
  /** On the first part of a long update: how many parts follow it. */
  partsAfter?: number;
}

/** A private message (conversation) to members of the channel, by the names it knows them by. */
export interface PrivateItem extends PostItemBase {
  kind: 'private';
  to: string[];
  title: string;
}

/**
 * A post of Adjutant's own given a new text: an update withdrawn by a rollback, once the post that
 * replaces it is in the thread (the poster adds that post's address below the text, where the
 * channel gave one), or the thread's status post. The edited post keeps its marker.
 */
export interface EditItem extends PostItemBase {
  kind: 'edit';
  /** The key of the post edited. */
  of: string;
  /** The key of the post that replaces it. */
  replacedBy?: string;
  /** The key of a post that must be in the thread first (the update a status post links to). */
  after?: string;
}

export type PostItem = ThreadItem | PrivateItem | EditItem;

export type PostOutboxEntry = PostItem & {
  /** Written into the post (the forum's markerLine) so the post can be found again. */
  marker: string;
  recordedAt: string;
  postedAt?: string;
  /** The channel's id for the post, when it gives one. */
  postId?: string;
  /** The post's address, when the channel gives one. */
  postUrl?: string;
  /** The channel cannot take it (it cannot post, or the game has no thread any more): it went to the GM by email to pass on. */
  passedToGm?: boolean;
};

const ATTEMPT = loadLua(import.meta.url, 'post-attempt.lua');

/** The items that must be in the thread before this one. */
function earlierOf(entry: PostOutboxEntry): string[] {
  const before = entry.kind === 'post' ? [entry.after] : entry.kind === 'edit' ? [entry.of, entry.replacedBy, entry.after] : [];
  return before.filter((key): key is string => Boolean(key));
}

export class PostOutbox extends OutboxLine<PostOutboxEntry> {
  constructor(redis: Redis, options: { now: () => Date }) {
    super(redis, options.now, OUTBOX_KEYS.postGamesInLine, (gameId) => {
      const k = postKeys(gameId);
      return { items: k.outbox, line: k.outboxPending, failed: k.outboxFailed, clearedWithItem: [] };
    });
  }

  /** Records an item for posting; returns the entry (the existing one if this key was recorded before). */
  async record(gameId: string, item: PostItem): Promise<PostOutboxEntry> {
    return this.add(gameId, { ...item, marker: `${gameId}/${item.key}`, recordedAt: this.now().toISOString() });
  }

  /**
   * Records `item` (the status post, or an edit of it) when `facts` differ from those it last
   * showed. The facts are noted only once the item is recorded: a crash
   * between records it again, which does no harm, where the other order could lose a change.
   */
  async recordStatusChange(gameId: string, facts: string, item: PostItem): Promise<void> {
    const shown = postKeys(gameId).statusShown;
    if ((await this.redis.get(shown)) === facts) return;
    await this.record(gameId, item);
    await this.redis.set(shown, facts);
  }

  /**
   * The post that must be in the thread before this item and is not there yet: the parts of a long
   * update go in order, and an edit waits for the post it edits and the one that replaces it.
   */
  async waitsFor(gameId: string, key: string): Promise<string | undefined> {
    const entry = await this.entry(gameId, key);
    for (const earlier of entry ? earlierOf(entry) : []) {
      const found = await this.entry(gameId, earlier);
      if (found && !found.postedAt) return found.key;
    }
    return undefined;
  }

  /** The items in line that wait for `key`, directly or through another (waitsFor), in line order: what an item set aside holds back. */
  async waitingOn(gameId: string, key: string): Promise<string[]> {
    const inLine = await this.pending(gameId, 1000);
    const held = new Set([key]);
    for (let grew = true; grew;) {
      grew = false;
      for (const entry of inLine) {
        if (held.has(entry.key) || !earlierOf(entry).some((k) => held.has(k))) continue;
        held.add(entry.key);
        grew = true;
      }
    }
    return inLine.filter((entry) => entry.key !== key && held.has(entry.key)).map((entry) => entry.key);
  }

  /** Marks an item posted (keeping the first time, id and address it was) and out of line for posting. */
  async markPosted(gameId: string, key: string, postId?: string, postUrl?: string): Promise<void> {
    await this.markDone(gameId, key, 'postedAt', { postedAt: this.now().toISOString(), ...(postId ? { postId } : {}), ...(postUrl ? { postUrl } : {}) });
  }

  /** Marks an item the forum cannot take as handed to the GM by email, to pass on by hand. */
  async markPassedToGm(gameId: string, key: string): Promise<void> {
    await this.markDone(gameId, key, 'postedAt', { postedAt: this.now().toISOString(), passedToGm: true });
  }

  /**
   * Notes that a try at posting this item begins; returns the entry and how many tries were begun
   * so far (above one: an earlier try may have posted), or undefined when it is not in line.
   */
  async markAttempt(gameId: string, key: string): Promise<{ entry: PostOutboxEntry; attempt: number } | undefined> {
    const k = postKeys(gameId);
    const found = (await this.redis.eval(ATTEMPT, 3, k.outbox, k.outboxPending, k.outboxAttempts, key)) as [string, number] | null;
    return found ? { entry: JSON.parse(found[0]) as PostOutboxEntry, attempt: found[1] } : undefined;
  }
}
