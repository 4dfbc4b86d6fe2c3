// Orders written on a nation's private page as a message from its player: the signed link says
// which nation, so there is no sender to prove. Then the same handlers as for an email or a forum
// post; the confirmation goes where the player's other answers go (their email, or a forum private
// message for a player the game answers on its forum), and the page shows it too.
import type { GameFile } from '../../game/game-file.ts';
import { MAX_TEXT, type IncomingMessage, type ReplyRoute } from '../../messages/incoming-message.ts';
import { contextOf, decision, type Decision, type MessageContext, type MessageDeps } from '../../messages/message-context.ts';
import type { MessageResult } from '../../messages/message-ledger.ts';
import { loadExtras } from '../../messages/message-extras.ts';
import { loadFlood, loadSnapshot } from '../../messages/message-snapshot.ts';
import { handlePlayer } from '../../messages/player-message.ts';
import { countOf, counting, rateLimited } from '../../messages/rate-limit.ts';
import { routeReplies } from '../../messages/reply-routes.ts';
import { noGame, runMessage, type Loaded, type MessageJob } from '../../messages/run-message.ts';
import { storedGame } from '../../store/stored-game.ts';
import { lateEmails } from '../email/late-mail.ts';
import { forumChannelId } from '../forum/forum-inbox.ts';
import { forumPosts } from '../forum/settings/forum-config.ts';
import { WebInbox, type WebOrders } from './web-inbox.ts';

export class WebOrdersNotStoredError extends Error {
  override name = 'WebOrdersNotStoredError';
}

/** Stored web orders' outcome, decided and committed once, like an email's. */
export function processWebMessage(deps: MessageDeps, job: MessageJob): Promise<MessageResult> {
  return runMessage(deps, job, async () => {
    const orders = await new WebInbox(deps.store.redis).item(job.gameId, job.messageId);
    if (!orders)
      throw new WebOrdersNotStoredError(
        `The web orders ${job.messageId} of "${job.gameId}" are not in the store; the nation page stores them before reading them.`,
      );
    return () => loadWebMessage(deps, job, orders);
  });
}

/** What deciding web orders reads, all loaded before it. */
export interface WebInput {
  ctx: MessageContext;
  /** The nation, when it is still in the game (a nation removed since the page was opened is not). */
  nation: string | null;
}

async function loadWebMessage(deps: MessageDeps, job: MessageJob, orders: WebOrders): Promise<Loaded> {
  const { gameId, messageId } = job;
  const snapshot = await loadSnapshot(deps.store.redis, { gameId, messageId });
  const now = deps.now();
  if (!(await deps.store.exists(gameId))) return noGame(snapshot.step, messageId, now);
  const game = await storedGame(deps.store, gameId);
  const nation = game.config.nations[orders.nation] ? orders.nation : null;
  const received = snapshot.received ?? new Date(orders.at);
  const message = webMessage(game.config, orders, messageId);
  const ctx = await contextOf(deps, game, snapshot, message, { received, date: new Date(orders.at) });
  const counted = nation ? [countOf(ctx, webCount(orders.nation))] : [];
  const flood = await loadFlood(deps.store.redis, gameId, messageId, counted);
  const asker = nation ? ({ role: 'player', nation } as const) : null;
  const extras = asker ? await loadExtras(deps, game, snapshot, message, ctx.head.secrets, asker, (id, ids) => lateEmails(deps.store, id, ids)) : {};
  const input: WebInput = { ctx: { ...ctx, snapshot: { ...snapshot, flood, extras } }, nation };
  return { step: snapshot.step, decide: () => decideWeb(input) };
}

/** The count a nation's web orders fill: by its link, apart from its player's emails. */
function webCount(nation: string): string {
  return `auth:web:${nation}`;
}

/** The web orders' decision: from their input alone, reading no store. */
export async function decideWeb({ ctx, nation }: WebInput): Promise<Decision> {
  if (!nation) return decision(ctx, { outcome: 'refused', code: 'NOT_A_PLAYER' });
  const { limited, count } = rateLimited(ctx, webCount(nation), ctx.game.config.nations[nation].name);
  return routeReplies(ctx.message, limited ?? counting(await handlePlayer(ctx, nation), [count]));
}

function webMessage(config: GameFile, orders: WebOrders, id: string): IncomingMessage {
  const address = config.nations[orders.nation]?.player?.email.toLowerCase() ?? null;
  return {
    channel: 'web',
    noun: 'message',
    untitled: 'your orders on the web',
    id,
    author: { id: orders.nation, label: "by the nation's web page" },
    subject: '',
    text: orders.text.length > MAX_TEXT ? orders.text.slice(0, MAX_TEXT) : orders.text,
    sentAt: new Date(orders.at),
    messageId: null,
    inReplyTo: null,
    references: [],
    cutAt: orders.text.length > MAX_TEXT ? MAX_TEXT : null,
    attachments: [],
    address,
    reply: replyRoute(config, orders.nation, address),
  };
}

/** The player's usual channel: their email, else the forum member the game knows them by, where the forum takes private messages. */
function replyRoute(config: GameFile, nation: string, address: string | null): ReplyRoute | null {
  const forum = config.forum;
  const member = Object.entries(forum?.players ?? {}).find(([, of]) => of === nation)?.[0];
  if (address || !forum || !member || !forumPosts(forum)) return null;
  return { channel: forumChannelId, to: member };
}
