// An email's part of the parse job: the stored email read; then, under the game's message lock,
// its sender proven (secret, DKIM, a ticket's thread) and all its decision needs loaded; then the
// decision, a pure function of that, handed to the channel-neutral handlers of src/messages.
import type { Game } from '../../game/open-game.ts';
import { mailSettings } from '../../game/game-file.ts';
import { UNROUTED_GAME } from '../../store/keys.ts';
import { automaticReason } from './auto-mail.ts';
import { dkimSignatures, dkimVouches } from './dkim.ts';
import { storedGame } from '../../store/stored-game.ts';
import { handleGm } from '../../messages/gm-message.ts';
import type { Counted, MessageResult } from '../../messages/message-ledger.ts';
import type { IncomingMessage } from '../../messages/incoming-message.ts';
import { lateEmails } from './late-mail.ts';
import { loadExtras } from '../../messages/message-extras.ts';
import { loadFlood, loadSnapshot, type MessageSnapshot } from '../../messages/message-snapshot.ts';
import { countOf, counting, placeOf, rateLimited } from '../../messages/rate-limit.ts';
import { runMessage, type Loaded, type MessageJob } from '../../messages/run-message.ts';
import { contextOf, decision, type Decision, type MessageContext, type MessageDeps } from '../../messages/message-context.ts';
import { handlePlayer } from '../../messages/player-message.ts';
import { dedupeKey, readMail, type IncomingMail } from './read-mail.ts';
import { MAX_TEXT } from '../../messages/incoming-message.ts';
import { templatesFor } from '../../render/templates.ts';
import type { OutgoingMessage } from '../../store/outbox.ts';
import { answer, compose, type Letterhead } from '../../messages/replies.ts';
import { identifySender, type Identity } from './sender-check.ts';
import { senderProof, type SenderProof } from './sender-proof.ts';
import { tokensIn } from '../../messages/tickets.ts';

export type { MessageDeps } from '../../messages/message-context.ts';

export class MailNotStoredError extends Error {
  override name = 'MailNotStoredError';
}

/** An email's outcome, decided and committed once (src/messages/run-message.ts). */
export function processMail(deps: MessageDeps, job: MessageJob): Promise<MessageResult> {
  return runMessage(deps, job, async () => {
    const raw = await deps.store.mail(job.gameId, job.messageId);
    if (!raw) throw new MailNotStoredError(`The mail ${job.messageId} of "${job.gameId}" is not in the store; the intake stores mail before queueing it.`);
    const mail = await readMail(raw);
    return () => loadEmail(deps, job, raw, mail);
  });
}

/** What deciding an email reads, all loaded before it: the pure decision takes only this. */
export interface EmailInput {
  ctx: MessageContext;
  mail: IncomingMail;
  /** The Message-ID (or body hash) the email claims when it is not a copy of another. */
  dedupeKey: string;
  /** Who sent it; null when it is automatic mail or a copy, and so never asked. */
  identity: Identity | null;
  /** Open tickets it answers, by its subject or thread. */
  threadTokens: string[];
  /** How a refused email proves its From address (src/channels/email/sender-proof.ts); null when it does not, or it did not matter. */
  proof: SenderProof | null;
}

/** The snapshot first (its step read before the game's state, so a turn ending between them is seen by the commit), then the sender. */
export async function loadEmail(deps: MessageDeps, job: MessageJob, raw: Buffer, mail: IncomingMail): Promise<Loaded> {
  const { gameId, messageId } = job;
  const key = dedupeKey(raw);
  const snapshot = await loadSnapshot(deps.store.redis, {
    gameId,
    messageId,
    dedupeKey: key,
    thread: [mail.inReplyTo, ...mail.references].filter((m): m is string => !!m),
  });
  const received = snapshot.received ?? deps.now();
  // A game deleted while its mail waited is, for that mail, no game at all.
  if (gameId === UNROUTED_GAME || !(await deps.store.exists(gameId))) {
    const flood = mail.from ? await loadFlood(deps.store.redis, gameId, messageId, [unroutedCount(mail.from, received)]) : {};
    const input = { deps: { address: deps.address }, now: deps.now(), messageId, snapshot: { ...snapshot, flood }, mail, dedupeKey: key, received };
    return { step: snapshot.step, decide: async () => decideUnrouted(input) };
  }
  const game = await storedGame(deps.store, gameId);
  const message = emailMessage(mail, messageId);
  const ctx = await contextOf(deps, game, snapshot, message, { received, date: mail.date ?? received });
  const { head } = ctx;
  const open = new Set(snapshot.tickets.map((t) => t.token));
  const threadTokens = [...new Set([...tokensIn(mail.subject), ...snapshot.threadTokens])].filter((t) => open.has(t));
  const copy = !!snapshot.claimedBy && snapshot.claimedBy !== messageId;
  const identity = automaticReason(mail) || copy ? null : await identify(deps, game, mail, raw, received, head.from, threadTokens);
  const counts = identity ? countsOf(ctx, mail, identity) : [];
  const flood = await loadFlood(deps.store.redis, gameId, messageId, counts);
  const extras = identity?.ok ? await loadExtras(deps, game, snapshot, message, head.secrets, identity, (id, ids) => lateEmails(deps.store, id, ids)) : {};
  const proof =
    identity && !identity.ok && proofMatters(ctx, mail, identity, flood)
      ? await senderProof(raw, mail.from!, { resolver: deps.dnsResolver, now: deps.now(), registered: identity.registered })
      : null;
  const input: EmailInput = { ctx: { ...ctx, snapshot: { ...snapshot, flood, extras } }, mail, dedupeKey: key, identity, threadTokens, proof };
  return { step: snapshot.step, decide: () => decideEmail(input) };
}

