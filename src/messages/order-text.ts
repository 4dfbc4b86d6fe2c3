// Order text to orders in force: parse, merge by the resubmission rules, check each order with the
// ruleset, open a ticket per ambiguous line, and say all of it back in the player's words. Player
// emails, the GM's ORDER and accepted late emails all come through here.
import { nationAliases } from '../game/game-file.ts';
import type { OutgoingMessage } from '../store/outbox.ts';
import type { ReplyRoute } from './incoming-message.ts';
import { bareOrder } from '../orders/check-orders.ts';
import { parseMessageInSlices } from '../orders/parse-message.ts';
import type { ParseResult } from '../orders/types.ts';
import { describe, nationName, type MessageContext } from './message-context.ts';
import { mergeOrders, validateAll, type NationOrders, type OrderSource } from './orders-in-force.ts';
import { compose } from './replies.ts';
import { redactSecrets } from './secret.ts';
import { newToken, type Ticket } from './tickets.ts';

export interface OrderText {
  nation: string;
  text: string;
  messageId: string;
  date: string;
  /** Whom tickets answer to, and in which thread. */
  player: { address: string; messageId: string | null; subject: string; route?: ReplyRoute };
}

export interface Confirmation {
  accepted: Array<{ line: number; text: string; reading: string }>;
  rejected: Array<{ line: number; text: string; reason: string; suggestions: string[] }>;
  waiting: Array<{ line: number; text: string; token: string }>;
  warnings: string[];
  noOrders: boolean;
}

export interface Applied {
  next: NationOrders;
  tickets: Ticket[];
  replaceAll: boolean;
  confirmation: Confirmation;
}

const REPLACE_ALL = /^\s*replace\s+all\s*[.!]?\s*$/i;

/** The nation's text read by the game's reader, a line the rules leave one reading of standing as an order; throws when the reader fails. */
export async function readOrderLines(tools: MessageContext['tools'], game: MessageContext['game'], nation: string, text: string): Promise<ParseResult> {
  const parse = tools.parse ?? parseMessageInSlices;
  const result = await parse({
    ruleset: game.ruleset,
    map: game.map,
    nation,
    text,
    state: game.state,
    options: game.ctx.options,
    nationAliases: nationAliases(game.config),
  });
  return { ...result, ...singleReadings(result) };
}

export async function parseSafely(ctx: MessageContext, nation: string, text: string): Promise<ParseResult> {
  try {
    return await readOrderLines(ctx.tools, ctx.game, nation, text);
  } catch (e) {
    ctx.tools.logger.error({ err: e, gameId: ctx.head.gameId, messageId: ctx.messageId }, 'the order parser failed');
    return {
      orders: [],
      ambiguous: [],
      ignored: [],
      errors: [
        {
          line: 1,
          text: '',
          message: `Adjutant could not read this ${ctx.message.noun} (the order reader failed); your GM has been told.`,
          suggestions: [],
        },
      ],
    };
  }
}

// The parser may leave a line "ambiguous" with one reading, when the rules ruled out the others:
// there is nothing for the GM to choose, so it stands as an order.
function singleReadings(result: ParseResult): Pick<ParseResult, 'orders' | 'ambiguous'> {
  const single = result.ambiguous.filter((a) => a.candidates.length === 1);
  if (!single.length) return result;
  return {
    orders: [...result.orders, ...single.map((a) => a.candidates[0])].sort((a, b) => a.line - b.line),
    ambiguous: result.ambiguous.filter((a) => a.candidates.length !== 1),
  };
}

