// The parse job's body: one stored email, read, checked and acted on exactly once. What it
// changes and the replies it owes are committed together; the replies are then recorded in the
// outbox by key, so running this again for the same mail (a retry, a crash) repeats nothing.
import type { GameFile } from '../game/game-file.ts';
import { mailSettings } from '../game/game-file.ts';
import { UNROUTED_GAME } from '../store/keys.ts';
import { automaticReason } from './auto-mail.ts';
import { dkimSignatures, dkimVouches } from './dkim.ts';
import { storedGame } from '../store/stored-game.ts';
import { handleGm } from '../messages/gm-message.ts';
import { MailLedger, StepMovedError, type MailResult } from '../messages/message-ledger.ts';
import { decision, type Decision, type MailContext, type MailDeps } from '../messages/message-context.ts';
import { handlePlayer } from '../messages/player-message.ts';
import { dedupeKey, readMail, type IncomingMail } from './read-mail.ts';
import { templatesFor } from '../render/templates.ts';
import type { OutgoingMessage } from '../store/outbox.ts';
import { answer, compose, type Letterhead } from './replies.ts';
import { identifySender, type Identity } from './sender-check.ts';
import { parseDuration } from '../messages/time-text.ts';
import { readTickets, rememberThread, ticketsInThread, tokensIn } from '../messages/tickets.ts';

export type { MailDeps } from '../messages/message-context.ts';

export class MailNotStoredError extends Error {
  override name = 'MailNotStoredError';
}

export async function processMail(deps: MailDeps, job: { gameId: string; mailId: string }): Promise<MailResult> {
  const ledger = new MailLedger(deps.store.redis);
  const done = await ledger.result(job.gameId, job.mailId);
  if (done) return deliver(deps, job.gameId, done);
  const raw = await deps.store.mail(job.gameId, job.mailId);
  if (!raw) throw new MailNotStoredError(`The mail ${job.mailId} of "${job.gameId}" is not in the store; the intake stores mail before queueing it.`);
  const mail = await readMail(raw);
  const result = await ledger.withLock(job.gameId, async (lease) => {
    for (let attempt = 1; ; attempt++) {
      const again = await ledger.result(job.gameId, job.mailId);
      if (again) return again;
      await ledger.renew(job.gameId, lease);
      const step = await deps.store.step(job.gameId);
      const { result, changes } = await decide(deps, ledger, job.gameId, job.mailId, raw, mail, step);
      try {
        await ledger.commit(job.gameId, step, result, changes, lease);
        return result;
      } catch (e) {
        // A turn was adjudicated meanwhile: read the email again against the new turn.
        if (!(e instanceof StepMovedError) || attempt >= 5) throw e;
      }
    }
  });
  deps.logger.info({ gameId: job.gameId, mailId: job.mailId, outcome: result.outcome, code: result.code, nation: result.nation }, 'mail processed');
  return deliver(deps, job.gameId, result);
}

async function deliver(deps: MailDeps, gameId: string, result: MailResult): Promise<MailResult> {
  for (const reply of result.replies) {
    const entry = await deps.outbox.record(gameId, reply);
    const tokens = result.ticketMails.filter((t) => t.key === reply.key).map((t) => t.token);
    if (tokens.length) await rememberThread(deps.store.redis, gameId, entry.messageId, tokens);
  }
  return result;
}

function secretsOf(config: GameFile): string[] {
  return [config.gm.secret, ...Object.values(config.nations).map((n) => n.secret)].filter((s): s is string => !!s);
}

