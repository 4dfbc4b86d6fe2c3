// Posts what the forum outbox holds into each game's forum, through a BullMQ queue: one job per
// item (its id is the item's key, so queueing twice is harmless), retries with backoff while the
// forum is down, a hold as long as the forum's Retry-After when it rate-limits us, and a set-aside
// state the GM is told about when the forum refuses for good (a revoked key, a deleted thread).
// A sweep queues every item recorded but not yet posted, so after a crash the outbox is read again.
//
// Before each post the thread is searched for the item's marker: a crash between the forum's
// answer and the mark in the outbox leaves the post in the thread, and it is then only marked. An
// edit (an update withdrawn by a rollback) is not searched for: made twice, it reads the same.
import { readFile } from 'node:fs/promises';
import { DelayedError, UnrecoverableError, Worker, type Queue, type ConnectionOptions, type Job } from 'bullmq';
import type { Logger } from 'pino';
import type { EditItem, PostOutbox, PostOutboxEntry, PrivateItem } from '../../store/post-outbox.ts';
import { outageTolerant } from '../../store/outage-retry.ts';
import type { OutageWatch } from '../../store/outage-watch.ts';
import { startOutboxSweep, type OutboxJob } from '../../store/outbox-sweep.ts';
import { isStoreOutage } from '../../store/store-outage.ts';
import { STATUS_KEY } from '../../turns/status-post.ts';
import type { ForumAdapter, PrivateMessage } from './base/forum-adapter.ts';
import { MAX_WAIT_MS } from './base/forum-http.ts';
import { forumPosts, softwareOf, type ForumConfig } from './settings/forum-config.ts';
import {
  ForumAllowanceSpentError,
  ForumAuthError,
  ForumError,
  ForumNotFoundError,
  ForumPacedError,
  ForumRateLimitedError,
  ForumUnavailableError,
} from './base/forum-errors.ts';
import type { Conversations } from './conversations.ts';
import { openForum } from './open-forum.ts';

export type ForumAlert =
  /** `waiting`: the items in line that wait for this one to be in the thread. */
  | { kind: 'set-aside'; entry: PostOutboxEntry; error: string; waiting: string[] }
  | { kind: 'rate-limited'; error: string; holdMs: number }
  /** The forum takes no request from the key until `resumesAt` (a ForumAllowanceSpentError): the reader's news and the poster's alike. */
  | { kind: 'allowance-spent'; error: string; resumesAt: Date }
  /** The forum cannot take the item (phpBB, or the game has no forum any more): the GM passes it on. */
  | { kind: 'pass-on'; entry: PostOutboxEntry; reason: string }
  /** The forum took the post but holds it for its moderators: the GM may ask them, or post it by hand. */
  | { kind: 'held'; entry: PostOutboxEntry }
  /** The forum took the post but not its images (the account may not attach files): the GM may attach them by hand. */
  | { kind: 'images-left-out'; entry: PostOutboxEntry; reason: string; images: string[] };

export interface ForumPosterOptions {
  outbox: PostOutbox;
  /** The conversation kept with each member, which private messages to them go in. */
  conversations: Conversations;
  /** The game's `forum:` section, as its game.yaml says now. */
  forumOf: (gameId: string) => Promise<ForumConfig | undefined>;
  /** The adapter for a forum; by default from its configuration and the environment (open-forum.ts). */
  open?: (forum: ForumConfig) => ForumAdapter;
  logger: Logger;
  connection: ConnectionOptions;
  /** The forum-post queue, made by jobs/queues.ts; its workers take its prefix. */
  queue: Queue<PostJob>;
  /** Tries per item before it is set aside; the waits between them double from `retryMs`. */
  attempts?: number;
  retryMs?: number;
  /**
   * The longest Retry-After waited out inside one try; a longer one holds the item instead, and the
   * GM is told. By default a minute: an ordinary member's pacing (XenForo's flood check, 30 s as
   * installed; Discourse's new private messages, one per 15 s) is waited out, not reported.
   */
  maxWaitMs?: number;
  sweepMs?: number;
  /** Items posted at once by this process. */
  parallel?: number;
  /** How long a post stays locked to a process that stopped answering. */
  lockMs?: number;
  /** The games this poster serves (all when absent). */
  serves?: (gameId: string) => boolean;
  /** Tells the GM (src/channels/forum/forum-alerts.ts). */
  alert: (gameId: string, alert: ForumAlert) => Promise<void>;
  /** Notes store outages: an item waits for the store without using a try. */
  outages?: OutageWatch;
  /** The thread's status post as it is to read now (src/turns/status-post.ts): the status post and its edits are written with it. */
  statusOf?: (gameId: string) => Promise<string | null>;
}

