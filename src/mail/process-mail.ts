// An email's part of the parse job: the stored email read, its sender proven (secret, DKIM, a
// ticket's thread), then handed as a message to the channel-neutral handlers of src/messages.
import type { GameFile } from '../game/game-file.ts';
import { mailSettings } from '../game/game-file.ts';
import { UNROUTED_GAME } from '../store/keys.ts';
import { automaticReason } from './auto-mail.ts';
import { dkimSignatures, dkimVouches } from './dkim.ts';
import { storedGame } from '../store/stored-game.ts';
import { handleGm } from '../messages/gm-message.ts';
import { MailLedger, type Counted, type MailResult } from '../messages/message-ledger.ts';
import type { IncomingMessage } from '../messages/incoming-message.ts';
import { countOf, counting, rateLimited } from '../messages/rate-limit.ts';
import { runMessage, type MessageJob } from '../messages/run-message.ts';
import { decision, type Decision, type MailContext, type MailDeps } from '../messages/message-context.ts';
import { handlePlayer } from '../messages/player-message.ts';
import { dedupeKey, readMail, type IncomingMail } from './read-mail.ts';
import { templatesFor } from '../render/templates.ts';
import type { OutgoingMessage } from '../store/outbox.ts';
import { answer, compose, type Letterhead } from './replies.ts';
import { identifySender, type Identity } from './sender-check.ts';
import { readTickets, ticketsInThread, tokensIn } from '../messages/tickets.ts';

export type { MailDeps } from '../messages/message-context.ts';

export class MailNotStoredError extends Error {
  override name = 'MailNotStoredError';
}

/** An email's outcome, decided and committed once (src/messages/run-message.ts). */
export function processMail(deps: MailDeps, job: MessageJob): Promise<MailResult> {
  return runMessage(deps, job, async (ledger) => {
    const raw = await deps.store.mail(job.gameId, job.mailId);
    if (!raw) throw new MailNotStoredError(`The mail ${job.mailId} of "${job.gameId}" is not in the store; the intake stores mail before queueing it.`);
    const mail = await readMail(raw);
    return (_ledger, step) => decide(deps, ledger, job.gameId, job.mailId, raw, mail, step);
  });
}

/** The email as a message from a player or the GM: what the channel-neutral handlers read. */
export function emailMessage(mail: IncomingMail, mailId: string): IncomingMessage {
  return {
    channel: 'email',
    id: mailId,
    author: { channel: 'email', address: mail.from },
    subject: mail.subject,
    text: mail.text,
    sentAt: mail.date,
    messageId: mail.messageId,
    inReplyTo: mail.inReplyTo,
    references: mail.references,
    truncated: mail.truncated,
    attachments: mail.attachments.map((a) => a.filename),
    address: mail.from,
    reply: { by: 'email' },
  };
}

function secretsOf(config: GameFile): string[] {
  return [config.gm.secret, ...Object.values(config.nations).map((n) => n.secret)].filter((s): s is string => !!s);
}

async function decide(deps: MailDeps, ledger: MailLedger, gameId: string, mailId: string, raw: Buffer, mail: IncomingMail, step: number): Promise<Decision> {
  const received = (await ledger.received(gameId, mailId)) ?? deps.now();
  // A game deleted while its mail waited is, for that mail, no game at all.
  if (gameId === UNROUTED_GAME || !(await deps.store.exists(gameId))) return unrouted(deps, ledger, gameId, mailId, raw, mail, received);
  const game = await storedGame(deps.store, gameId);
  const settings = mailSettings(game.config);
  const head: Letterhead = { gameId, from: game.config.mailbox ?? deps.address, templates: templatesFor(game.files), secrets: secretsOf(game.config), tag: gameId };
  const status = await deps.control.status(gameId).catch((err: unknown) => {
    deps.logger.warn({ err, gameId }, 'the game control did not answer; deadlines are unknown for this email');
    return null;
  });
  const date = (mail.date && mail.date < received ? mail.date : received).toISOString();
  const ctx: MailContext = { deps, redis: deps.store.redis, ledger, game, settings, step, mailId, message: emailMessage(mail, mailId), received, date, head, status };

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
  if (!identity.ok) return refused(ctx, mail, identity);
  // A proven sender always has an address (identifySender refuses mail without one).
  const { limited, count } = await rateLimited(ctx, `auth:${mail.from}`, mail.from ?? '');
  if (limited) return limited;
  return counting(identity.role === 'gm' ? await handleGm(ctx, threadTokens, identity.via !== 'ticket') : await handlePlayer(ctx, identity.nation), [count]);
}

