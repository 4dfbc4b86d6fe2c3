// Orders the GM gives for a nation: typed in (ORDER red, then the orders) or the nation's late
// email accepted (ORDER red LATE). Either way the player is told what is now in force.
import { describe, deadlineText, nationName, playerAddress, type MessageContext } from './message-context.ts';
import type { GmOutcome } from './gm-message.ts';
import { applyOrderText, type Applied } from './order-text.ts';
import { newText } from './quoted-text.ts';
import { bareSubject, compose } from './replies.ts';
import { stripSecrets } from './secret.ts';

/** The nation's player now: replaced earlier in this email, or as game.yaml says. */
function currentPlayer(ctx: MessageContext, out: GmOutcome, nation: string): string | undefined {
  return out.replaced[nation] ?? playerAddress(ctx, nation);
}

export async function applyGmOrders(ctx: MessageContext, out: GmOutcome, nation: string, text: string): Promise<string> {
  const address = currentPlayer(ctx, out, nation) ?? '';
  const applied = await applyOrderText(
    ctx,
    { nation, text, messageId: ctx.messageId, date: ctx.date, player: { address, messageId: null, subject: '' } },
    out.work.get(nation),
  );
  out.work.set(nation, applied.next);
  if (address)
    out.replies.push(
      playerNotice(ctx, nation, applied, address, `gm-order:${ctx.messageId}:${nation}`, `Orders entered by your GM for ${nationName(ctx, nation)}`, null),
    );
  return summary(ctx, nation, applied, unclearLines(applied));
}

/** Applies the nation's late emails of the step, loaded before deciding (message-extras.ts). */
export async function applyLateMail(ctx: MessageContext, out: GmOutcome, nation: string): Promise<string> {
  const late = ctx.snapshot.late[nation] ?? [];
  if (!late.length) return `Not done: ${nationName(ctx, nation)} sent no late email this turn.`;
  const said: string[] = [];
  for (const messageId of late) {
    const mail = ctx.snapshot.extras.lateMails?.[messageId];
    if (!mail) continue;
    // The notice goes to whoever plays the nation now: after a REPLACE, not the one who wrote late.
    const address = currentPlayer(ctx, out, nation) ?? mail.from ?? '';
    const text = newText(stripSecrets(mail.text, ctx.head.secrets));
    const applied = await applyOrderText(
      ctx,
      { nation, text, messageId, date: mail.date, player: { address, messageId: mail.messageId, subject: mail.subject } },
      out.work.get(nation),
    );
    out.work.set(nation, applied.next);
    out.replies.push(
      playerNotice(ctx, nation, applied, address, `late-accepted:${messageId}`, `Re: ${bareSubject(mail.subject) || 'your orders'}`, mail.messageId),
    );
    said.push(summary(ctx, nation, applied, unclearLines(applied)));
  }
  out.late[nation] = [];
  return `Accepted ${late.length} late email${late.length === 1 ? '' : 's'} of ${nationName(ctx, nation)}. ${said.join(' ')}`;
}

// The GM is the one deciding here, so a line that reads two ways goes back to the GM, not into a ticket.
function unclearLines(applied: Applied): string[] {
  return applied.tickets.map(
    (t) => `Line ${t.line} "${t.text}" can be read as: ${t.readings.map((r, i) => `${i + 1}. ${r}`).join(' ')} Not applied; enter it with ORDER if you wish.`,
  );
}

function summary(ctx: MessageContext, nation: string, applied: Applied, unclear: string[]): string {
  const c = applied.confirmation;
  const parts = [
    `Done: ${c.accepted.length} order${c.accepted.length === 1 ? '' : 's'} accepted for ${nationName(ctx, nation)}; ${applied.next.orders.length} now in force.`,
  ];
  for (const r of c.rejected) parts.push(`Line ${r.line} "${r.text}" not accepted: ${r.reason}`);
  parts.push(...unclear, ...c.warnings);
  return parts.join(' ');
}

/** `inReplyTo`: the player's late email being accepted; null when the GM typed the orders. */
function playerNotice(ctx: MessageContext, nation: string, applied: Applied, to: string, key: string, subject: string, inReplyTo: string | null) {
  return compose(ctx.head, {
    key,
    to,
    subject,
    template: 'confirmation',
    data: {
      gameTitle: ctx.game.config.title,
      nationName: nationName(ctx, nation),
      turn: ctx.game.state.turn,
      phase: ctx.game.state.phase,
      byGm: !inReplyTo,
      lateAccepted: !!inReplyTo,
      ...applied.confirmation,
      waiting: [],
      inForce: applied.next.orders.map((o) => describe(ctx, o)),
      deadline: deadlineText(ctx, nation),
    },
    inReplyTo: inReplyTo ? { messageId: inReplyTo, references: [] } : undefined,
  });
}
