// Edits of orders posts already read. Reading a thread from its cursor never goes back to a post,
// so the posts of the current step that held an orders block by a player or the GM are watched:
// each reading round asks the forum for them as they are now (forum-intake.ts), and a newer
// version is taken like a new post. Bounded: only posts written since the step began, and of
// those the newest WATCHED_PER_MEMBER of each member; a post the forum no longer shows, or one of
// a step that has ended, is no longer watched.
import { createHash } from 'node:crypto';
import type { GameStore } from '../store/game-store.ts';
import { forumKeys } from '../store/keys.ts';
import type { ThreadPost } from './forum-adapter.ts';
import { postVersion } from './forum-inbox.ts';

/** How many orders posts of one member are watched for edits (docs/forums.md, "Edits."). */
export const WATCHED_PER_MEMBER = 3;

export interface Watched {
  /** The step (steps committed) the game was at when the post was read. */
  step: number;
  /** The author's forum account id. */
  member: string;
  /** The version read last (postVersion). */
  version: number;
  /** A digest of the orders block of that version. */
  orders: string;
}

/** The step the game is at, and when it began (the time of its last commit; 0 before the first). */
export interface WatchStep {
  step: number;
  since: number;
}

/** What an orders block is compared by: a digest, so the watch stores no player's orders. */
export function ordersDigest(text: string): string {
  return createHash('sha256').update(text).digest('hex').slice(0, 24);
}

export class EditWatch {
  constructor(private readonly store: GameStore) {}

  async all(gameId: string): Promise<Map<string, Watched>> {
    const all = await this.store.redis.hgetall(forumKeys(gameId).watched);
    return new Map(Object.entries(all).map(([id, json]) => [id, JSON.parse(json) as Watched]));
  }

  async step(gameId: string): Promise<WatchStep> {
    const step = await this.store.step(gameId);
    return { step, since: await this.began(gameId, step) };
  }

  /** When step `step` began: the commit of the adjudication that ended the one before (0 for the first). */
  async began(gameId: string, step: number): Promise<number> {
    const record = step > 0 ? await this.store.record(gameId, step) : undefined;
    return record ? Date.parse(record.committedAt) : 0;
  }

  /**
   * Notes the version of a thread post with orders just read: a watched post moves on to it; another
   * is watched when written since the step began, and then the oldest of its author's beyond the bound is let go.
   */
  async note(gameId: string, post: ThreadPost, orders: string, at: WatchStep, known: Watched | undefined): Promise<void> {
    const key = forumKeys(gameId).watched;
    const version = postVersion(post);
    if (known) {
      if (version > known.version) await this.store.redis.hset(key, post.id, JSON.stringify({ ...known, version, orders }));
      return;
    }
    if (Date.parse(post.postedAt) < at.since) return;
    const watched: Watched = { step: at.step, member: post.author.id, version, orders };
    await this.store.redis.hset(key, post.id, JSON.stringify(watched));
    const theirs = [...(await this.all(gameId))].filter(([, w]) => w.member === watched.member && w.step === at.step).map(([id]) => id);
    const beyond = theirs.sort((a, b) => Number(b) - Number(a)).slice(WATCHED_PER_MEMBER);
    if (beyond.length) await this.store.redis.hdel(key, ...beyond);
  }

  async forget(gameId: string, ids: readonly string[]): Promise<void> {
    if (ids.length) await this.store.redis.hdel(forumKeys(gameId).watched, ...ids);
  }
}
