// The GM's email: rulings on tickets, and commands. Commands that touch the schedule or the turns
// go to the GameControl; each runs at most once per email, even if the email is read again.
import { parseDocument } from 'yaml';
import { openGame } from '../game/open-game.ts';
import type { OutgoingMessage } from '../store/outbox.ts';
import type { Ticket } from './tickets.ts';
import { readCommands, isCommandText, type Command, type CommandLine } from './commands.ts';
import { decision, deadlineText, nationName, timeZoneOf, type Decision, type MailContext } from './message-context.ts';
import { applyGmOrders, applyLateMail } from './gm-orders.ts';
import type { ForumPrivateMessage } from '../store/forum-outbox.ts';
import type { NationOrders } from './orders-in-force.ts';
import { meaningfulLines, newText } from './quoted-text.ts';
import { answer, bareSubject } from '../mail/replies.ts';
import { stripSecrets } from './secret.ts';
import { rule, WorkingOrders } from './ticket-answers.ts';
import { formatTime } from './time-text.ts';
import { openTickets, readTickets, tokensIn } from './tickets.ts';
import { welcomeMail } from '../mail/welcome.ts';

interface GmOutcome {
  results: Array<{ command: string; text: string }>;
  replies: OutgoingMessage[];
  tickets: Ticket[];
  work: WorkingOrders;
  late: Record<string, string[]>;
  gameYaml?: string;
  /** Nations given a new player by REPLACE in this email: nation -> the new address. */
  replaced: Record<string, string>;
  help: boolean;
  status: boolean;
}

/**
 * `threadTokens`: tickets this email answers by its thread or subject. `commandsAllowed` is false
 * when only the ticket thread vouches for the GM: that is enough to rule on the ticket, not to run commands.
 */
export async function handleGm(ctx: MailContext, threadTokens: string[], commandsAllowed: boolean): Promise<Decision> {
  const text = newText(stripSecrets(ctx.message.text, ctx.head.secrets));
  const out: GmOutcome = { results: [], replies: [], tickets: [], work: new WorkingOrders(ctx), late: {}, replaced: {}, help: false, status: false };
  const lines = meaningfulLines(text);
  const explicit = lines.filter((l) => /^T-[A-Z0-9]{6}\b/i.test(l));
  // A reply in a ticket's thread answers it with its first line, unless that line is a command.
  const inThread = threadTokens.length > 0 && lines.length > 0 && !isCommandText(lines[0], 'gm');
  if (explicit.length) {
    for (const line of explicit) await answerTicket(ctx, out, tokensIn(line)[0], line.slice(8).replace(/^[\s:=-]+/, ''));
  } else if (inThread) {
    if (threadTokens.length === 1) await answerTicket(ctx, out, threadTokens[0], lines[0]);
    else out.results.push({ command: lines[0], text: `This ${ctx.message.channel === 'email' ? 'email' : 'message'} answers several tickets (${threadTokens.join(', ')}); write one line per ticket, like "${threadTokens[0]} 1".` });
  } else if (!commandsAllowed) {
    out.results.push({ command: lines[0] ?? '(empty email)', text: 'Not done: commands need your GM secret in the email (a reply to a ticket needs only the number, order or reject).' });
  } else {
    const body = text.trim() ? text : stripSecrets(bareSubject(ctx.message.subject), ctx.head.secrets);
    if (isCommandText(body, 'gm')) await runCommands(ctx, out, readCommands(body, 'gm', { timeZone: timeZoneOf(ctx, null), nations: Object.keys(ctx.game.config.nations) }));
    else out.help = true;
  }
  const report = answer(ctx.head, ctx.message, ctx.game.config.gm.email, `reply:${ctx.mailId}`, 'commands', await reportData(ctx, out));
  const orders: Record<string, NationOrders> = Object.fromEntries(out.work.changed);
  // A ruling on a line that came from the forum goes back to the player there.
  const byForum = new Map(out.tickets.filter((t) => t.playerForum).map((t) => [`ticket-outcome:${t.token}`, t.playerForum!]));
  const forumMessages: ForumPrivateMessage[] = out.replies.filter((r) => byForum.has(r.key)).map((r) => ({ kind: 'private', key: r.key, to: [byForum.get(r.key)!], title: r.subject, text: r.text }));
  return decision(
    ctx,
    { outcome: explicit.length || inThread ? 'ticket-answer' : 'commands', role: 'gm', replies: [report, ...out.replies.filter((r) => !byForum.has(r.key))], forumMessages },
    { orders, tickets: out.tickets, late: out.late, gameYaml: out.gameYaml },
  );
}

async function answerTicket(ctx: MailContext, out: GmOutcome, token: string, answerText: string): Promise<void> {
  const [ticket] = await readTickets(ctx.redis, ctx.head.gameId, [token]);
  if (!ticket) return void out.results.push({ command: `${token} ${answerText}`, text: `There is no ticket ${token} in this game.` });
  const ruling = await rule(ctx, ticket, answerText, out.work);
  out.results.push({ command: `${token}: ${answerText}`, text: ruling.said });
  if (ruling.ticket) out.tickets.push(ruling.ticket);
  if (ruling.reply) out.replies.push(ruling.reply);
}

