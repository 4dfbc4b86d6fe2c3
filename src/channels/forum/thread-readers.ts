// The thread readers `adjutant serve` and `adjutant intake` run: every game with a `forum:`
// section has its thread read every so often (and at once when a webhook says there is news).
// A failure (forum down, 429, a deleted thread, a revoked key) tells the GM and is tried again
// at the next round, from the same place: the cursor did not move. A store outage is not the
// forum's fault: the posts not kept stay behind the cursor, and the GM hears of the outage once.
// The key's requests for the day spent is no failure either: the read stops where it got to, goes
// on from there once the forum takes requests again, and the GM is told once, when that is.
import type { Logger } from 'pino';
import { forumReadAlert } from '../email/mail-alerts.ts';
import type { AlertDeps } from '../../messages/gm-alerts.ts';
import type { OutageWatch } from '../../store/outage-watch.ts';
import type { ForumAdapter } from './base/forum-adapter.ts';
import { readEveryMsOf, type ForumConfig } from './settings/forum-config.ts';
import { ForumAllowanceSpentError, ForumRateLimitedError } from './base/forum-errors.ts';
import { forumAlert } from './forum-alerts.ts';
import { forumOf, readThread, type ForumIntakeDeps } from './forum-intake.ts';
import { openForum } from './open-forum.ts';

/** How often `adjutant serve` reads each game's thread (a Discourse webhook brings posts sooner). */
export const READ_EVERY_MS = 60_000;

export interface ThreadReadersOptions extends ForumIntakeDeps, AlertDeps {
  logger: Logger;
  /** How often each thread is read. */
  everyMs: number;
  /** The games to read; every stored game when absent. */
  games?: () => Promise<string[]>;
  /** The adapter for a game's forum (tests give local servers' settings). */
  open?: (forum: ForumConfig) => ForumAdapter;
  outages?: OutageWatch;
}

export interface ThreadReaders {
  /** Reads the game's thread now (after any read under way); resolves when done, failed or not. */
  readNow(gameId: string): Promise<void>;
  stop(): Promise<void>;
}

export function startThreadReaders(options: ThreadReadersOptions): ThreadReaders {
  const open = options.open ?? ((forum: ForumConfig) => openForum(forum));
  const running = new Map<string, Promise<void>>();
  const waitUntil = new Map<string, number>();
  let stopped = false;

  async function readOnce(gameId: string): Promise<void> {
    const now = options.now().getTime();
    if ((waitUntil.get(gameId) ?? 0) > now) return;
    try {
      const forum = await forumOf(options.store, gameId);
      if (!forum) return;
      // A member's key with request limits of its own is read less often than the rounds come.
      const every = readEveryMsOf(forum, options.everyMs);
      if (every > options.everyMs) waitUntil.set(gameId, now + every - options.everyMs / 2);
      const { read, taken } = await readThread(options, gameId, open(forum));
      if (read || taken.length) options.logger.info({ gameId, read, taken: taken.length }, 'forum thread read');
    } catch (e) {
      const error = e instanceof Error ? e : new Error(String(e));
      if (options.outages?.notedIfOutage(e, { gameId })) return;
      if (e instanceof ForumRateLimitedError) waitUntil.set(gameId, options.now().getTime() + e.retryAfterMs);
      if (e instanceof ForumAllowanceSpentError) return allowanceSpent(gameId, e);
      options.logger.warn({ gameId, err: error.message }, 'reading the forum thread failed; it is read again at the next round');
      await forumReadAlert(options, gameId, error).catch((err: unknown) =>
        options.logger.error({ err, gameId }, 'could not tell the GM that the thread cannot be read'),
      );
    }
  }

  async function allowanceSpent(gameId: string, e: ForumAllowanceSpentError): Promise<void> {
    const resumesAt = new Date(options.now().getTime() + e.retryAfterMs);
    options.logger.warn({ gameId, resumesAt }, "the forum key's daily requests are spent; the thread is read on from its place when they are back");
    await forumAlert(options, gameId, { kind: 'allowance-spent', error: e.message, resumesAt }).catch((err: unknown) =>
      options.logger.error({ err, gameId }, "could not tell the GM that the forum key's daily requests are spent"),
    );
  }

  // One read per game at a time in this process; a second waits for the first.
  function readNow(gameId: string): Promise<void> {
    const next = (running.get(gameId) ?? Promise.resolve()).then(() => readOnce(gameId));
    running.set(gameId, next);
    void next.finally(() => running.get(gameId) === next && running.delete(gameId));
    return next;
  }

  async function round(): Promise<void> {
    const games = await (options.games ?? (() => options.store.listGames()))().catch(() => []);
    for (const gameId of games) if (!stopped) await readNow(gameId);
  }

  let timer: NodeJS.Timeout | undefined;
  const loop = async () => {
    await round();
    if (!stopped) timer = setTimeout(() => void loop(), options.everyMs);
  };
  const first = loop();
  return {
    readNow,
    async stop() {
      stopped = true;
      clearTimeout(timer);
      await first;
      await Promise.all([...running.values()]);
    },
  };
}
