// One stored message, from any channel, decided and committed exactly once. Under the game's
// message lock, the channel loads all the message needs (who sent it, a snapshot of the store);
// the decision is then a pure function of that, and what it changes and the answers it owes are
// committed together, only while the game is still at the step it was read at. After the commit,
// the commands' effects run, each once by key, the reply reporting them is written and the result
// settled; the answers are recorded by key (emails in the outbox, private messages and thread posts
// in the post outbox), so running it again repeats nothing.
import { PostOutbox } from '../store/post-outbox.ts';
import { privately } from './reply-routes.ts';
import { rememberThread } from './tickets.ts';
import { announcements, toAnnounce, type Announcements } from './announcements.ts';
import { runEffects, writeReply, type Effect } from './command-effects.ts';
import { storedGame } from '../store/stored-game.ts';
import type { Decision, MessageDeps } from './message-context.ts';
import { ClaimedError, MessageLedger, StepMovedError, type MessageResult } from './message-ledger.ts';
import { noteStatusOrLog } from '../turns/status-post.ts';

/** What a message needs, loaded: the step it was loaded at, and its decision, which reads nothing more. */
export interface Loaded {
  step: number;
  decide: () => Promise<Decision>;
}

/** The outcome of a message whose game was deleted while it waited: for that message there is no game. */
export function noGame(step: number, messageId: string, now: Date): Loaded {
  return {
    step,
    decide: async () => ({ result: { messageId, outcome: 'unrouted', code: 'NO_GAME', at: now.toISOString(), replies: [], ticketMails: [] }, changes: {} }),
  };
}

/** The outcomes of a message that may change what the thread's status post shows: orders in force, the clock. */
const CHANGES_STATUS = new Set<MessageResult['outcome']>(['orders', 'commands', 'ticket-answer']);

export interface MessageJob {
  gameId: string;
  messageId: string;
}

/** Runs `prepare` (reading the stored message) only when the message has no outcome yet; `load` runs under the lock, once per attempt. */
export async function runMessage(deps: MessageDeps, job: MessageJob, prepare: () => Promise<() => Promise<Loaded>>): Promise<MessageResult> {
  const ledger = new MessageLedger(deps.store.redis);
  const done = await ledger.result(job.gameId, job.messageId);
  if (done) return deliver(deps, ledger, job.gameId, done);
  const load = await prepare();
  const result = await ledger.withLock(job.gameId, async (lease) => {
    for (let attempt = 1; ; attempt++) {
      const again = await ledger.result(job.gameId, job.messageId);
      if (again) return again;
      await ledger.renew(job.gameId, lease);
      const { step, decide } = await load();
      const { result, changes } = await decide();
      try {
        await ledger.commit(job.gameId, step, result, changes, lease);
        return result;
      } catch (e) {
        // A turn was adjudicated, or another copy of the email claimed its Message-ID, meanwhile: load and decide again.
        if (!(e instanceof StepMovedError || e instanceof ClaimedError) || attempt >= 5) throw e;
      }
    }
  });
  deps.logger.info({ gameId: job.gameId, messageId: job.messageId, outcome: result.outcome, code: result.code, nation: result.nation }, 'message processed');
  return deliver(deps, ledger, job.gameId, result);
}

async function deliver(deps: MessageDeps, ledger: MessageLedger, gameId: string, committed: MessageResult): Promise<MessageResult> {
  const result = committed.pending ? await finish(deps, ledger, gameId, committed) : committed;
  for (const reply of result.replies) {
    const entry = await deps.outbox.record(gameId, reply);
    const tokens = result.ticketMails.filter((t) => t.key === reply.key).map((t) => t.token);
    if (tokens.length) await rememberThread(deps.store.redis, gameId, entry.messageId, tokens);
  }
  if (result.posts?.length) {
    const forum = deps.postOutbox ?? new PostOutbox(deps.store.redis, { now: deps.now });
    for (const pm of result.posts) await forum.record(gameId, pm);
  }
  // Orders in, or the GM's clock moved: the thread's status post says so. Its answers are recorded
  // already, so a status that cannot be worked out now waits for the next change, and is logged.
  if (CHANGES_STATUS.has(result.outcome)) await noteStatusOrLog(deps, gameId);
  return result;
}

/**
 * Runs the committed effects (once each, under the lock), writes the reply that reports them, and
 * keeps the result as settled: with that reply, and nothing pending.
 */
async function finish(deps: MessageDeps, ledger: MessageLedger, gameId: string, result: MessageResult): Promise<MessageResult> {
  const { pending, ...rest } = result;
  const said = await ledger.withLock(gameId, () => runEffects(deps.store.redis, deps.control, gameId, pending!.effects));
  const reply = await writeReply(deps, gameId, pending!, said);
  const told = await announce(deps, gameId, pending!.effects, said);
  const route = pending!.route;
  const pm = route && privately(route, reply);
  const settled = {
    ...rest,
    replies: [...(pm ? [] : [reply]), ...rest.replies, ...told.mails],
    posts: [...(pm ? [pm] : []), ...(rest.posts ?? []), ...told.posts],
  };
  await ledger.settle(gameId, settled);
  return settled;
}

/** The announcements of the GM's commands that were done, from the game as it is after them. */
async function announce(deps: MessageDeps, gameId: string, effects: Effect[], said: Record<string, string>): Promise<Announcements> {
  const done = toAnnounce(effects, said);
  if (!done.length) return { mails: [], posts: [] };
  const status = await deps.control.status(gameId).catch(() => null);
  return announcements(deps, await storedGame(deps.store, gameId), status, done);
}
