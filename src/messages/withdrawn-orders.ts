// A message its author took back where it was written (a post deleted from the game's thread, or
// hidden or moved by a moderator): the orders it gave that are still in force are withdrawn, as if
// never given, and the player is told which and what stands. Orders a later message gave about the
// same units stand: they came from that message, not from the one taken back.
import { answer } from './replies.ts';
import { decision, deadlineText, describe, nationName, type Decision, type MessageContext } from './message-context.ts';
import { ordersOf } from './message-snapshot.ts';

export function withdrawOrders(ctx: MessageContext, nation: string, withdraws: NonNullable<MessageContext['message']['withdraws']>): Decision {
  const current = ordersOf(ctx.snapshot, nation);
  const taken = (i: number) => current.sources[i]?.messageId.startsWith(withdraws.idPrefix) ?? false;
  const withdrawn = current.orders.filter((_, i) => taken(i));
  if (!withdrawn.length) return decision(ctx, { outcome: 'orders', code: 'NOTHING_WITHDRAWN', role: 'player', nation });
  const next = { orders: current.orders.filter((_, i) => !taken(i)), sources: current.sources.filter((_, i) => !taken(i)) };
  const reply = answer(ctx.head, ctx.message, ctx.message.address ?? '', `reply:${ctx.messageId}`, 'notice', {
    gameTitle: ctx.game.config.title,
    paragraphs: [
      `${withdraws.what} is no longer there, so the orders it gave for ${nationName(ctx, nation)} are withdrawn: ${withdrawn.map((o) => describe(ctx, o)).join(' ')}`,
      next.orders.length
        ? `Orders now in force (${next.orders.length}): ${next.orders.map((o) => describe(ctx, o)).join(' ')}`
        : 'No orders are in force for it now.',
      `Next deadline: ${deadlineText(ctx, nation)}.`,
    ],
  });
  return decision(ctx, { outcome: 'orders', code: 'WITHDRAWN', role: 'player', nation, replies: [reply] }, { orders: { [nation]: next } });
}
