// The forum's front door: posts read from a game's thread (by polling, or pushed by a Discourse
// webhook) and private messages to the game's account are taken here. A post by a member who
// plays no part, or a thread post with no orders block, is passed over; every other one is
// stored (forum-inbox.ts) and queued for the message loop, and only then acknowledged. Thread
// posts with orders are then watched for edits (edit-watch.ts).
import type { Logger } from 'pino';
import type { GameStore } from '../../store/game-store.ts';
import { storedGame } from '../../store/stored-game.ts';
import type { ForumAdapter, ThreadPage, ThreadPost } from './base/forum-adapter.ts';
import type { ForumConfig } from './settings/forum-config.ts';
import { EditWatch, ordersDigest, type Watched } from './edit-watch.ts';
import { ForumInbox, itemVersion, postVersion, type ForumItem } from './forum-inbox.ts';
import { ForumMembers } from './forum-members.ts';
import { forumText, isForTheGame } from './forum-message.ts';

export interface ForumIntakeDeps {
  store: GameStore;
  /** Queues a stored item for the message loop (the parse queue); must be idempotent. */
  enqueue: (job: { gameId: string; messageId: string }) => Promise<void>;
  now: () => Date;
  logger: Logger;
}

/** Stores and queues the items that are for the game; returns their message ids. */
export async function takeForumItems(deps: ForumIntakeDeps, gameId: string, items: readonly ForumItem[]): Promise<string[]> {
  const { config } = await storedGame(deps.store, gameId);
  const inbox = new ForumInbox(deps.store.redis);
  const watch = new EditWatch(deps.store);
  // The thread's history (and old private messages) is passed over: a new game's first read would replay it as orders.
  const since = await readingFrom(inbox, gameId, config.forum);
  const pins = await new ForumMembers(deps.store.redis).pins(gameId);
  const forTheGame = items.filter((item) => !(since !== null && Date.parse(item.post.postedAt) < since) && isForTheGame(config, item, pins));
  const posts = forTheGame.some((item) => item.channel === 'forum-post');
  const watched = posts ? await watch.all(gameId) : new Map<string, Watched>();
  const taken: string[] = [];
  const read: Array<{ post: ThreadPost; version: number; orders: string }> = [];
  for (const item of forTheGame) {
    const known = item.channel === 'forum-post' ? watched.get(item.post.id) : undefined;
    const orders = ordersDigest(forumText(item));
    // An edit that leaves the orders block as it was is not read again: it would put back orders a later message changed.
    if (!(known && itemVersion(item) > known.version && known.orders === orders)) {
      const id = await inbox.take(gameId, item, deps.now());
      await deps.enqueue({ gameId, messageId: id });
      taken.push(id);
    }
    if (item.channel === 'forum-post' && !item.withdrawn) read.push({ post: item.post, version: itemVersion(item), orders });
  }
  // Only once every post is stored and queued: a crash before takes them again, never skips an edit.
  if (read.length) await watch.note(gameId, read, await watch.step(gameId), watched);
  return taken;
}

export interface ThreadRead {
  /** Posts the forum gave since the cursor. */
  read: number;
  /** Those taken for the message loop. */
  taken: string[];
}

/** When the game's reading of its forum begins: forum.since, else its import (ms); null for a game from before either. */
async function readingFrom(inbox: ForumInbox, gameId: string, forum: ForumConfig | undefined): Promise<number | null> {
  return forum?.since ? Date.parse(forum.since) : inbox.readsFrom(gameId);
}

/**
 * One read of the game's thread, then of the private messages to the game's account, each from
 * where the last one stopped, then of the watched posts' edits. The cursor moves on only once
 * every post before it is stored and queued: a crash or a forum error repeats the read, never skips
 * it, and a long catch-up read in parts goes on from the last part stored.
 */
export async function readThread(deps: ForumIntakeDeps, gameId: string, adapter: ForumAdapter): Promise<ThreadRead> {
  const inbox = new ForumInbox(deps.store.redis);
  const since = await readingFrom(inbox, gameId, (await storedGame(deps.store, gameId)).config.forum);
  const taken: string[] = [];
  let read = 0;
  let page: ThreadPage;
  do {
    page = await adapter.readSince(await inbox.cursor(gameId), since === null ? undefined : new Date(since));
    taken.push(
      ...(await takeForumItems(
        deps,
        gameId,
        page.posts.map((post) => ({ channel: 'forum-post' as const, post })),
      )),
    );
    await inbox.moveCursor(gameId, page.cursor);
    read += page.posts.length;
  } while (page.more);
  // Private messages to the game's account, where the forum's API can read them (docs/forums.md).
  if (adapter.readPrivateSince) {
    const pms = await adapter.readPrivateSince(await inbox.cursor(gameId, 'private'));
    taken.push(
      ...(await takeForumItems(
        deps,
        gameId,
        pms.messages.map((m) => ({ channel: 'forum-private' as const, post: m.post, title: m.title })),
      )),
    );
    await inbox.moveCursor(gameId, pms.cursor, 'private');
    read += pms.messages.length;
  }
  taken.push(...(await readEdits(deps, gameId, adapter)));
  return { read, taken };
}