function identify(
  deps: MessageDeps,
  game: Game,
  mail: IncomingMail,
  raw: Buffer,
  received: Date,
  gameAddress: string,
  threadTokens: string[],
): Promise<Identity> {
  const isGm = mail.from === game.config.gm.email.toLowerCase();
  return identifySender(game.config, mail, mailSettings(game.config).dkim, {
    dkim: async () =>
      !!mail.from &&
      dkimVouches(await dkimSignatures(raw, { resolver: deps.dnsResolver, now: deps.now() }), {
        from: mail.from,
        gameAddress,
        alignment: mailSettings(game.config).dkimAlignment,
        received,
      }),
    ticketToken: isGm && threadTokens.length > 0,
  });
}

/**
 * The flood counts the email adds to. Only mail that proved its sender counts against that
 * sender's limit: strangers writing in a player's name fill a count of their own ("anon:"), and
 * can never silence the player; a wrong secret is a guess, counted per nation.
 */
function countsOf(ctx: MessageContext, mail: IncomingMail, identity: Identity): Counted[] {
  // A proven sender always has an address (identifySender refuses mail without one).
  if (identity.ok) return [countOf(ctx, `auth:${mail.from}`)];
  const own = mail.from ? [countOf(ctx, `anon:${mail.from}`), unprovenRefusals(ctx, mail.from)] : [];
  return [...own, ...identity.wrongSecretFor.map((nation) => countOf(ctx, `wrong-secret:${nation}`))];
}

/** The refusals sent to a registered address whose email proved nothing: one a day. */
function unprovenRefusals(ctx: Pick<MessageContext, 'received'>, from: string): Counted {
  return { sender: `refusal:${from}`, at: ctx.received, windowMs: 86_400_000 };
}

/** Whether a refusal hangs on the sender's proof: within the address's limit, and past its one unproven refusal of the day if registered. */
function proofMatters(ctx: MessageContext, mail: IncomingMail, identity: Extract<Identity, { ok: false }>, flood: MessageSnapshot['flood']): boolean {
  if (!mail.from || identity.code === 'TWO_SECRETS' || flood[`anon:${mail.from}`].place > ctx.settings.rateLimit.count) return false;
  return !identity.registered || flood[`refusal:${mail.from}`].place > 1;
}

/** The email's decision: from its input alone, reading no store. */
export async function decideEmail(input: EmailInput): Promise<Decision> {
  const { ctx, mail, identity } = input;
  if (automaticReason(mail)) return decision(ctx, { outcome: 'automatic', code: 'AUTOMATIC' });
  if (!identity) return decision(ctx, { outcome: 'duplicate', code: 'DUPLICATE' });
  const claimed = (d: Decision): Decision => ({ ...d, changes: { ...d.changes, claim: input.dedupeKey } });
  if (!identity.ok) return claimed(refused(ctx, mail, identity, input.proof));
  const { limited, count } = rateLimited(ctx, `auth:${mail.from}`, mail.from ?? '');
  if (limited) return claimed(limited);
  return claimed(
    counting(identity.role === 'gm' ? await handleGm(ctx, input.threadTokens, identity.via !== 'ticket') : await handlePlayer(ctx, identity.nation), [count]),
  );
}

/** The email as a message from a player or the GM: what the channel-neutral handlers read. */
export function emailMessage(mail: IncomingMail, messageId: string): IncomingMessage {
  return {
    channel: 'email',
    noun: 'email',
    untitled: 'your email',
    id: messageId,
    author: { id: mail.from, label: mail.from ?? 'an unknown sender' },
    subject: mail.subject,
    text: mail.text,
    sentAt: mail.date,
    messageId: mail.messageId,
    inReplyTo: mail.inReplyTo,
    references: mail.references,
    cutAt: mail.truncated ? MAX_TEXT : null,
    attachments: mail.attachments.map((a) => a.filename),
    address: mail.from,
    reply: null,
  };
}

