// The flood limit on messages from one proven sender, whatever the channel: past `rateLimit` in a
// window, messages are kept but not read, and the sender is told once per window. Deciding reads
// the message's place in its counts from its snapshot; its commit writes it, with all else it does.
import { answer } from './replies.ts';
import { parseDuration } from './time-text.ts';
import { decision, type Decision, type MessageContext } from './message-context.ts';
import type { Counted, MessageChanges } from './message-ledger.ts';
import type { FloodPlace } from './message-snapshot.ts';

/** The window of the game's flood limit. */
export function windowOf(ctx: Pick<MessageContext, 'settings'>): number {
  return parseDuration(ctx.settings.rateLimit.per) ?? 3_600_000;
}

/** A count ("auth:<address>", "auth:forum:<member id>", "wrong-secret:<nation>") this message adds to. */
export function countOf(ctx: Pick<MessageContext, 'settings' | 'received'>, sender: string): Counted {
  return { sender, at: ctx.received, windowMs: windowOf(ctx) };
}

/** The decision with the message's flood counts added to what its commit writes. */
export function counting(d: Decision, counted: Counted[], notices: Counted[] = []): Decision {
  const changes: MessageChanges = { ...d.changes, counted: [...(d.changes.counted ?? []), ...counted], notices: [...(d.changes.notices ?? []), ...notices] };
  return { ...d, changes };
}

/**
 * Where the message stands in its sender's count, and the decision to stop reading when that is
 * past the limit. Only messages whose sender is known are counted here, so nobody can fill a
 * player's count in their name.
 */
export function rateLimited(ctx: MessageContext, sender: string, who: string): { limited: Decision | null; count: Counted } {
  const count = countOf(ctx, sender);
  const { place, noticeSent } = placeOf(ctx, sender);
  if (place <= ctx.settings.rateLimit.count) return { limited: null, count };
  if (noticeSent) return { limited: counting(decision(ctx, { outcome: 'rate-limited', code: 'RATE_LIMITED' }), [count]), count };
  const notice = answer(ctx.head, ctx.message, ctx.message.address ?? '', `reply:${ctx.messageId}`, 'notice', {
    gameTitle: ctx.game.config.title,
    paragraphs: [
      `Adjutant has had more than ${ctx.settings.rateLimit.count} messages from ${who} in ${ctx.settings.rateLimit.per}, so it has stopped reading them for a while.`,
      'They are all kept, but nothing in them was applied, and no more notices like this one will be sent. Please wait an hour, then send your orders once more in a single message. If this flood was not you, tell your GM.',
    ],
  });
  return { limited: counting(decision(ctx, { outcome: 'rate-limited', code: 'RATE_LIMITED', replies: [notice] }), [count], [count]), count };
}

/** Where the message stands in a count its loader read (a count it did not read is a loader's mistake). */
export function placeOf(ctx: MessageContext, sender: string): FloodPlace {
  const found = ctx.snapshot.flood[sender];
  if (!found) throw new Error(`The flood count "${sender}" was not loaded before deciding.`);
  return found;
}