/**
 * The watched posts (edit-watch.ts) as they are now: a newer version is taken like a new post.
 * Those of a step that has ended are read a last time, for edits made before it ended (the
 * message loop judges them late, as it would an email), and then no longer watched, like those
 * the forum no longer shows; an edit made after the step ended is not read. A post of the step
 * being played that the forum no longer shows (deleted, hidden, moved away) takes back its orders,
 * where the forum can tell it is gone (ForumAdapter.seesRemovals).
 */
async function readEdits(deps: ForumIntakeDeps, gameId: string, adapter: ForumAdapter): Promise<string[]> {
  const watch = new EditWatch(deps.store);
  const watched = await watch.all(gameId);
  if (!watched.size) return [];
  const at = await watch.step(gameId);
  const ended = new Map<number, number>();
  for (const w of watched.values()) if (w.step < at.step && !ended.has(w.step)) ended.set(w.step, await watch.began(gameId, w.step + 1));
  const current = await adapter.currentPosts([...watched.keys()]);
  const edits = current.filter((post) => {
    const w = watched.get(post.id);
    const version = postVersion(post);
    return w && version > w.version && (w.step === at.step || (w.step < at.step && version < (ended.get(w.step) ?? 0)));
  });
  const shown = new Set(current.map((post) => post.id));
  const gone = adapter.seesRemovals ? [...watched].filter(([id, w]) => w.step === at.step && !shown.has(id)) : [];
  const taken = await takeForumItems(deps, gameId, [
    ...edits.map((post) => ({ channel: 'forum-post' as const, post })),
    ...undatedEdits(current, watched, at.step, deps.now()),
    ...(await withdrawals(deps, gameId, gone)),
  ]);
  await watch.forget(
    gameId,
    [...watched].filter(([id, w]) => w.step !== at.step || !shown.has(id)).map(([id]) => id),
  );
  return taken;
}

/**
 * Watched posts of the step being played whose orders changed while the forum kept their version
 * (XenForo leaves last_edit_date as it was for an edit within its editLogDisplay delay, or for
 * every edit with that option off): each is the next version, dated when it was seen. An edit of
 * an ended step that the forum did not date cannot be placed before its deadline, so it is not read.
 */
function undatedEdits(current: readonly ThreadPost[], watched: ReadonlyMap<string, Watched>, step: number, now: Date): ForumItem[] {
  return current.flatMap((post) => {
    const w = watched.get(post.id);
    const item: ForumItem = { channel: 'forum-post', post };
    if (!w || w.step !== step || postVersion(post) > w.version || ordersDigest(forumText(item)) === w.orders) return [];
    return [{ ...item, undated: { version: w.version + 1, seenAt: now.toISOString() } }];
  });
}

/**
 * The posts of the step gone from the thread, as items that take back their orders: written by the
 * account that wrote them (under the member name it holds), at the moment they were found gone.
 */
async function withdrawals(deps: ForumIntakeDeps, gameId: string, gone: ReadonlyArray<[string, Watched]>): Promise<ForumItem[]> {
  if (!gone.length) return [];
  const pins = await new ForumMembers(deps.store.redis).pins(gameId);
  const forum = (await storedGame(deps.store, gameId)).config.forum;
  // The name as game.yaml writes it (the pins keep it in lower case), for answers addressed to it.
  const written = [...Object.keys(forum?.players ?? {}), ...(forum?.gm ? [forum.gm] : [])];
  const postedAt = deps.now().toISOString();
  return gone.map(([id, w]) => {
    const pinned = Object.entries(pins).find(([, account]) => account === w.member)?.[0] ?? '';
    const name = written.find((n) => n.toLowerCase() === pinned) ?? pinned;
    return { channel: 'forum-post', post: { id, author: { id: w.member, name }, text: '', postedAt }, withdrawn: true };
  });
}

/** The game's forum section, when it has one. */
export async function forumOf(store: GameStore, gameId: string): Promise<ForumConfig | undefined> {
  return (await storedGame(store, gameId)).config.forum;
}
