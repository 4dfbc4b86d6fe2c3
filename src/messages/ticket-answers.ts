// The GM's rulings on tickets: "1", "2"... picks a reading, a corrected order replaces them all,
// "reject" sends the line back to the player. The player hears the outcome in the thread of the
// email the line came from.
import type { Order } from '../engine/index.ts';
import { bareOrder } from '../orders/check-orders.ts';
import type { OutgoingMessage } from '../store/outbox.ts';
import { deadlineText, describe, nationName, type MessageContext } from './message-context.ts';
import { parseSafely } from './order-text.ts';
import { ordersOf } from './message-snapshot.ts';
import { mergeOrders, validateAll, type NationOrders } from './orders-in-force.ts';
import { bareSubject, compose } from './replies.ts';
import type { Ticket } from './tickets.ts';

/** Orders being changed by one GM email, per nation, so several rulings build on each other. */
export class WorkingOrders {
  readonly changed = new Map<string, NationOrders>();
  constructor(private readonly ctx: MessageContext) {}

  get(nation: string): NationOrders {
    return this.changed.get(nation) ?? ordersOf(this.ctx.snapshot, nation);
  }

  set(nation: string, orders: NationOrders): void {
    this.changed.set(nation, orders);
  }
}

export interface Ruling {
  /** One sentence for the GM. */
  said: string;
  ticket?: Ticket;
  reply?: OutgoingMessage;
}

export async function rule(ctx: MessageContext, ticket: Ticket, answerText: string, work: WorkingOrders): Promise<Ruling> {
  const answerLine = answerText.trim();
  if (ticket.status !== 'open') return { said: `${ticket.token} was already closed: ${ticket.outcome ?? ticket.status}.` };
  if (ticket.step !== ctx.step) return { said: `${ticket.token} belongs to a turn that has been adjudicated since; nothing was changed.` };
  const who = nationName(ctx, ticket.nation);
  if (/^(reject|refuse|none|neither|drop)\b/i.test(answerLine)) {
    const outcome = 'The GM could not accept this line; it was not applied. Send the order again, written more precisely, if you still want it.';
    return close(ctx, { ...ticket, status: 'rejected', outcome }, work, `${ticket.token} (${who}, line ${ticket.line}): rejected; the player is told.`);
  }
  const chosen = await pick(ctx, ticket, answerLine);
  if (typeof chosen === 'string') return { said: `${ticket.token}: ${chosen}` };

  const current = work.get(ticket.nation);
  const source = { messageId: ticket.messageId, date: ticket.date, line: ticket.line, text: ticket.text, ticket: ticket.token };
  const merged = mergeOrders(ctx.game.ruleset.orderSubject, current, { orders: [chosen], sources: [source], replaceAll: false, date: ticket.date });
  const { next, rejected } = validateAll(ctx.game.ruleset, ctx.game.ctx, ctx.game.state, ticket.nation, merged.next);
  work.set(ticket.nation, next);
  const reading = describe(ctx, chosen);
  const refusal = rejected.find((r) => r.order === chosen);
  const outcome = merged.outdated.length
    ? `The GM read it as: ${reading} But an order you sent later already covers this, so that one stands.`
    : refusal
      ? `The GM read it as: ${reading} That order is not allowed, so it was not applied: ${refusal.message}`
      : `The GM read it as: ${reading} It is now in force.`;
  return close(
    ctx,
    { ...ticket, status: 'resolved', outcome, chosen },
    work,
    `${ticket.token} (${who}, line ${ticket.line}): ${reading}${refusal ? ` Not allowed: ${refusal.message}` : ''} The player is told.`,
  );
}

/** The order an answer names: a reading's number, or a corrected order in the player's notation. */
async function pick(ctx: MessageContext, ticket: Ticket, answerLine: string): Promise<Order | string> {
  const number = /^#?(\d+)[.)]?$/.exec(answerLine);
  if (number) {
    const n = Number(number[1]);
    return ticket.candidates[n - 1] ?? `there is no reading ${n} (choose 1 to ${ticket.candidates.length}, write an order, or reject).`;
  }
  const parsed = await parseSafely(ctx, ticket.nation, answerLine);
  if (parsed.orders.length === 1 && !parsed.ambiguous.length && !parsed.errors.length) return bareOrder(parsed.orders[0]);
  const why = parsed.errors[0]?.message ?? (parsed.ambiguous.length ? 'it can be read more than one way too' : 'it holds no single order');
  return `"${answerLine}" could not be read as one order (${why}); answer with a number, an order, or reject.`;
}

function close(ctx: MessageContext, ticket: Ticket, work: WorkingOrders, said: string): Ruling {
  const inForce = work.get(ticket.nation).orders.map((o) => describe(ctx, o));
  const reply = compose(ctx.head, {
    key: `ticket-outcome:${ticket.token}`,
    to: ticket.playerAddress,
    subject: `Re: ${bareSubject(ticket.playerSubject) || 'your orders'}`,
    template: 'ticket-outcome',
    data: {
      gameTitle: ctx.game.config.title,
      turn: ctx.game.state.turn,
      nationName: nationName(ctx, ticket.nation),
      line: ticket.line,
      text: ticket.text,
      outcome: ticket.outcome,
      inForce,
      deadline: deadlineText(ctx, ticket.nation),
    },
    inReplyTo: { messageId: ticket.playerMessageId, references: [] },
  });
  return { said, ticket, reply };
}
