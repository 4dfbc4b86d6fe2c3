// Everything the handlers of one message share: the game as stored, the message, when it arrived,
// the letterhead replies are written on, and small helpers that say things in a player's words.
import { randomBytes } from 'node:crypto';
import type { Logger } from 'pino';
import type { DNSResolver } from 'mailauth';
import type { Order } from '../engine/index.ts';
import { mailSettings, type MailSettings } from '../game/game-file.ts';
import type { Game } from '../game/open-game.ts';
import type { ParseInput } from '../orders/parse-message.ts';
import type { ParseResult } from '../orders/types.ts';
import type { GameStore } from '../store/game-store.ts';
import type { PostOutbox } from '../store/post-outbox.ts';
import type { Outbox, OutgoingMessage } from '../store/outbox.ts';
import type { GameControl, GameStatus } from '../turns/game-control.ts';
import type { MessageChanges, MessageResult } from './message-ledger.ts';
import type { MessageSnapshot } from './message-snapshot.ts';
import type { Letterhead } from './replies.ts';
import { templatesFor } from '../render/templates.ts';
import type { IncomingMessage } from './incoming-message.ts';
import { formatTime } from './time-text.ts';

/** Text to orders: the project's parser (src/orders/parse-message.ts), or another with its contract. */
export type MessageParser = (input: ParseInput) => ParseResult | Promise<ParseResult>;

export interface MessageDeps {
  store: GameStore;
  outbox: Outbox;
  /** Where answers to forum members are recorded; one over the store's Redis when absent. */
  postOutbox?: PostOutbox;
  control: GameControl;
  now: () => Date;
  logger: Logger;
  /** The address replies come from when a game has no `mailbox` of its own. */
  address: string;
  /** The order parser; the project's own when absent. */
  parse?: MessageParser;
  /** The public base URL (ADJUTANT_PUBLIC_URL): welcome mails link the game's page under it. */
  publicUrl?: string;
  /** DNS for the DKIM, SPF and DMARC checks; the system's when absent (tests pass a fake holding their test records). */
  dnsResolver?: DNSResolver;
}

/** What deciding may use beside its input: the parser, a log for the parser's failures, the public URL. */
export type MessageTools = Pick<MessageDeps, 'parse' | 'logger' | 'publicUrl'>;

export function toolsOf(deps: MessageDeps): MessageTools {
  return { parse: deps.parse, logger: deps.logger, publicUrl: deps.publicUrl };
}

/**
 * Everything a decision reads: loaded before deciding (the snapshot, the game, the status), so
 * handlers reach no store. `seed` makes the decision's ticket tokens: unguessable, yet the same
 * for the same input.
 */
export interface MessageContext {
  tools: MessageTools;
  snapshot: MessageSnapshot;
  now: Date;
  seed: string;
  game: Game;
  settings: MailSettings;
  step: number;
  messageId: string;
  message: IncomingMessage;
  received: Date;
  /** The email's Date:, never later than its arrival (a date in the future would outrank every later email). */
  date: string;
  head: Letterhead;
  status: GameStatus | null;
}

export interface Decision {
  result: MessageResult;
  changes: MessageChanges;
}

export function decision(
  ctx: Pick<MessageContext, 'messageId' | 'now'>,
  fields: Omit<MessageResult, 'messageId' | 'at' | 'ticketMails' | 'replies'> & { replies?: OutgoingMessage[]; ticketMails?: MessageResult['ticketMails'] },
  changes: MessageChanges = {},
): Decision {
  return { result: { messageId: ctx.messageId, at: ctx.now.toISOString(), replies: [], ticketMails: [], ...fields }, changes };
}

/** What one message of a stored game is decided in, whatever its channel: `date` is when its author wrote it, never after `received`. */
export async function contextOf(
  deps: MessageDeps,
  game: Game,
  snapshot: MessageSnapshot,
  message: IncomingMessage,
  at: { received: Date; date: Date },
): Promise<MessageContext> {
  const status = await deps.control.status(game.id).catch((err: unknown) => {
    deps.logger.warn({ err, gameId: game.id }, `the game control did not answer; deadlines are unknown for this ${message.noun}`);
    return null;
  });
  return {
    tools: toolsOf(deps),
    snapshot,
    now: deps.now(),
    seed: randomBytes(16).toString('hex'),
    game,
    settings: mailSettings(game.config),
    step: snapshot.step,
    messageId: message.id,
    message,
    received: at.received,
    date: (at.date < at.received ? at.date : at.received).toISOString(),
    head: letterheadOf(game, deps.address),
    status,
  };
}

/** The letterhead of a game's messages: its address (its `mailbox`, else the service's), templates and secrets. */
export function letterheadOf(game: Game, address: string): Letterhead {
  const secrets = [game.config.gm.secret, ...Object.values(game.config.nations).map((n) => n.secret)].filter((s): s is string => !!s);
  return { gameId: game.id, from: game.config.mailbox ?? address, templates: templatesFor(game.files), secrets, tag: game.id };
}

export function describe(ctx: { game: Game }, order: Order): string {
  try {
    return ctx.game.ruleset.describeOrder(ctx.game.ctx, order);
  } catch {
    return ctx.game.ruleset.formatOrder(order);
  }
}

export function nationName(ctx: { game: Game }, nation: string): string {
  return ctx.game.config.nations[nation]?.name ?? ctx.game.state.nations[nation]?.name ?? nation;
}

export function timeZoneOf(ctx: { game: Game }, nation: string | null): string {
  const person = nation ? ctx.game.config.nations[nation]?.player : ctx.game.config.gm;
  return person?.timezone ?? ctx.game.config.timezone;
}

export function deadlineText(ctx: { game: Game; status: GameStatus | null }, nation: string | null): string {
  const s = ctx.status;
  if (!s) return 'not known right now (ask your GM)';
  if (s.over) return 'none: the game is over';
  if (s.paused) return 'none while the game is paused';
  if (!s.deadline) return s.waitingForGm ? `none: the game waits for the GM (${s.waitingForGm})` : 'not set yet';
  return formatTime(s.deadline, timeZoneOf(ctx, nation));
}

export function playerAddress(ctx: { game: Game }, nation: string): string | undefined {
  return ctx.game.config.nations[nation]?.player?.email.toLowerCase();
}
