// One stored message, from any channel, decided and committed exactly once. What it changes and
// the answers it owes are committed together, under the game's message lock and only while the
// game is still at the step it was read at; the answers are then recorded by key (emails in the
// outbox, forum private messages in the forum outbox), so running it again repeats nothing.
import { ForumOutbox } from '../store/forum-outbox.ts';
import { rememberThread } from './tickets.ts';
import type { Decision, MailDeps } from './message-context.ts';
import { MailLedger, StepMovedError, type MailResult } from './message-ledger.ts';

/** The channel's decision for a message against the game at `step`. */
export type Decide = (ledger: MailLedger, step: number) => Promise<Decision>;

export interface MessageJob {
  gameId: string;
  mailId: string;
}

/** Runs `prepare` (reading the stored message) only when the message has no outcome yet. */
export async function runMessage(deps: MailDeps, job: MessageJob, prepare: (ledger: MailLedger) => Promise<Decide>): Promise<MailResult> {
  const ledger = new MailLedger(deps.store.redis);
  const done = await ledger.result(job.gameId, job.mailId);
  if (done) return deliver(deps, job.gameId, done);
  const decide = await prepare(ledger);
  const result = await ledger.withLock(job.gameId, async (lease) => {
    for (let attempt = 1; ; attempt++) {
      const again = await ledger.result(job.gameId, job.mailId);
      if (again) return again;
      await ledger.renew(job.gameId, lease);
      const step = await deps.store.step(job.gameId);
      const { result, changes } = await decide(ledger, step);
      try {
        await ledger.commit(job.gameId, step, result, changes, lease);
        return result;
      } catch (e) {
        // A turn was adjudicated meanwhile: read the message again against the new turn.
        if (!(e instanceof StepMovedError) || attempt >= 5) throw e;
      }
    }
  });
  deps.logger.info({ gameId: job.gameId, mailId: job.mailId, outcome: result.outcome, code: result.code, nation: result.nation }, 'message processed');
  return deliver(deps, job.gameId, result);
}

async function deliver(deps: MailDeps, gameId: string, result: MailResult): Promise<MailResult> {
  for (const reply of result.replies) {
    const entry = await deps.outbox.record(gameId, reply);
    const tokens = result.ticketMails.filter((t) => t.key === reply.key).map((t) => t.token);
    if (tokens.length) await rememberThread(deps.store.redis, gameId, entry.messageId, tokens);
  }
  if (result.forumMessages?.length) {
    const forum = deps.forumOutbox ?? new ForumOutbox(deps.store.redis, { now: deps.now });
    for (const pm of result.forumMessages) await forum.record(gameId, pm);
  }
  return result;
}