/** Tickets this email answers: by a token in its subject, or by replying in a ticket's thread. */
async function ticketTokens(ctx: MailContext): Promise<string[]> {
  const { message: mail, head, redis } = ctx;
  const byThread = await ticketsInThread(redis, head.gameId, [mail.inReplyTo, ...mail.references].filter((m): m is string => !!m));
  const candidates = [...new Set([...tokensIn(mail.subject), ...byThread])];
  return (await readTickets(redis, head.gameId, candidates)).map((t) => t.token);
}

/** The GM hears of wrong secrets for a nation at the 5th in a window, then at every 20th. */
const GUESS_ALERT_AT = 5;

/**
 * A refusal is answered while the address's unproven mail stays under the limit (no more: that
 * would make the game a spam cannon); a wrong secret from a registered address is a guess, counted
 * per nation, and the GM is told when they pile up.
 */
async function refused(ctx: MailContext, mail: IncomingMail, identity: Extract<Identity, { ok: false }>): Promise<Decision> {
  const { head, game } = ctx;
  const counted: Counted[] = [];
  const anon = mail.from ? countOf(ctx, `anon:${mail.from}`) : null;
  if (anon) counted.push(anon);
  const place = anon ? await ctx.ledger.placeInLimit(head.gameId, anon, ctx.mailId) : Infinity;
  const replies =
    mail.from && place <= ctx.settings.rateLimit.count
      ? [answer(head, mail, mail.from, `reply:${ctx.mailId}`, 'notice', { gameTitle: game.config.title, paragraphs: [identity.message, 'Nothing in the game was changed.'] })]
      : [];
  for (const nation of identity.wrongSecretFor) {
    const guess = countOf(ctx, `wrong-secret:${nation}`);
    counted.push(guess);
    const guesses = await ctx.ledger.placeInLimit(head.gameId, guess, ctx.mailId);
    if (guesses === GUESS_ALERT_AT || (guesses > GUESS_ALERT_AT && guesses % 20 === 0)) replies.push(guessAlert(ctx, nation, guesses));
  }
  return counting(decision(ctx, { outcome: 'refused', code: identity.code, replies }), counted);
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

async function unrouted(deps: MailDeps, ledger: MailLedger, gameId: string, mailId: string, raw: Buffer, mail: IncomingMail, received: Date): Promise<Decision> {
  const head: Letterhead = { gameId: UNROUTED_GAME, from: deps.address, templates: templatesFor({}), secrets: [], tag: '' };
  const base = { outcome: 'unrouted' as const, code: 'NO_GAME', mailId, at: deps.now().toISOString(), ticketMails: [] };
  const quiet = { result: { ...base, replies: [] }, changes: {} };
  if (automaticReason(mail) || !mail.from) return quiet;
  if ((await ledger.claim(UNROUTED_GAME, dedupeKey(raw), mailId)) !== mailId) return { result: { ...base, outcome: 'duplicate', code: 'DUPLICATE', replies: [] }, changes: {} };
  // Mail to no game gets one answer per sender an hour: enough to help, too few to be a spam cannon.
  // (Counted where its outcome is committed: the unrouted mail's, or a game deleted while it waited.)
  const count: Counted = { sender: mail.from, at: received, windowMs: 3_600_000 };
  if ((await ledger.placeInLimit(gameId, count, mailId)) > 1) return { ...quiet, changes: { counted: [count] } };
  const reply = answer(head, mail, mail.from, `reply:${mailId}`, 'notice', {
    paragraphs: [
      'Adjutant runs games by email, but could not tell which game this email is for.',
      'Put the game\'s id in square brackets in the subject, like "[my-game] orders", or write to the address your GM gave for the game. Your email is kept.',
    ],
  });
  return { result: { ...base, replies: [reply] }, changes: { counted: [count] } };
}