export async function applyOrderText(ctx: MessageContext, input: OrderText, current: NationOrders): Promise<Applied> {
  const secrets = ctx.head.secrets;
  const lines = input.text.split('\n');
  const replaceAll = lines.some((l) => REPLACE_ALL.test(l));
  const text = lines.map((l) => (REPLACE_ALL.test(l) ? '' : l)).join('\n');
  const parsed = await parseSafely(ctx, input.nation, text);
  const quote = (s: string) => redactSecrets(s.trim(), secrets);

  const incoming = parsed.orders.map(bareOrder);
  const sources: OrderSource[] = parsed.orders.map((o) => ({ messageId: input.messageId, date: input.date, line: o.line, text: quote(o.text) }));
  const merged = mergeOrders(ctx.game.ruleset.orderSubject, current, { orders: incoming, sources, replaceAll, date: input.date });
  const { next, rejected } = validateAll(ctx.game.ruleset, ctx.game.ctx, ctx.game.state, input.nation, merged.next);

  const confirmation: Confirmation = {
    accepted: parsed.orders.flatMap((o, i) =>
      next.orders.includes(incoming[i]) ? [{ line: o.line, text: quote(o.text), reading: describe(ctx, incoming[i]) }] : [],
    ),
    rejected: parsed.errors.map((e) => ({ line: e.line, text: quote(e.text), reason: e.message, suggestions: e.suggestions.map(quote) })),
    waiting: [],
    warnings: ctx.game.ruleset.confirmationNotes?.(ctx.game.ctx, ctx.game.state, input.nation, next.orders) ?? [],
    noOrders: !replaceAll && !parsed.orders.length && !parsed.errors.length && !parsed.ambiguous.length,
  };
  for (const r of rejected) {
    if (r.source.messageId === input.messageId && incoming.includes(r.order)) {
      confirmation.rejected.push({ line: r.source.line ?? 0, text: r.source.text ?? '', reason: `${r.message} (${r.code})`, suggestions: [] });
    } else confirmation.warnings.push(`Your earlier order "${r.source.text ?? describe(ctx, r.order)}" was dropped: ${r.message}`);
  }
  for (const o of merged.outdated) {
    confirmation.rejected.push({
      line: o.source.line ?? 0,
      text: o.source.text ?? '',
      reason: `Not applied: your ${ctx.message.noun} dated ${o.newer.date.slice(0, 16).replace('T', ' ')} UTC, newer than this one, already gave an order about this.`,
      suggestions: [],
    });
  }
  if (current.sources.some((s) => s.messageId !== input.messageId && s.date > input.date)) {
    confirmation.warnings.push(
      `This ${ctx.message.noun} is older (by the date it carries) than one Adjutant already has from you; where both give orders about the same unit or province, the newer one stands.`,
    );
  }
  confirmation.rejected.sort((a, b) => a.line - b.line);

  const tickets: Ticket[] = parsed.ambiguous.map((a) => ({
    token: newToken(ctx.seed, `${input.messageId}:${input.nation}:${a.line}`),
    nation: input.nation,
    messageId: input.messageId,
    step: ctx.step,
    line: a.line,
    text: quote(a.text),
    candidates: a.candidates.map(bareOrder),
    readings: a.candidates.map((c) => describe(ctx, bareOrder(c))),
    date: input.date,
    playerAddress: input.player.address,
    playerMessageId: input.player.messageId,
    playerSubject: input.player.subject,
    ...(input.player.route && { playerRoute: input.player.route }),
    status: 'open',
    createdAt: ctx.now.toISOString(),
  }));
  confirmation.waiting = tickets.map((t) => ({ line: t.line, text: t.text, token: t.token }));
  return { next, tickets, replaceAll, confirmation };
}

/**
 * The one email that asks the GM to rule on the tickets one incoming email opened: however many
 * unclear lines it had, the GM gets one message (tickets are capped per nation and turn besides).
 */
export function ticketMail(ctx: MessageContext, tickets: Ticket[], otherOpen: string[]): OutgoingMessage {
  const first = tickets[0];
  const nation = nationName(ctx, first.nation);
  const subject =
    tickets.length === 1
      ? `Ticket ${first.token}: ${nation}'s line ${first.line} needs your ruling`
      : `Tickets ${tickets.map((t) => t.token).join(', ')}: ${tickets.length} of ${nation}'s lines need your ruling`;
  return compose(ctx.head, {
    key: `tickets:${first.messageId}`,
    to: ctx.game.config.gm.email,
    subject,
    template: 'ticket',
    data: {
      gameTitle: ctx.game.config.title,
      turn: ctx.game.state.turn,
      nationName: nation,
      several: tickets.length > 1,
      tickets: tickets.map((t) => ({ token: t.token, line: t.line, text: t.text, readings: t.readings.map((text, i) => ({ number: i + 1, text })) })),
      token: first.token,
      otherOpen: otherOpen.join(', '),
    },
  });
}