export type PostJob = OutboxJob;

/** How long a part of a long update waits before it looks again for the part before it. */
const IN_ORDER_WAIT_MS = 1000;

export interface ForumPoster {
  stop(): Promise<void>;
}

/** Whether retrying can help: the forum was down or busy, or something on our side hiccuped. */
function temporary(error: Error): boolean {
  return error instanceof ForumUnavailableError || !(error instanceof ForumError || (error as NodeJS.ErrnoException).code === 'ENOENT');
}

/** What the GM is told of a post the forum holds back: nothing when it is a member's routine pacing. */
function holdAlert(err: ForumRateLimitedError): ForumAlert | null {
  if (err instanceof ForumPacedError) return null;
  if (err instanceof ForumAllowanceSpentError) return { kind: 'allowance-spent', error: err.message, resumesAt: new Date(Date.now() + err.retryAfterMs) };
  return { kind: 'rate-limited', error: err.message, holdMs: err.retryAfterMs };
}

export function startForumPoster(options: ForumPosterOptions): ForumPoster {
  const { outbox, logger } = options;
  const maxWaitMs = options.maxWaitMs ?? MAX_WAIT_MS;
  const open = options.open ?? ((forum: ForumConfig) => openForum(forum, process.env, { maxWaitMs }));
  const queue = options.queue;
  queue.on('error', (err) => logger.warn({ err: err.message }, 'forum queue connection error'));
  const lockMs = options.lockMs ?? 30_000;
  const worker = new Worker<PostJob>(
    queue.name,
    (job, token) => outageTolerant(job, token, options.outages, { gameId: job.data.gameId, kind: 'message', id: job.data.key }, () => post(job, token)),
    {
      connection: options.connection,
      prefix: queue.opts.prefix,
      concurrency: options.parallel ?? 2,
      lockDuration: lockMs,
      stalledInterval: lockMs,
      // A post handed back by processes that died under it is tried again; the marker search keeps it single.
      maxStalledCount: 20,
    },
  );
  worker.on('error', (err) => logger.warn({ err: err.message }, 'forum worker error'));
  const sweep = startOutboxSweep({
    outbox,
    queue,
    jobOptions: {
      attempts: options.attempts ?? 6,
      backoff: { type: 'exponential', delay: options.retryMs ?? 30_000 },
      removeOnComplete: { age: 86_400, count: 10_000 },
      removeOnFail: { age: 30 * 86_400 },
    },
    everyMs: options.sweepMs ?? 1000,
    serves: options.serves,
    logger,
    outages: options.outages,
    what: 'forum post',
    alert: async (gameId, entry, error) => options.alert(gameId, { kind: 'set-aside', entry, error, waiting: await outbox.waitingOn(gameId, entry.key) }),
  });
  sweep.giveUpAfterLastTry(worker, ['UnrecoverableError', 'DelayedError']);

  async function post(job: Job<PostJob>, token?: string): Promise<string> {
    const { gameId, key } = job.data;
    // A later part of a long update waits, without using a try, until the part before it is in the thread.
    if (await outbox.waitsFor(gameId, key)) {
      await job.moveToDelayed(Date.now() + IN_ORDER_WAIT_MS, token);
      throw new DelayedError();
    }
    const begun = await outbox.markAttempt(gameId, key);
    if (!begun) {
      sweep.done(job.data);
      return 'not in line';
    }
    const { entry } = begun;
    try {
      const outcome = await deliver(options, open, gameId, entry);
      sweep.done(job.data);
      return outcome;
    } catch (e) {
      const err = e as Error;
      // The store, not the forum: the job waits for it without using a try (outage-retry.ts).
      if (isStoreOutage(err)) throw err;
      if (err instanceof ForumRateLimitedError) {
        logger.warn({ gameId, key, holdMs: err.retryAfterMs }, 'the forum is rate limiting us; holding this post');
        const alert = holdAlert(err);
        if (alert)
          await options.alert(gameId, alert).catch((alertErr: unknown) => logger.error({ err: alertErr }, 'could not tell the GM about rate limiting'));
        await job.moveToDelayed(Date.now() + err.retryAfterMs, token);
        throw new DelayedError();
      }
      if (!temporary(err) || job.attemptsMade + 1 >= (job.opts.attempts ?? 1)) {
        await sweep.giveUp(job.data, temporary(err) ? `${err.message} (after ${job.attemptsMade + 1} tries)` : err.message);
        throw new UnrecoverableError(err.message);
      }
      logger.warn({ gameId, key, err: err.message, attempt: job.attemptsMade + 1 }, 'posting to the forum failed; will retry');
      throw err;
    }
  }

  return {
    async stop() {
      await sweep.stop();
      await worker.close();
      await queue.close();
    },
  };
}

