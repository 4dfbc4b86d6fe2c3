// A forum post or private message as a message from a player or the GM: who wrote it (the member
// names of the game's `forum:` section, matched exactly: a look-alike name is nobody), what of it
// is read (order-blocks.ts), and where the answer goes (a forum private message, or email where
// the game says so or the forum has no private messages). Then the same handlers as for email.
import type { GameFile } from '../../game/game-file.ts';
import { answer, compose } from '../../messages/replies.ts';
import { MAX_SUBJECT, MAX_TEXT } from '../../messages/incoming-message.ts';
import { handleGm } from '../../messages/gm-message.ts';
import type { IncomingMessage, ReplyRoute } from '../../messages/incoming-message.ts';
import { contextOf, decision, type Decision, type MessageContext, type MessageDeps } from '../../messages/message-context.ts';
import type { MessageResult } from '../../messages/message-ledger.ts';
import { lateEmails } from '../email/late-mail.ts';
import { loadExtras } from '../../messages/message-extras.ts';
import { loadFlood, loadSnapshot } from '../../messages/message-snapshot.ts';
import { handlePlayer } from '../../messages/player-message.ts';
import { routeReplies } from '../../messages/reply-routes.ts';
import { countOf, counting, rateLimited } from '../../messages/rate-limit.ts';
import { noGame, runMessage, type Loaded, type MessageJob } from '../../messages/run-message.ts';
import { tokensIn } from '../../messages/tickets.ts';
import { storedGame } from '../../store/stored-game.ts';
import { forumChannelId, ForumInbox, postIdPrefix, writtenAt, type ForumItem } from './forum-inbox.ts';
import { ForumMembers, membership, type ForumRole, type MemberPins } from './forum-members.ts';
import { markedOrders, MAX_POST, withoutQuotes } from './order-blocks.ts';
import { forumPosts } from './settings/forum-config.ts';

export class ForumItemNotStoredError extends Error {
  override name = 'ForumItemNotStoredError';
}

/**
 * The text of the item read as orders or commands: a thread post's marked blocks, a private
 * message whole; quotes never. Only the first MAX_POST characters of the post are looked at.
 */
export function forumText(item: ForumItem): string {
  // Asked for whether the item is for the game and then for its text: the scan runs once per item.
  let text = textOfItem.get(item);
  if (text === undefined) {
    const post = item.post.text.length > MAX_POST ? item.post.text.slice(0, MAX_POST) : item.post.text;
    textOfItem.set(item, (text = item.channel === 'forum-post' ? markedOrders(post) : withoutQuotes(post).trim()));
  }
  return text;
}

const textOfItem = new WeakMap<ForumItem, string>();

/** Whether the item is for the message loop at all: written by a player or the GM (or under one's name by another account), with something to read. */
export function isForTheGame(config: GameFile, item: ForumItem, pins: MemberPins): boolean {
  const { who, taken } = membership(config, item.post.author, pins);
  return (who !== null || taken !== undefined) && (item.withdrawn || forumText(item).length > 0);
}

/** A stored forum item's outcome, decided and committed once, like an email's. */
export function processForumMessage(deps: MessageDeps, job: MessageJob): Promise<MessageResult> {
  return runMessage(deps, job, async () => {
    const item = await new ForumInbox(deps.store.redis).item(job.gameId, job.messageId);
    if (!item)
      throw new ForumItemNotStoredError(
        `The forum item ${job.messageId} of "${job.gameId}" is not in the store; the forum intake stores posts before queueing them.`,
      );
    return () => loadForumMessage(deps, job, item);
  });
}

/** What deciding a forum item reads, all loaded before it. */
export interface ForumInput {
  ctx: MessageContext;
  item: ForumItem;
  /** Whose the member is in the game; null for someone who plays no part. */
  who: ForumRole | null;
  /** The game's member name the account shows, though another account holds it. */
  taken?: string;
}

async function loadForumMessage(deps: MessageDeps, job: MessageJob, item: ForumItem): Promise<Loaded> {
  const { gameId, messageId } = job;
  const snapshot = await loadSnapshot(deps.store.redis, { gameId, messageId });
  const now = deps.now();
  if (!(await deps.store.exists(gameId))) return noGame(snapshot.step, messageId, now);
  const game = await storedGame(deps.store, gameId);
  const members = new ForumMembers(deps.store.redis);
  const { who, pin, taken } = membership(game.config, item.post.author, await members.pins(gameId));
  if (pin) await members.pin(gameId, pin, item.post.author.id);
  const received = snapshot.received ?? now;
  const message = forumMessage(game.config, item, messageId, who);
  const ctx = await contextOf(deps, game, snapshot, message, { received, date: new Date(writtenAt(item)) });
  const counted = who ? [countOf(ctx, memberCount(item))] : [];
  const flood = await loadFlood(deps.store.redis, gameId, messageId, counted);
  const extras = who ? await loadExtras(deps, game, snapshot, message, ctx.head.secrets, who, (id, ids) => lateEmails(deps.store, id, ids)) : {};
  const input: ForumInput = { ctx: { ...ctx, snapshot: { ...snapshot, flood, extras } }, item, who, ...(taken && { taken }) };
  return { step: snapshot.step, decide: () => decideForum(input) };
}

