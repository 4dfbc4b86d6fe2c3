// A player's message, once Adjutant knows whose it is: commands (HELP, STATUS, CLEAR, ABSENCE), or
// orders, unless they came too late. Decided from the message's snapshot alone.
import { withdrawOrders } from './withdrawn-orders.ts';
import { orderHelp } from './order-help.ts';
import type { OutgoingMessage } from '../store/outbox.ts';
import type { StoredPress } from '../store/stored-press.ts';
import { commandsReply, effectOf, type Effect } from './command-effects.ts';
import { messageCommands, type CommandLine } from './commands.ts';
import { decision, deadlineText, describe, nationName, timeZoneOf, type Decision, type MessageContext } from './message-context.ts';
import { historyMails, listText } from './game-info.ts';
import { applyOrderText, ticketMail, type Applied } from './order-text.ts';
import { relayPress } from './press-relay.ts';
import { newText } from './quoted-text.ts';
import { nationStanding } from '../render/report-model.ts';
import { answer } from './replies.ts';
import { ordersOf } from './message-snapshot.ts';
import { resign } from './resign.ts';
import { stripSecrets } from './secret.ts';
import { formatTime } from './time-text.ts';
import { openIn, type Ticket } from './tickets.ts';

export async function handlePlayer(ctx: MessageContext, nation: string): Promise<Decision> {
  const lines = messageCommands(ctx.message, ctx.head.secrets, 'player', { timeZone: timeZoneOf(ctx, nation), nations: Object.keys(ctx.game.config.nations) });
  if (lines) return playerCommands(ctx, nation, lines);
  const closed = closedTo(ctx, nation);
  if (closed) return closedMail(ctx, nation, closed);
  const late = lateness(ctx, nation);
  if (late) return lateMail(ctx, nation, late);
  if (ctx.message.withdraws) return withdrawOrders(ctx, nation, ctx.message.withdraws);
  return playerOrders(ctx, nation, newText(stripSecrets(ctx.message.text, ctx.head.secrets)));
}

/** Why the email is too late for the step being played, or null. */
function lateness(ctx: MessageContext, nation: string): string | null {
  if (ctx.settings.acceptLate) return null;
  // Orders are still welcome during a grace period: the turn waits for them.
  const deadline = ctx.status?.graceUntil ?? ctx.status?.deadline;
  const zone = timeZoneOf(ctx, nation);
  if (deadline && ctx.received > deadline)
    return `It arrived ${formatTime(ctx.received, zone)}, after the deadline${ctx.status?.graceUntil ? ' and its grace period' : ''}, which ended ${formatTime(deadline, zone)}.`;
  const last = ctx.step > 0 ? ctx.snapshot.lastStep : null;
  if (last && ctx.received < commitAtGrainOf(last.committedAt, ctx.received))
    return `It arrived before turn ${last.turn} was adjudicated, but could only be read after.`;
  return null;
}

/**
 * The commit's time to the grain of the arrival time. A mail server's arrival time (IMAP's
 * INTERNALDATE) and a forum post's time have whole seconds, so a message that arrived in the second
 * the turn was committed, typically one sent straight after it, is read for the new turn instead of
 * refused as too late. A web order's time has milliseconds, and is compared as it is.
 */
function commitAtGrainOf(committedAt: string, received: Date): Date {
  const at = Date.parse(committedAt);
  return new Date(received.getTime() % 1000 === 0 ? Math.floor(at / 1000) * 1000 : at);
}

/** Why the nation takes no more orders (the game is over, or the nation is out of it), or null. */
function closedTo(ctx: MessageContext, nation: string): string | null {
  if (ctx.status?.over) return `The game is over: turn ${ctx.status.over.turn} was its last, so no more orders are taken.`;
  if (ctx.status?.out.includes(nation)) return `${nationName(ctx, nation)} is out of the game: it has nothing left to order or to hold.`;
  return null;
}

function closedMail(ctx: MessageContext, nation: string, why: string): Decision {
  const reply = answer(ctx.head, ctx.message, playerTo(ctx), `reply:${ctx.messageId}`, 'notice', {
    gameTitle: ctx.game.config.title,
    paragraphs: [`${why} Your ${ctx.message.noun} was kept, but nothing in it was applied.`, 'STATUS and HELP still answer.'],
  });
  return decision(ctx, { outcome: 'refused', code: 'CLOSED', role: 'player', nation, replies: [reply] });
}