/** A forum's clock may run this far behind ours: a message is looked for from this long before its item was recorded. */
const FORUM_CLOCK_SLACK_MS = 10 * 60_000;

/** Makes one post or private message, or hands it to the GM when the forum cannot take it. */
async function deliver(options: ForumPosterOptions, open: (forum: ForumConfig) => ForumAdapter, gameId: string, entry: PostOutboxEntry): Promise<string> {
  const { outbox, logger } = options;
  const forum = await options.forumOf(gameId);
  if (!forum || !forumPosts(forum)) {
    const what = { post: 'post with', edit: 'edit posts', private: 'send private messages' }[entry.kind];
    const reason = forum ? `${softwareOf(forum).name} has no API to ${what}` : 'the game has no forum section in game.yaml';
    await options.alert(gameId, { kind: 'pass-on', entry, reason });
    await outbox.markPassedToGm(gameId, entry.key);
    return 'passed to the GM';
  }
  const adapter = open(forum);
  if (entry.kind === 'edit' && entry.of === STATUS_KEY) return editStatus(options, adapter, gameId, entry);
  if (entry.kind === 'edit') return edit(options, adapter, gameId, entry);
  if (entry.kind === 'private') return sendPrivate(options, adapter, gameId, entry);
  const there = await adapter.findOwnPost(entry.marker);
  if (there) {
    logger.warn({ gameId, key: entry.key, postId: there.id }, 'the post was made before a crash; marking it posted');
    await outbox.markPosted(gameId, entry.key, there.id, there.url);
    return 'found';
  }
  const images = await Promise.all(entry.images.map(async (i) => ({ filename: i.filename, data: await readFile(i.path) })));
  const text = entry.key === STATUS_KEY ? await statusNow(options, gameId, entry) : entry.text;
  const made = await adapter.publish({ text, images, marker: entry.marker });
  await outbox.markPosted(gameId, entry.key, made.id, made.url);
  if (made.imagesLeftOut) await options.alert(gameId, { kind: 'images-left-out', entry, reason: made.imagesLeftOut, images: entry.images.map((i) => i.path) });
  if (!made.held) return made.imagesLeftOut ? 'posted without its images' : 'posted';
  await options.alert(gameId, { kind: 'held', entry });
  return 'held for review';
}

/**
 * A private message to one member goes in the conversation kept with them (conversations.ts), or
 * starts it; one to several starts its own. A kept conversation the forum no longer lets us open or
 * write in is replaced by a new one.
 */