/** The count a member's messages fill: by their forum account, whatever name they show. */
function memberCount(item: ForumItem): string {
  return `auth:forum:${item.post.author.id}`;
}

/** The forum item's decision: from its input alone, reading no store. */
export async function decideForum({ ctx, item, who, taken }: ForumInput): Promise<Decision> {
  const forum = ctx.game.config.forum;
  if (forum && taken) return decision(ctx, { outcome: 'refused', code: 'MEMBER_NAME_TAKEN', replies: [nameTakenNotice(ctx, item, taken)] });
  // Posts by members who play no part are not answered: the thread is theirs to chat in.
  if (!forum || !who) return decision(ctx, { outcome: 'refused', code: 'NOT_A_PLAYER' });
  const { limited, count } = rateLimited(ctx, memberCount(item), item.post.author.name);
  const handled =
    limited ?? counting(who.role === 'gm' ? await handleGm(ctx, tokensIn(ctx.message.subject), true) : await handlePlayer(ctx, who.nation), [count]);
  const warned =
    who.role === 'player' && !limited && item.channel === 'forum-post' && !item.withdrawn && forum.orders === 'private' ? publicOrdersWarning(ctx) : [];
  return routeReplies(ctx.message, { ...handled, result: { ...handled.result, replies: [...handled.result.replies, ...warned] } });
}

function forumMessage(config: GameFile, item: ForumItem, id: string, who: ForumRole | null): IncomingMessage {
  const full = forumText(item);
  const text = full.length > MAX_TEXT ? full.slice(0, MAX_TEXT) : full;
  const address = who?.role === 'gm' ? config.gm.email : who ? (config.nations[who.nation]?.player?.email ?? null) : null;
  return {
    channel: item.channel,
    noun: 'message',
    untitled: 'your forum post',
    id,
    author: { id: item.post.author.id, label: `forum member ${item.post.author.name}` },
    subject: (item.title ?? '').slice(0, MAX_SUBJECT),
    text,
    sentAt: new Date(writtenAt(item)),
    messageId: null,
    inReplyTo: null,
    references: [],
    cutAt: item.post.text.length > MAX_POST ? MAX_POST : full.length > MAX_TEXT ? MAX_TEXT : null,
    attachments: [],
    address: address?.toLowerCase() ?? null,
    reply: replyRoute(config, item, address),
    ...(item.withdrawn && { withdraws: { idPrefix: postIdPrefix(item), what: 'Your post in the game thread' } }),
  };
}

/** A forum whose API cannot send private messages (phpBB) has its players answered by email, as has a game that asks for it. */
function replyRoute(config: GameFile, item: ForumItem, address: string | null): ReplyRoute | null {
  const forum = config.forum;
  if ((forum && !forumPosts(forum)) || (forum?.confirm === 'email' && address)) return null;
  return { channel: forumChannelId, to: item.post.author.name };
}

/** The GM hears once per account (the answer's key) that it wrote under a member name another account holds. */
function nameTakenNotice(ctx: MessageContext, item: ForumItem, name: string) {
  return compose(ctx.head, {
    key: `name-taken:${item.post.author.id}`,
    to: ctx.game.config.gm.email,
    subject: `A forum account wrote as ${name}`,
    template: 'notice',
    data: {
      gameTitle: ctx.game.config.title,
      paragraphs: [
        `The forum account ${item.post.author.id} wrote to the game under the name ${name}, which another account of the forum held when it first wrote to the game. Forum names can change hands, so the game goes by the account: this one's messages are not read, and it is not answered.`,
        `If the player of ${name} has moved to this new account, run: adjutant forum forget ${ctx.game.id} ${name}. The next account to write as ${name} then plays for it.`,
      ],
    },
  });
}

function publicOrdersWarning(ctx: MessageContext) {
  return [
    answer(ctx.head, ctx.message, ctx.message.address ?? '', `warn:${ctx.messageId}`, 'notice', {
      gameTitle: ctx.game.config.title,
      paragraphs: [
        'You posted orders in the public game thread, so every player can read them. This game keeps orders private: next time, send them to the game account by private message.',
        'The orders in your post were read all the same (the confirmation says which); to change them, send new orders by private message.',
      ],
    }),
  ];
}