async function runCommands(ctx: MailContext, out: GmOutcome, lines: CommandLine[]): Promise<void> {
  for (const [i, line] of lines.entries()) {
    const c = line.command;
    if (!c) {
      out.results.push({ command: line.text, text: `Not done: ${line.problem}` });
      out.help = true;
      continue;
    }
    const label = c.name === 'order' ? `ORDER ${c.nation}${c.late ? ' LATE' : ''}` : line.text;
    if (c.name === 'help') out.help = true;
    else if (c.name === 'status') out.status = true;
    else if (c.name === 'replace') out.results.push({ command: label, text: replacePlayer(ctx, out, c.nation, c.address) });
    else if (c.name === 'order') out.results.push({ command: label, text: c.late ? await applyLateMail(ctx, out, c.nation) : await applyGmOrders(ctx, out, c.nation, c.text) });
    else {
      const said = await ctx.ledger.once(ctx.head.gameId, `${ctx.mailId}:${i}`, () => control(ctx, c));
      out.results.push({ command: label, text: said });
    }
  }
}

async function control(ctx: MailContext, c: Command): Promise<string> {
  const id = ctx.head.gameId;
  const gc = ctx.deps.control;
  const when = (d: Date) => formatTime(d, timeZoneOf(ctx, null));
  try {
    switch (c.name) {
      case 'extend':
        return `Done: the deadline is now ${when(await gc.extend(id, c.ms))}.`;
      case 'deadline':
        await gc.setDeadline(id, c.at);
        return `Done: the deadline is now ${when(c.at)}.`;
      case 'pause':
        await gc.pause(id);
        return 'Done: the game is paused; no deadline runs until RESUME.';
      case 'resume':
        await gc.resume(id);
        return 'Done: the game runs again.';
      case 'process':
        await gc.processNow(id);
        return 'Done: the turn is being adjudicated now.';
      case 'preview':
        await gc.rerun(id, { reroll: c.reroll });
        return `Done: the previewed turn is run again${c.reroll ? ' with new dice' : ' with the same dice'}; the new preview follows.`;
      case 'publish':
        await gc.publish(id);
        return 'Done: the results are being sent out.';
      case 'rollback':
        await gc.rollback(id, c.turn);
        return `Done: the game is back at the start of turn ${c.turn}; the undone steps stay in the history.`;
      default:
        return `Not done: ${c.name.toUpperCase()} is not a GM command.`;
    }
  } catch (e) {
    return `Not done: ${(e as Error).message}`;
  }
}

function replacePlayer(ctx: MailContext, out: GmOutcome, nation: string, address: string): string {
  const doc = parseDocument(out.gameYaml ?? ctx.game.files['game.yaml']);
  if (doc.hasIn(['nations', nation, 'player'])) doc.setIn(['nations', nation, 'player', 'email'], address);
  else doc.setIn(['nations', nation, 'player'], doc.createNode({ name: `Player of ${nationName(ctx, nation)}`, email: address }));
  const text = doc.toString({ lineWidth: 0 });
  const { problems } = openGame(ctx.head.gameId, { ...ctx.game.files, 'game.yaml': text });
  if (problems.length) return `Not done: game.yaml would not be valid (${problems[0].message})`;
  out.gameYaml = text;
  out.replaced[nation] = address.toLowerCase();
  const files = { ...ctx.game.files, 'game.yaml': text };
  out.replies.push(welcomeMail({ gameId: ctx.head.gameId, files, nation, address: ctx.head.from, deadline: ctx.status?.deadline ?? null, publicUrl: ctx.deps.publicUrl, key: `welcome:${ctx.mailId}:${nation}` }));
  return `Done: ${nationName(ctx, nation)} is now played from ${address}, who gets a welcome email with the nation's secret, how to order and the deadline.`;
}

async function reportData(ctx: MailContext, out: GmOutcome): Promise<Record<string, unknown>> {
  const data: Record<string, unknown> = { gameTitle: ctx.game.config.title, results: out.results, help: out.help, gm: true };
  if (!out.status) return data;
  const s = await ctx.deps.control.status(ctx.head.gameId).catch(() => ctx.status);
  const names = (ids: string[]) => ids.map((n) => nationName(ctx, n)).join(', ');
  data.status = s
    ? { turn: s.turn, phase: s.phase, deadline: deadlineText({ ...ctx, status: s }, null), ordered: names(s.ordered), missing: names(s.missing), note: [s.paused ? 'The game is paused.' : '', s.waitingForGm ? `Waiting for you: ${s.waitingForGm}.` : '', s.previewStep ? `A preview of step ${s.previewStep} waits for PUBLISH.` : ''].filter(Boolean).join(' ') }
    : { turn: ctx.game.state.turn, phase: ctx.game.state.phase, deadline: 'not known (the scheduler did not answer)' };
  data.showTickets = true;
  data.tickets = (await openTickets(ctx.deps.store, ctx.head.gameId)).map((t) => ({ ...t, nationName: nationName(ctx, t.nation), readings: t.readings.map((text, i) => ({ number: i + 1, text })) }));
  return data;
}

export type { GmOutcome };
