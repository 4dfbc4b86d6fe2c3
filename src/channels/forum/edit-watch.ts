// Edits of orders posts already read. Reading a thread from its cursor never goes back to a post,
// so the posts of the current step that held an orders block by a player or the GM are watched:
// each reading round asks the forum for them as they are now (forum-intake.ts), and a newer
// version is taken like a new post. Bounded: only posts written since the step began, and of
// those the newest WATCHED_PER_MEMBER of each member; a post the forum no longer shows, or one of
// a step that has ended, is no longer watched.
// Owns (src/store/keys.ts): forumKeys watched.
import { createHash } from 'node:crypto';
import type { GameStore } from '../../store/game-store.ts';
import { forumKeys } from '../../store/keys.ts';
import type { ThreadPost } from './base/forum-adapter.ts';

/** How many orders posts of one member are watched for edits (docs/forums.md, "Edits."). */
export const WATCHED_PER_MEMBER = 3;

export interface Watched {
  /** The step (steps committed) the game was at when the post was read. */
  step: number;
  /** The author's forum account id. */
  member: string;
  /** The version read last (itemVersion). */
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
   * Notes the versions of thread posts with orders just read, in one write, against the watch as
   * loaded (`watched`, kept up to date): a watched post moves on to a newer version; another is
   * watched when written since the step began, and its author's oldest beyond the bound are let go.
   */
  async note(
    gameId: string,
    read: ReadonlyArray<{ post: ThreadPost; version: number; orders: string }>,
    at: WatchStep,
    watched: Map<string, Watched>,
  ): Promise<void> {
    const changed = new Map<string, Watched>();
    for (const { post, version, orders } of read) {
      const known = watched.get(post.id);
      if (known ? version <= known.version : Date.parse(post.postedAt) < at.since) continue;
      const next = known ? { ...known, version, orders } : { step: at.step, member: post.author.id, version, orders };
      watched.set(post.id, next);
      changed.set(post.id, next);
    }
    const beyond: string[] = [];
    for (const member of new Set([...changed.values()].map((w) => w.member))) {
      const theirs = [...watched].filter(([, w]) => w.member === member && w.step === at.step).map(([id]) => id);
      beyond.push(...theirs.sort((a, b) => Number(b) - Number(a)).slice(WATCHED_PER_MEMBER));
    }
    for (const id of beyond) {
      changed.delete(id);
      watched.delete(id);
    }
    const tx = this.store.redis.multi();
    if (changed.size) tx.hset(forumKeys(gameId).watched, Object.fromEntries([...changed].map(([id, w]) => [id, JSON.stringify(w)])));
    if (beyond.length) tx.hdel(forumKeys(gameId).watched, ...beyond);
    if (changed.size || beyond.length) await tx.exec();
  }

  async forget(gameId: string, ids: readonly string[]): Promise<void> {
    if (ids.length) await this.store.redis.hdel(forumKeys(gameId).watched, ...ids);
  }
}