function lateMail(ctx: MessageContext, nation: string, why: string): Decision {
  const late = [...(ctx.snapshot.late[nation] ?? []), ctx.messageId];
  const reply = answer(ctx.head, ctx.message, playerTo(ctx), `reply:${ctx.messageId}`, 'notice', {
    gameTitle: ctx.game.config.title,
    paragraphs: [
      `Your ${ctx.message.noun} for ${nationName(ctx, nation)} came too late, so its orders were not applied. ${why}`,
      'It is kept, and your GM can still accept it. Your orders in force are unchanged.',
      `Next deadline: ${deadlineText(ctx, nation)}.`,
    ],
  });
  return decision(ctx, { outcome: 'late', code: 'LATE', role: 'player', nation, replies: [reply] }, { late: { [nation]: late } });
}

function playerTo(ctx: MessageContext): string {
  return ctx.message.address ?? '';
}

async function playerOrders(ctx: MessageContext, nation: string, text: string): Promise<Decision> {
  const current = ordersOf(ctx.snapshot, nation);
  const applied = await applyOrderText(
    ctx,
    {
      nation,
      text,
      messageId: ctx.messageId,
      date: ctx.date,
      player: {
        address: playerTo(ctx),
        messageId: ctx.message.messageId,
        subject: ctx.message.subject,
        ...(ctx.message.reply && { route: ctx.message.reply }),
      },
    },
    current,
  );
  if (ctx.message.cutAt) applied.confirmation.warnings.push(`Your ${ctx.message.noun} was very long; only its first ${ctx.message.cutAt / 1024} KB were read.`);
  if (ctx.message.attachments.length)
    applied.confirmation.warnings.push(`Attachments are not read (${ctx.message.attachments.join(', ')}); put orders in the text of the email.`);
  capTickets(ctx, nation, applied);
  const superseded = applied.replaceAll ? supersede(ctx, nation, 'A later email replaced all orders (REPLACE ALL).') : [];
  const asked = ticketMails(ctx, applied.tickets);
  const replies = [confirmationMail(ctx, nation, applied), ...asked];
  const c = applied.confirmation;
  return decision(
    ctx,
    {
      outcome: 'orders',
      role: 'player',
      nation,
      replies,
      ticketMails: asked.length ? applied.tickets.map((t) => ({ key: asked[0].key, token: t.token })) : [],
      counts: { accepted: c.accepted.length, rejected: c.rejected.length, waiting: c.waiting.length },
    },
    {
      orders: { [nation]: applied.next },
      tickets: [...superseded, ...applied.tickets],
      // Kept only while no order stands: the report then says the orders came and why none stood.
      refused: { [nation]: applied.next.orders.length ? null : applied.confirmation.rejected },
    },
  );
}

/** Open tickets of the nation closed because a REPLACE ALL or CLEAR made them moot. */
function supersede(ctx: MessageContext, nation: string, why: string): Ticket[] {
  return openIn(ctx.snapshot.tickets, ctx.step, nation).map((t) => ({ ...t, status: 'superseded' as const, outcome: why }));
}

/** One email to the GM for all the tickets an email opened. */
function ticketMails(ctx: MessageContext, tickets: Ticket[]): OutgoingMessage[] {
  if (!tickets.length) return [];
  const mine = new Set(tickets.map((t) => t.token));
  const open = openIn(ctx.snapshot.tickets, ctx.step)
    .map((t) => t.token)
    .filter((t) => !mine.has(t));
  return [ticketMail(ctx, tickets, open)];
}

/**
 * A nation opens at most `ticketsPerTurn` tickets a turn: past that, an unclear line is refused
 * for the player to rewrite, so no email (or flood of them) can bury the GM in questions.
 */
function capTickets(ctx: MessageContext, nation: string, applied: Applied): void {
  const used = ctx.snapshot.tickets.filter((t) => t.step === ctx.step && t.nation === nation).length;
  const room = Math.max(0, ctx.settings.ticketsPerTurn - used);
  if (applied.tickets.length <= room) return;
  const over = applied.tickets.slice(room);
  applied.tickets = applied.tickets.slice(0, room);
  const kept = new Set(applied.tickets.map((t) => t.token));
  const c = applied.confirmation;
  c.waiting = c.waiting.filter((w) => kept.has(w.token));
  for (const t of over)
    c.rejected.push({
      line: t.line,
      text: t.text,
      reason: `It can be read more than one way (${t.readings.join(' / ')}), and your GM rules on at most ${ctx.settings.ticketsPerTurn} such lines of yours a turn. Write it so it reads one way and send it again.`,
      suggestions: [],
    });
  c.rejected.sort((a, b) => a.line - b.line);
}

