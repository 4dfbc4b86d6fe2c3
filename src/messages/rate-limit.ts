// The flood limit on messages from one proven sender, whatever the channel: past `rateLimit` in a
// window, messages are kept but not read, and the sender is told once per window.
import { answer } from '../mail/replies.ts';
import { parseDuration } from './time-text.ts';
import { decision, type Decision, type MailContext } from './message-context.ts';

/** The window of the game's flood limit. */
export function windowOf(ctx: MailContext): number {
  return parseDuration(ctx.settings.rateLimit.per) ?? 3_600_000;
}

/**
 * Counts the message against `counted` (one sender: "auth:<address>", "auth:forum:<member id>");
 * a decision to stop reading when the sender is over the limit, else null. Only messages whose
 * sender is known are counted here, so nobody can fill a player's count in their name.
 */
export async function rateLimited(ctx: MailContext, counted: string, who: string): Promise<Decision | null> {
  const { settings } = ctx;
  const place = await ctx.ledger.countAgainstLimit(ctx.head.gameId, counted, ctx.mailId, ctx.received, windowOf(ctx));
  if (place <= settings.rateLimit.count) return null;
  const replies = (await ctx.ledger.firstNotice(ctx.head.gameId, counted, windowOf(ctx)))
    ? [answer(ctx.head, ctx.message, ctx.message.address ?? '', `reply:${ctx.mailId}`, 'notice', {
        gameTitle: ctx.game.config.title,
        paragraphs: [`Adjutant has had more than ${settings.rateLimit.count} messages from ${who} in ${settings.rateLimit.per}, so it has stopped reading them for a while.`, 'They are all kept, but nothing in them was applied, and no more notices like this one will be sent. Please wait an hour, then send your orders once more in a single message. If this flood was not you, tell your GM.'],
      })]
    : [];
  return decision(ctx, { outcome: 'rate-limited', code: 'RATE_LIMITED', replies });
}