async function sendPrivate(options: ForumPosterOptions, adapter: ForumAdapter, gameId: string, entry: PostOutboxEntry & PrivateItem): Promise<string> {
  const { outbox, logger, conversations } = options;
  const member = entry.to.length === 1 ? entry.to[0] : undefined;
  const kept = member && (await conversations.with(gameId, member));
  const fresh = { to: entry.to, title: entry.title, text: entry.text, marker: entry.marker };
  let pm: PrivateMessage = kept ? { ...fresh, conversation: kept } : fresh;
  const closed = (e: unknown) => {
    if (!pm.conversation || !(e instanceof ForumNotFoundError || e instanceof ForumAuthError)) throw e;
    logger.warn({ gameId, key: entry.key, err: e.message }, 'the conversation kept with the member is closed to us; starting a new one');
    pm = fresh;
  };
  // Sent before a time-out or a crash: the forum made it, and it is not sent twice. It may have
  // started a conversation of its own (sent alongside the first message to the member, before
  // either was kept), so the conversations started lately are looked through too.
  const since = new Date(Date.parse(entry.recordedAt) - FORUM_CLOCK_SLACK_MS);
  const found =
    (await adapter.findOwnPrivate(pm, since).catch(async (e: unknown) => (closed(e), adapter.findOwnPrivate(pm, since)))) ||
    (pm.conversation !== undefined && (await adapter.findOwnPrivate(fresh, since)));
  if (found) {
    logger.warn({ gameId, key: entry.key }, 'the private message was sent before a time-out or crash; marking it sent');
    await outbox.markPosted(gameId, entry.key);
    return 'found';
  }
  const conversation = await adapter.sendPrivate(pm).catch(async (e: unknown) => (closed(e), adapter.sendPrivate(pm)));
  if (member) await conversations.keep(gameId, member, conversation);
  await outbox.markPosted(gameId, entry.key);
  return 'sent';
}

/**
 * Gives a post of ours its new text, with the address of the post that replaces it below. Editing is
 * the same however often it is done, so no marker is searched for first. A post the GM made by hand
 * (the forum could not take it then) is the GM's to edit.
 */
async function edit(options: ForumPosterOptions, adapter: ForumAdapter, gameId: string, entry: PostOutboxEntry & EditItem): Promise<string> {
  const { outbox } = options;
  const [edited, replacement] = [await outbox.entry(gameId, entry.of), entry.replacedBy ? await outbox.entry(gameId, entry.replacedBy) : undefined];
  if (!edited?.postId) {
    await options.alert(gameId, { kind: 'pass-on', entry, reason: 'the post was not made by Adjutant' });
    await outbox.markPassedToGm(gameId, entry.key);
    return 'passed to the GM';
  }
  // An update withdrawn before it went out is found in its rerun's post, whose reference begins with
  // its own ("update:step-2" in "update:step-2.1"), and never posted: there is nothing to mark.
  if (edited.postId === replacement?.postId) {
    await outbox.markPosted(gameId, entry.key);
    return 'nothing to edit';
  }
  const text = replacement?.postUrl ? `${entry.text}\n\n${replacement.postUrl}` : entry.text;
  await adapter.editPost(edited.postId, { text, marker: edited.marker });
  await outbox.markPosted(gameId, entry.key, edited.postId);
  return 'edited';
}

/**
 * Gives the status post the status as it is now, whichever change this edit was recorded for. A
 * status post the GM made by hand, or that was never made, is left alone.
 */
async function editStatus(options: ForumPosterOptions, adapter: ForumAdapter, gameId: string, entry: PostOutboxEntry & EditItem): Promise<string> {
  const post = await options.outbox.entry(gameId, STATUS_KEY);
  if (!post?.postId) {
    await options.outbox.markPosted(gameId, entry.key);
    return 'nothing to edit';
  }
  await adapter.editPost(post.postId, { text: await statusNow(options, gameId, entry), marker: post.marker });
  await options.outbox.markPosted(gameId, entry.key, post.postId);
  return 'edited';
}

/** The status as it is now; the text recorded with the item where the poster was given no way to work it out. */
async function statusNow(options: ForumPosterOptions, gameId: string, entry: PostOutboxEntry): Promise<string> {
  return (await options.statusOf?.(gameId)) ?? entry.text;
}