/** The GM hears of wrong secrets for a nation at the 5th in a window, then at every 20th. */
const GUESS_ALERT_AT = 5;

/**
 * A refusal goes only where it cannot be backscatter: to a sender who proved the address (a
 * secret matching two nations, DKIM, or for a registered address SPF or DMARC), while the
 * address's unproven mail stays under the limit (no more: that would make the game a spam cannon);
 * to a registered address that proved nothing, once a day; to an unproven stranger, never (its
 * address is most likely forged). A wrong secret from a registered address is a guess, counted
 * per nation, and the GM is told when they pile up.
 */
function refused(ctx: MessageContext, mail: IncomingMail, identity: Extract<Identity, { ok: false }>, proof: SenderProof | null): Decision {
  const { head, game } = ctx;
  const counted: Counted[] = [];
  const replies: OutgoingMessage[] = [];
  if (mail.from) {
    const anon = countOf(ctx, `anon:${mail.from}`);
    counted.push(anon);
    const daily = unprovenRefusals(ctx, mail.from);
    const proven = identity.code === 'TWO_SECRETS' || proof !== null;
    const once = !proven && identity.registered && placeOf(ctx, daily.sender).place === 1;
    if (placeOf(ctx, anon.sender).place <= ctx.settings.rateLimit.count && (proven || once)) {
      replies.push(
        answer(head, mail, mail.from, `reply:${ctx.messageId}`, 'notice', {
          gameTitle: game.config.title,
          paragraphs: [identity.message, 'Nothing in the game was changed.'],
        }),
      );
      if (once) counted.push(daily);
    }
  }
  for (const nation of identity.wrongSecretFor) {
    const guess = countOf(ctx, `wrong-secret:${nation}`);
    counted.push(guess);
    const guesses = placeOf(ctx, guess.sender).place;
    if (guesses === GUESS_ALERT_AT || (guesses > GUESS_ALERT_AT && guesses % 20 === 0)) replies.push(guessAlert(ctx, nation, guesses));
  }
  return counting(decision(ctx, { outcome: 'refused', code: identity.code, replies }), counted);
}

function guessAlert(ctx: MessageContext, nation: string, guesses: number): OutgoingMessage {
  const who = nation === 'gm' ? 'your GM secret' : `the secret of ${ctx.game.config.nations[nation]?.name ?? nation}`;
  return compose(ctx.head, {
    key: `alert:wrong-secret:${nation}:${ctx.messageId}`,
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

/** Mail to no game gets one answer per sender an hour: enough to help, too few to be a spam cannon. */
function unroutedCount(from: string, received: Date): Counted {
  return { sender: from, at: received, windowMs: 3_600_000 };
}

interface UnroutedInput {
  deps: Pick<MessageDeps, 'address'>;
  now: Date;
  messageId: string;
  snapshot: MessageSnapshot;
  mail: IncomingMail;
  dedupeKey: string;
  received: Date;
}

// Counted, and claimed, where its outcome is committed: the unrouted mail's, or a game deleted while it waited.
function decideUnrouted({ deps, now, messageId, snapshot, mail, dedupeKey: key, received }: UnroutedInput): Decision {
  const head: Letterhead = { gameId: UNROUTED_GAME, from: deps.address, templates: templatesFor({}), secrets: [], tag: '' };
  const base = { outcome: 'unrouted' as const, code: 'NO_GAME', messageId, at: now.toISOString(), ticketMails: [] };
  const quiet = { result: { ...base, replies: [] }, changes: {} };
  if (automaticReason(mail) || !mail.from) return quiet;
  if (snapshot.claimedBy && snapshot.claimedBy !== messageId) return { result: { ...base, outcome: 'duplicate', code: 'DUPLICATE', replies: [] }, changes: {} };
  const count = unroutedCount(mail.from, received);
  const changes = { counted: [count], claim: key };
  if (snapshot.flood[mail.from].place > 1) return { ...quiet, changes };
  const reply = answer(head, mail, mail.from, `reply:${messageId}`, 'notice', {
    paragraphs: [
      'Adjutant runs games by email, but could not tell which game this email is for.',
      'Put the game\'s id in square brackets in the subject, like "[my-game] orders", or write to the address your GM gave for the game. Your email is kept.',
    ],
  });
  return { result: { ...base, replies: [reply] }, changes };
}
