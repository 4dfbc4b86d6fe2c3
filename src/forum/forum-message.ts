// A forum post or private message as a message from a player or the GM: who wrote it (the member
// names of the game's `forum:` section, matched exactly: a look-alike name is nobody), what of it
// is read (order-blocks.ts), and where the answer goes (a forum private message, or email where
// the game says so or the forum has no private messages). Then the same handlers as for email.
import type { GameFile } from '../game/game-file.ts';
import { mailSettings } from '../game/game-file.ts';
import { answer, type Letterhead } from '../mail/replies.ts';
import { MAX_TEXT } from '../mail/read-mail.ts';
import { handleGm } from '../messages/gm-message.ts';
import type { IncomingMessage, ReplyRoute } from '../messages/incoming-message.ts';
import { decision, type Decision, type MailContext, type MailDeps } from '../messages/message-context.ts';
import type { MailLedger, MailResult } from '../messages/message-ledger.ts';
import { handlePlayer } from '../messages/player-message.ts';
import { counting, rateLimited } from '../messages/rate-limit.ts';
import { runMessage, type MessageJob } from '../messages/run-message.ts';
import { tokensIn } from '../messages/tickets.ts';
import { templatesFor } from '../render/templates.ts';
import type { ForumPrivateMessage } from '../store/forum-outbox.ts';
import { storedGame } from '../store/stored-game.ts';
import type { ForumUser } from './forum-adapter.ts';
import { ForumInbox, type ForumItem } from './forum-inbox.ts';
import { markedOrders, withoutQuotes } from './order-blocks.ts';

export class ForumItemNotStoredError extends Error {
  override name = 'ForumItemNotStoredError';
}

export type ForumRole = { role: 'gm' } | { role: 'player'; nation: string };

/** Whose the member is in this game: exactly a name of `forum.players` or `forum.gm` (forum names ignore case), else null. */
export function forumRole(config: GameFile, author: ForumUser): ForumRole | null {
  const forum = config.forum;
  if (!forum) return null;
  const same = (name: string) => name.toLowerCase() === author.name.toLowerCase();
  if (forum.gm && same(forum.gm)) return { role: 'gm' };
  const nation = Object.entries(forum.players).find(([name]) => same(name))?.[1];
  return nation && config.nations[nation] ? { role: 'player', nation } : null;
}

/** The text of the item read as orders or commands: a thread post's marked blocks, a private message whole; quotes never. */
export function forumText(item: ForumItem): string {
  return item.channel === 'forum-post' ? markedOrders(item.post.text) : withoutQuotes(item.post.text).trim();
}

/** Whether the item is for the message loop at all: written by a player or the GM, with something to read. */
export function isForTheGame(config: GameFile, item: ForumItem): boolean {
  return forumRole(config, item.post.author) !== null && forumText(item).length > 0;
}

/** A stored forum item's outcome, decided and committed once, like an email's. */
export function processForumMessage(deps: MailDeps, job: MessageJob): Promise<MailResult> {
  return runMessage(deps, job, async () => {
    const item = await new ForumInbox(deps.store.redis).item(job.gameId, job.mailId);
    if (!item) throw new ForumItemNotStoredError(`The forum item ${job.mailId} of "${job.gameId}" is not in the store; the forum intake stores posts before queueing them.`);
    return (ledger, step) => decide(deps, ledger, job, item, step);
  });
}

