// Orders written on a nation's private page: stored (src/channels/web) before the page answers,
// queued for the parse worker where the service runs one, and read at once through the same
// message loop as an email, so the page can show the confirmation as soon as it reloads.
import { web as webChannel } from '../channels/web/index.ts';
import { WebInbox } from '../channels/web/web-inbox.ts';
import { MessageLedger, type MessageResult } from '../messages/message-ledger.ts';
import { MAX_TEXT } from '../messages/incoming-message.ts';
import { toolsOf } from '../messages/message-context.ts';
import { previewLines, type LineReading } from '../messages/order-preview.ts';
import type { Game } from '../game/open-game.ts';
import { storedGame } from '../store/stored-game.ts';
import { BoundedCache } from './bounded-cache.ts';
import type { WebContext } from './web-context.ts';

/** Orders the page will not send; the message says what to do instead. */
export class WebOrdersError extends Error {
  override name = 'WebOrdersError';
}

/** Stores and reads the nation's orders; returns their id, which the page then shows the outcome of. */
export async function sendWebOrders(web: WebContext, gameId: string, nation: string, text: string): Promise<string> {
  if (!text.trim()) throw new WebOrdersError('Write your orders in the box first: one order per line.');
  const job = { gameId, messageId: await new WebInbox(web.deps.store.redis).take(gameId, nation, text, web.deps.now()) };
  // Queued too, so a crash before the read below still leaves them to be read; reading twice does nothing twice.
  await web.queueMessage?.(job);
  try {
    await webChannel.process(web.deps, job);
  } catch (e) {
    // Stored and queued, they are the parse worker's now (a dead letter the GM hears of if it fails too): the page says they wait.
    if (!web.queueMessage) throw e;
    web.deps.logger.warn({ err: e, gameId, messageId: job.messageId }, 'web orders stored and queued, but not read at once');
  }
  return job.messageId;
}

/** What the page says of orders it sent, once read. */
export interface SentOrders {
  headline: string;
  /** The confirmation the player is sent, when there is one to show. */
  text: string | null;
}

const HEADLINES: Partial<Record<MessageResult['outcome'], string>> = {
  orders: 'Your orders were read. The confirmation below is also sent to you.',
  commands: 'Your commands were carried out.',
  'ticket-answer': 'Your answer was taken.',
  late: 'Your orders came too late for this turn and were not applied; your GM can still accept them.',
  'rate-limited': 'Too many messages for your nation in a short time: these were not read. Wait a while and send them again.',
};

/** The outcome of orders this nation sent from its page, or null for an id that is not the nation's (or not read yet). */
export async function sentOrders(web: WebContext, gameId: string, nation: string, id: string): Promise<SentOrders | null> {
  if (!webChannel.owns(id) || (await new WebInbox(web.deps.store.redis).item(gameId, id))?.nation !== nation) return null;
  const result = await new MessageLedger(web.deps.store.redis).result(gameId, id);
  if (!result) return { headline: 'Your orders are stored and waiting to be read; reload the page in a moment.', text: null };
  const key = `reply:${id}`;
  const said = result.replies.find((r) => r.key === key)?.text ?? result.posts?.find((m) => m.key === key)?.text ?? null;
  return { headline: HEADLINES[result.outcome] ?? 'Your orders were not accepted.', text: said };
}

/** How each line would be read if sent now (the reader's first MAX_TEXT characters); null when the game or nation is gone. */
export async function readWebOrders(web: WebContext, gameId: string, nation: string, text: string): Promise<LineReading[] | null> {
  const game = await gameToRead(web, gameId);
  if (!game?.config.nations[nation]) return null;
  return previewLines(toolsOf(web.deps), game, nation, text.slice(0, MAX_TEXT));
}

/**
 * Games as the live reading (and the choices of orders, nation-choices.ts) reads them, each opened once per version of its files and of its state.
 * The state changes only when a step is committed (the step) or rolled back (the epoch), so a
 * player typing costs a few small reads of the store, not the whole state each time.
 */
const READING = new BoundedCache<Promise<Game>>(64);

export async function gameToRead(web: WebContext, gameId: string): Promise<Game | null> {
  const { store } = web.deps;
  if (!(await store.exists(gameId))) return null;
  const [files, { step, epoch }] = await Promise.all([store.filesVersion(gameId), store.stepAndEpoch(gameId)]);
  const key = `${gameId}\n${files}\n${step}\n${epoch}`;
  return READING.get(key, () => storedGame(store, gameId)).catch((e: unknown) => {
    READING.delete(key);
    throw e;
  });
}
