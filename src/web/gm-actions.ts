// The console's buttons are GM emails: each is written as the GM's command email (From: the GM,
// carrying the GM's secret), stored like any incoming mail, and handed to processMail. So a
// button runs the very code an emailed EXTEND or "T-ABC234 2" runs, once, is kept in the game's
// mail like every command, and the GM gets the same confirmation by mail.
import { randomUUID } from 'node:crypto';
import MailComposer from 'nodemailer/lib/mail-composer/index.js';
import type { Game } from '../game/open-game.ts';
import { taggedSubject } from '../game/subject-tag.ts';
import { MessageLedger, type MessageResult } from '../messages/message-ledger.ts';
import { processMail } from '../channels/email/process-mail.ts';
import type { WebContext } from './web-context.ts';

export class ConsoleActionError extends Error {
  override name = 'ConsoleActionError';
}

/** A duration, and NOW after it when the GM means an extension that leaves less than the minimum notice. */
const DURATION = /^\d{1,4}\s*(m|min|h|d|w)(\s+now)?$/i;
const TICKET = /^T-[A-HJ-NP-Z2-9]{6}$/;
/** As much as a nation's own page takes in its orders box. */
const ORDERS_LIMIT = 16_000;

/** The command line a console button stands for; refuses anything but the plain forms it offers. */
export function commandLine(action: string, argument: string): string {
  const arg = argument.trim();
  switch (action) {
    case 'extend':
      if (!DURATION.test(arg))
        throw new ConsoleActionError('Write the extension as a duration, like 24h, 3d or 90m (with NOW after it to allow less than the minimum notice).');
      return `EXTEND ${arg.replace(/\s*now$/i, '').replace(/\s+/g, '')}${/now$/i.test(arg) ? ' NOW' : ''}`;
    case 'rollback':
      if (!/^\d{1,5}$/.test(arg)) throw new ConsoleActionError('Write the turn to roll back to as a number.');
      return `ROLLBACK ${arg}`;
    case 'process':
      // The console asked first (confirmationOf), so it names the turn, as the GM's email must to adjudicate early.
      if (!/^\d{1,5}$/.test(arg)) throw new ConsoleActionError('Say which turn to adjudicate now, as a number.');
      return `PROCESS ${arg}`;
    case 'pause':
    case 'resume':
    case 'publish':
    case 'preview':
      return action.toUpperCase();
    case 'reroll':
      return 'PREVIEW REROLL';
    default:
      throw new ConsoleActionError(`There is no console action "${action}".`);
  }
}

/** The GM's orders for a nation, as the ORDER command over the lines below it. */
export function ordersLines(game: Game, nation: string, text: string): string {
  if (!Object.hasOwn(game.config.nations, nation)) throw new ConsoleActionError("Choose one of the game's nations to enter orders for.");
  const lines = text.replace(/\r\n?/g, '\n').trim();
  if (!lines) throw new ConsoleActionError('Write the orders to enter, one per line.');
  if (lines.length > ORDERS_LIMIT) throw new ConsoleActionError(`Write at most ${ORDERS_LIMIT} characters of orders at once.`);
  // A line starting with ORDER would begin another nation's orders in the command email.
  if (/^\s*order\b/im.test(lines)) throw new ConsoleActionError("A line of orders may not start with ORDER: enter one nation's orders at a time.");
  return `ORDER ${nation}\n${lines}`;
}

/** The REPLACE command giving a nation to a new player's address. */
export function replaceLine(game: Game, nation: string, address: string): string {
  if (!Object.hasOwn(game.config.nations, nation)) throw new ConsoleActionError("Choose one of the game's nations to give to a new player.");
  const to = address.trim();
  if (!/^[^\s@]{1,64}@[^\s@]{1,255}$/.test(to)) throw new ConsoleActionError("Write the new player's email address, like new.player@example.com.");
  return `REPLACE ${nation} ${to}`;
}

/**
 * The question a console command asks before it is sent, for those that cannot be taken back from
 * the console by the same button: adjudicating early, publishing, rolling back, replacing a player.
 */
export function confirmationOf(game: Game, line: string): { question: string; button: string } | null {
  const [word, first, second] = line.split(/\s+/);
  switch (word) {
    case 'PROCESS':
      return { question: `Adjudicate turn ${first} now, before its deadline? Orders not yet sent will miss it.`, button: 'adjudicate now' };
    case 'PUBLISH':
      return { question: 'Send the previewed results to every player and the thread? Sent mail and posts cannot be called back.', button: 'publish' };
    case 'ROLLBACK':
      return { question: `Roll the game back to the start of turn ${first}? Every player and the thread are told.`, button: `roll back to turn ${first}` };
    case 'REPLACE':
      return {
        question: `Give ${game.config.nations[first]?.name ?? first} to ${second}? The new player gets the nation's welcome email.`,
        button: 'replace the player',
      };
    default:
      return null;
  }
}

/** The line answering a ticket: its token and the GM's answer, on one line. */
export function ticketLine(token: string, answer: string): string {
  const text = answer.replace(/[\r\n]+/g, ' ').trim();
  if (!TICKET.test(token)) throw new ConsoleActionError('That is not a ticket token.');
  if (!text || text.length > 300) throw new ConsoleActionError('Answer with a reading\'s number, an order (one line), or "reject".');
  return `${token} ${text}`;
}

/** Sends `line` as the GM's email to the game, through the mail loop; returns the mail's id and what it did. */
export async function runAsGmEmail(web: WebContext, game: Game, line: string): Promise<{ messageId: string; result: MessageResult }> {
  const secret = game.config.gm.secret;
  if (!secret) throw new ConsoleActionError('The console acts by the GM\'s email commands, which need a GM secret: add "secret:" under gm in game.yaml.');
  const now = web.deps.now();
  const raw = await new MailComposer({
    from: game.config.gm.email,
    to: game.config.mailbox ?? web.deps.address,
    subject: taggedSubject(game.id, 'from the web console'),
    text: `${line}\n\n${secret}\n`,
    date: now,
    messageId: `<web-${randomUUID()}@${web.deps.address.split('@')[1] ?? 'adjutant'}>`,
    headers: { 'X-Adjutant-Source': 'web-console' },
  })
    .compile()
    .build();
  const messageId = await web.deps.store.putMail(game.id, raw);
  await new MessageLedger(web.deps.store.redis).markReceived(game.id, messageId, now);
  return { messageId, result: await processMail(web.deps, { gameId: game.id, messageId }) };
}