async function decide(deps: MailDeps, ledger: MailLedger, gameId: string, mailId: string, raw: Buffer, mail: IncomingMail, step: number): Promise<Decision> {
  const received = (await ledger.received(gameId, mailId)) ?? deps.now();
  // A game deleted while its mail waited is, for that mail, no game at all.
  if (gameId === UNROUTED_GAME || !(await deps.store.exists(gameId))) return unrouted(deps, ledger, mailId, raw, mail, received);
  const game = await storedGame(deps.store, gameId);
  const settings = mailSettings(game.config);
  const head: Letterhead = { gameId, from: game.config.mailbox ?? deps.address, templates: templatesFor(game.files), secrets: secretsOf(game.config), tag: gameId };
  const status = await deps.control.status(gameId).catch((err: unknown) => {
    deps.logger.warn({ err, gameId }, 'the game control did not answer; deadlines are unknown for this email');
    return null;
  });
  const date = (mail.date && mail.date < received ? mail.date : received).toISOString();
  const ctx: MailContext = { deps, redis: deps.store.redis, ledger, game, settings, step, mailId, mail, received, date, head, status };

  const auto = automaticReason(mail);
  if (auto) return decision(ctx, { outcome: 'automatic', code: 'AUTOMATIC' });
  if ((await ledger.claim(gameId, dedupeKey(raw), mailId)) !== mailId) return decision(ctx, { outcome: 'duplicate', code: 'DUPLICATE' });

  const threadTokens = await ticketTokens(ctx);
  const isGm = mail.from === game.config.gm.email.toLowerCase();
  const identity = await identifySender(game.config, mail, settings.dkim, {
    dkim: async () => !!mail.from && dkimVouches(await dkimSignatures(raw, { resolver: deps.dkimResolver, now: deps.now() }), { from: mail.from, gameAddress: head.from, alignment: settings.dkimAlignment, received }),
    ticketToken: isGm && threadTokens.length > 0,
  });
  // Only mail that proved its sender counts against that sender's limit: strangers writing in a
  // player's name fill a count of their own, and can never silence the player.
  if (!identity.ok) return refused(ctx, identity);
  const limited = await rateLimited(ctx, `auth:${mail.from}`);
  if (limited) return limited;
  if (identity.role === 'gm') return handleGm(ctx, threadTokens, identity.via !== 'ticket');
  return handlePlayer(ctx, identity.nation);
}

/** Tickets this email answers: by a token in its subject, or by replying in a ticket's thread. */
async function ticketTokens(ctx: MailContext): Promise<string[]> {
  const { mail, head, redis } = ctx;
  const byThread = await ticketsInThread(redis, head.gameId, [mail.inReplyTo, ...mail.references].filter((m): m is string => !!m));
  const candidates = [...new Set([...tokensIn(mail.subject), ...byThread])];
  return (await readTickets(redis, head.gameId, candidates)).map((t) => t.token);
}

async function rateLimited(ctx: MailContext, counted: string): Promise<Decision | null> {
  const { mail, settings } = ctx;
  if (!mail.from) return null;
  const place = await ctx.ledger.countAgainstLimit(ctx.head.gameId, counted, ctx.mailId, ctx.received, windowOf(ctx));
  if (place <= settings.rateLimit.count) return null;
  const replies = (await ctx.ledger.firstNotice(ctx.head.gameId, counted, windowOf(ctx)))
    ? [answer(ctx.head, mail, mail.from, `reply:${ctx.mailId}`, 'notice', {
        gameTitle: ctx.game.config.title,
        paragraphs: [`Adjutant has had more than ${settings.rateLimit.count} emails from ${mail.from} in ${settings.rateLimit.per}, so it has stopped reading them for a while.`, 'They are all kept, but nothing in them was applied, and no more notices like this one will be sent. Please wait an hour, then send your orders once more in a single email. If this flood was not you, tell your GM.'],
      })]
    : [];
  return decision(ctx, { outcome: 'rate-limited', code: 'RATE_LIMITED', replies });
}

function windowOf(ctx: MailContext): number {
  return parseDuration(ctx.settings.rateLimit.per) ?? 3_600_000;
}

/** The GM hears of wrong secrets for a nation at the 5th in a window, then at every 20th. */
const GUESS_ALERT_AT = 5;