async function decide(deps: MailDeps, ledger: MailLedger, job: MessageJob, item: ForumItem, step: number): Promise<Decision> {
  const { gameId, mailId } = job;
  const quiet = (code: string): Decision => ({ result: { mailId, outcome: 'unrouted', code, at: deps.now().toISOString(), replies: [], ticketMails: [] }, changes: {} });
  if (!(await deps.store.exists(gameId))) return quiet('NO_GAME');
  const game = await storedGame(deps.store, gameId);
  const forum = game.config.forum;
  const who = forumRole(game.config, item.post.author);
  const received = (await ledger.received(gameId, mailId)) ?? deps.now();
  const head: Letterhead = { gameId, from: game.config.mailbox ?? deps.address, templates: templatesFor(game.files), secrets: secretsOf(game.config), tag: gameId };
  const status = await deps.control.status(gameId).catch((err: unknown) => {
    deps.logger.warn({ err, gameId }, 'the game control did not answer; deadlines are unknown for this forum post');
    return null;
  });
  const message = forumMessage(game.config, item, mailId, who);
  const ctx: MailContext = { deps, redis: deps.store.redis, ledger, game, settings: mailSettings(game.config), step, mailId, message, received, date: received.toISOString(), head, status };
  // Posts by members who play no part are not answered: the thread is theirs to chat in.
  if (!forum || !who) return decision(ctx, { outcome: 'refused', code: 'NOT_A_PLAYER' });
  const { limited, count } = await rateLimited(ctx, `auth:forum:${item.post.author.id}`, item.post.author.name);
  const handled = limited ?? counting(who.role === 'gm' ? await handleGm(ctx, tokensIn(message.subject), true) : await handlePlayer(ctx, who.nation), [count]);
  const warned = who.role === 'player' && !limited && item.channel === 'forum-post' && forum.orders === 'private' ? publicOrdersWarning(ctx) : [];
  return routed(message, { ...handled, result: { ...handled.result, replies: [...handled.result.replies, ...warned] } });
}

function forumMessage(config: GameFile, item: ForumItem, id: string, who: ForumRole | null): IncomingMessage {
  const full = forumText(item);
  const text = full.length > MAX_TEXT ? full.slice(0, MAX_TEXT) : full;
  const address = who?.role === 'gm' ? config.gm.email : who ? (config.nations[who.nation]?.player?.email ?? null) : null;
  return {
    channel: item.channel,
    id,
    author: { channel: 'forum', id: item.post.author.id, name: item.post.author.name },
    subject: item.title ?? '',
    text,
    sentAt: new Date(item.post.editedAt ?? item.post.postedAt),
    messageId: null,
    inReplyTo: null,
    references: [],
    truncated: full.length > MAX_TEXT,
    attachments: [],
    address: address?.toLowerCase() ?? null,
    reply: replyRoute(config, item, address),
  };
}

/** phpBB has no private messages to send, so its players are answered by email, as are those of a game that asks for it. */
function replyRoute(config: GameFile, item: ForumItem, address: string | null): ReplyRoute {
  const forum = config.forum;
  if (forum?.software === 'phpbb' || (forum?.confirm === 'email' && address)) return { by: 'email' };
  return { by: 'forum-private', to: item.post.author.name };
}

function publicOrdersWarning(ctx: MailContext) {
  return [
    answer(ctx.head, ctx.message, ctx.message.address ?? '', `warn:${ctx.mailId}`, 'notice', {
      gameTitle: ctx.game.config.title,
      paragraphs: [
        'You posted orders in the public game thread, so every player can read them. This game keeps orders private: next time, send them to the game account by private message.',
        'The orders in your post were read all the same (the confirmation says which); to change them, send new orders by private message.',
      ],
    }),
  ];
}

/** Answers to the author go by forum private message when that is the route; the rest (the GM's tickets, press copies) stay email. */
function routed(message: IncomingMessage, d: Decision): Decision {
  // A phpBB player with no registered address cannot be answered at all.
  if (message.reply.by !== 'forum-private') return { ...d, result: { ...d.result, replies: d.result.replies.filter((r) => r.to.some(Boolean)) } };
  const to = message.reply.to;
  const mine = (key: string) => key === `reply:${message.id}` || key === `warn:${message.id}`;
  const forumMessages: ForumPrivateMessage[] = d.result.replies.filter((r) => mine(r.key)).map((r) => ({ kind: 'private', key: r.key, to: [to], title: r.subject, text: r.text }));
  return { ...d, result: { ...d.result, replies: d.result.replies.filter((r) => !mine(r.key)), forumMessages: [...(d.result.forumMessages ?? []), ...forumMessages] } };
}

function secretsOf(config: GameFile): string[] {
  return [config.gm.secret, ...Object.values(config.nations).map((n) => n.secret)].filter((s): s is string => !!s);
}
