// Everything the handlers of one message share: the game as stored, the message, when it arrived,
// the letterhead replies are written on, and small helpers that say things in a player's words.
import type { Redis } from 'ioredis';
import type { Logger } from 'pino';
import type { DNSResolver } from 'mailauth';
import type { Order } from '../engine/index.ts';
import type { MailSettings } from '../game/game-file.ts';
import type { Game } from '../game/open-game.ts';
import type { ParseInput } from '../orders/parse-message.ts';
import type { ParseResult } from '../orders/types.ts';
import type { GameStore } from '../store/game-store.ts';
import type { ForumOutbox } from '../store/forum-outbox.ts';
import type { Outbox, OutgoingMessage } from '../store/outbox.ts';
import type { GameControl, GameStatus } from '../turns/game-control.ts';
import type { MailChanges, MailLedger, MailResult } from './message-ledger.ts';
import type { Letterhead } from '../mail/replies.ts';
import type { IncomingMessage } from './incoming-message.ts';
import { formatTime } from './time-text.ts';

/** Text to orders: the project's parser (src/orders/parse-message.ts), or another with its contract. */
export type MessageParser = (input: ParseInput) => ParseResult | Promise<ParseResult>;

export interface MailDeps {
  store: GameStore;
  outbox: Outbox;
  /** Where answers to forum members are recorded; one over the store's Redis when absent. */
  forumOutbox?: ForumOutbox;
  control: GameControl;
  now: () => Date;
  logger: Logger;
  /** The address replies come from when a game has no `mailbox` of its own. */
  address: string;
  /** The order parser; the project's own when absent. */
  parse?: MessageParser;
  /** The public base URL (ADJUTANT_PUBLIC_URL): welcome mails link the game's page under it. */
  publicUrl?: string;
  /** DNS for DKIM checks; the system's when absent (tests pass a fake holding their test key). */
  dkimResolver?: DNSResolver;
}

export interface MailContext {
  deps: MailDeps;
  redis: Redis;
  ledger: MailLedger;
  game: Game;
  settings: MailSettings;
  step: number;
  mailId: string;
  message: IncomingMessage;
  received: Date;
  /** The email's Date:, never later than its arrival (a date in the future would outrank every later email). */
  date: string;
  head: Letterhead;
  status: GameStatus | null;
}

export interface Decision {
  result: MailResult;
  changes: MailChanges;
}

export function decision(ctx: MailContext, fields: Omit<MailResult, 'mailId' | 'at' | 'ticketMails' | 'replies'> & { replies?: OutgoingMessage[]; ticketMails?: MailResult['ticketMails'] }, changes: MailChanges = {}): Decision {
  return { result: { mailId: ctx.mailId, at: ctx.deps.now().toISOString(), replies: [], ticketMails: [], ...fields }, changes };
}

export function describe(ctx: MailContext, order: Order): string {
  try {
    return ctx.game.ruleset.describeOrder(ctx.game.ctx, order);
  } catch {
    return ctx.game.ruleset.formatOrder(order);
  }
}

export function nationName(ctx: MailContext, nation: string): string {
  return ctx.game.config.nations[nation]?.name ?? ctx.game.state.nations[nation]?.name ?? nation;
}

export function timeZoneOf(ctx: MailContext, nation: string | null): string {
  const person = nation ? ctx.game.config.nations[nation]?.player : ctx.game.config.gm;
  return person?.timezone ?? ctx.game.config.timezone;
}

export function deadlineText(ctx: MailContext, nation: string | null): string {
  const s = ctx.status;
  if (!s) return 'not known right now (ask your GM)';
  if (s.paused) return 'none while the game is paused';
  if (!s.deadline) return s.waitingForGm ? `none: the game waits for the GM (${s.waitingForGm})` : 'not set yet';
  return formatTime(s.deadline, timeZoneOf(ctx, nation));
}

export function playerAddress(ctx: MailContext, nation: string): string | undefined {
  return ctx.game.config.nations[nation]?.player?.email.toLowerCase();
}