function confirmationMail(ctx: MessageContext, nation: string, applied: Applied): OutgoingMessage {
  return answer(ctx.head, ctx.message, playerTo(ctx), `reply:${ctx.messageId}`, 'confirmation', {
    gameTitle: ctx.game.config.title,
    nationName: nationName(ctx, nation),
    turn: ctx.game.state.turn,
    phase: ctx.game.state.phase,
    ...applied.confirmation,
    inForce: applied.next.orders.map((o) => describe(ctx, o)),
    deadline: deadlineText(ctx, nation),
  });
}

function playerCommands(ctx: MessageContext, nation: string, lines: CommandLine[]): Decision {
  const results: Array<{ command: string; text: string }> = [];
  const effects: Effect[] = [];
  let help = false;
  let showOrders = false;
  let cleared = false;
  const extra: OutgoingMessage[] = [];
  const press: StoredPress[] = [];
  let gameYaml: string | undefined;
  for (const [i, line] of lines.entries()) {
    const c = line.command;
    if (!c) {
      results.push({ command: line.text, text: `Not done: ${line.problem}` });
      help = true;
    } else if (c.name === 'help') help = true;
    else if (c.name === 'status') showOrders = true;
    else if (c.name === 'clear') {
      cleared = true;
      showOrders = true;
      results.push({ command: line.text, text: 'All your orders are withdrawn; your units hold unless you send new ones.' });
    } else if (c.name === 'absence') {
      // What it did is filled in once it ran, after the commit.
      effects.push(effectOf(c, `${ctx.messageId}:${i}`, results.length, timeZoneOf(ctx, nation), nation)!);
      results.push({ command: line.text, text: '' });
    } else if (c.name === 'press' || c.name === 'history' || c.name === 'resign') {
      const done: { said: string; messages: OutgoingMessage[]; gameYaml?: string; press?: StoredPress } =
        c.name === 'press' ? relayPress(ctx, nation, c, i) : c.name === 'history' ? historyMails(ctx, nation, c.turn) : resign(ctx, nation);
      gameYaml = done.gameYaml ?? gameYaml;
      if (done.press) press.push(done.press);
      extra.push(...done.messages);
      results.push({ command: line.text, text: done.said });
    } else if (c.name === 'list') results.push({ command: line.text, text: listText(ctx, nation) });
  }
  const current = cleared ? { orders: [], sources: [] } : ordersOf(ctx.snapshot, nation);
  const waiting = cleared ? [] : openIn(ctx.snapshot.tickets, ctx.step, nation);
  const reply = commandsReply(
    ctx,
    playerTo(ctx),
    {
      gameTitle: ctx.game.config.title,
      nationName: nationName(ctx, nation),
      results,
      help,
      gm: false,
      // HELP's examples: orders this nation could give now, from its own position.
      orderKinds: help ? orderHelp(ctx.game, nation) : [],
      showOrders,
      inForce: [...current.orders.map((o) => describe(ctx, o)), ...waiting.map((t) => `line "${t.text}": waiting for the GM's ruling`)],
      status: showOrders ? { turn: ctx.game.state.turn, phase: ctx.game.state.phase, deadline: deadlineText(ctx, nation) } : undefined,
      // STATUS says where the nation stands now, from its own view of the game.
      standing: lines.some((l) => l.command?.name === 'status') ? nationStanding(ctx.game, nation) : undefined,
    },
    effects,
  );
  const changes = cleared
    ? { orders: { [nation]: null }, refused: { [nation]: null }, tickets: supersede(ctx, nation, 'The player withdrew all orders (CLEAR).') }
    : {};
  return decision(
    ctx,
    { outcome: 'commands', role: 'player', nation, replies: [...reply.replies, ...extra], ...(reply.pending && { pending: reply.pending }) },
    { ...changes, ...(gameYaml ? { gameYaml } : {}), ...(press.length ? { press } : {}) },
  );
}