/**
 * A refusal is answered while the address's unproven mail stays under the limit (no more: that
 * would make the game a spam cannon); a wrong secret from a registered address is a guess, counted
 * per nation, and the GM is told when they pile up.
 */
async function refused(ctx: MailContext, identity: Extract<Identity, { ok: false }>): Promise<Decision> {
  const { mail, head, game } = ctx;
  const place = mail.from ? await ctx.ledger.countAgainstLimit(head.gameId, `anon:${mail.from}`, ctx.mailId, ctx.received, windowOf(ctx)) : Infinity;
  const replies =
    mail.from && place <= ctx.settings.rateLimit.count
      ? [answer(head, mail, mail.from, `reply:${ctx.mailId}`, 'notice', { gameTitle: game.config.title, paragraphs: [identity.message, 'Nothing in the game was changed.'] })]
      : [];
  for (const nation of identity.wrongSecretFor) {
    const guesses = await ctx.ledger.countAgainstLimit(head.gameId, `wrong-secret:${nation}`, ctx.mailId, ctx.received, windowOf(ctx));
    if (guesses === GUESS_ALERT_AT || (guesses > GUESS_ALERT_AT && guesses % 20 === 0)) replies.push(guessAlert(ctx, nation, guesses));
  }
  return decision(ctx, { outcome: 'refused', code: identity.code, replies });
}

function guessAlert(ctx: MailContext, nation: string, guesses: number): OutgoingMessage {
  const who = nation === 'gm' ? 'your GM secret' : `the secret of ${ctx.game.config.nations[nation]?.name ?? nation}`;
  return compose(ctx.head, {
    key: `alert:wrong-secret:${nation}:${ctx.mailId}`,
    to: ctx.game.config.gm.email,
    subject: `${guesses} emails with a wrong secret for ${nation === 'gm' ? 'the GM' : (ctx.game.config.nations[nation]?.name ?? nation)}`,
    template: 'notice',
    data: {
      gameTitle: ctx.game.config.title,
      paragraphs: [
        `In the last ${ctx.settings.rateLimit.per}, ${guesses} emails from the registered address offered a wrong value for ${who}. Each email can try one secret, so this may be someone guessing it, with a forged sender.`,
        'Nothing in them was applied. If it goes on, give the nation a new, long secret in game.yaml (adjutant game new makes strong ones) and tell the player privately.',
      ],
    },
  });
}

async function unrouted(deps: MailDeps, ledger: MailLedger, mailId: string, raw: Buffer, mail: IncomingMail, received: Date): Promise<Decision> {
  const head: Letterhead = { gameId: UNROUTED_GAME, from: deps.address, templates: templatesFor({}), secrets: [], tag: '' };
  const base = { outcome: 'unrouted' as const, code: 'NO_GAME', mailId, at: deps.now().toISOString(), ticketMails: [] };
  const quiet = { result: { ...base, replies: [] }, changes: {} };
  if (automaticReason(mail) || !mail.from) return quiet;
  if ((await ledger.claim(UNROUTED_GAME, dedupeKey(raw), mailId)) !== mailId) return { result: { ...base, outcome: 'duplicate', code: 'DUPLICATE', replies: [] }, changes: {} };
  // Mail to no game gets one answer per sender an hour: enough to help, too few to be a spam cannon.
  if ((await ledger.countAgainstLimit(UNROUTED_GAME, mail.from, mailId, received, 3_600_000)) > 1) return quiet;
  const reply = answer(head, mail, mail.from, `reply:${mailId}`, 'notice', {
    paragraphs: [
      'Adjutant runs games by email, but could not tell which game this email is for.',
      'Put the game\'s id in square brackets in the subject, like "[my-game] orders", or write to the address your GM gave for the game. Your email is kept.',
    ],
  });
  return { result: { ...base, replies: [reply] }, changes: {} };
}
