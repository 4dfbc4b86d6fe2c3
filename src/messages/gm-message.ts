// The GM's message: rulings on tickets, and commands. Commands that touch the schedule or the turns
// are effects for the GameControl, run after the commit (command-effects.ts), once per message.
import { parseDocument } from 'yaml';
import { openGame } from '../game/open-game.ts';
import { setPlayerAddress } from '../game/player-entries.ts';
import type { OutgoingMessage } from '../store/outbox.ts';
import type { Ticket } from './tickets.ts';
import { commandsReply, effectOf, type Effect, type StatusAsked } from './command-effects.ts';
import { isCommandText, messageCommands, type CommandLine } from './commands.ts';
import { decision, nationName, playerAddress, timeZoneOf, type Decision, type MessageContext } from './message-context.ts';
import { applyGmOrders, applyLateMail } from './gm-orders.ts';
import type { ThreadItem } from '../store/post-outbox.ts';
import { replacementNews } from './announcements.ts';
import type { ReplyRoute } from './incoming-message.ts';
import { privately } from './reply-routes.ts';
import type { NationOrders } from './orders-in-force.ts';
import { meaningfulLines, newText } from './quoted-text.ts';
import { stripSecrets } from './secret.ts';
import { rule, WorkingOrders } from './ticket-answers.ts';
import { tokensIn } from './tickets.ts';
import { welcomeMail } from './welcome.ts';

interface GmOutcome {
  results: Array<{ command: string; text: string }>;
  replies: OutgoingMessage[];
  tickets: Ticket[];
  work: WorkingOrders;
  late: Record<string, string[]>;
  gameYaml?: string;
  /** Nations given a new player by REPLACE in this email: nation -> the new address. */
  replaced: Record<string, string>;
  effects: Effect[];
  help: boolean;
  status: StatusAsked;
  /** Posts into the thread, after the commit (a replaced player's news). */
  posts: ThreadItem[];
}

/**
 * `threadTokens`: tickets this email answers by its thread or subject. `commandsAllowed` is false
 * when only the ticket thread vouches for the GM: that is enough to rule on the ticket, not to run commands.
 */
export async function handleGm(ctx: MessageContext, threadTokens: string[], commandsAllowed: boolean): Promise<Decision> {
  const text = newText(stripSecrets(ctx.message.text, ctx.head.secrets));
  const out: GmOutcome = {
    results: [],
    replies: [],
    tickets: [],
    work: new WorkingOrders(ctx),
    late: {},
    replaced: {},
    effects: [],
    help: false,
    status: false,
    posts: [],
  };
  const lines = meaningfulLines(text);
  const explicit = lines.filter((l) => /^T-[A-Z0-9]{6}\b/i.test(l));
  // A reply in a ticket's thread answers it with its first line, unless that line is a command.
  const inThread = threadTokens.length > 0 && lines.length > 0 && !isCommandText(lines[0], 'gm');
  if (explicit.length) {
    for (const line of explicit) await answerTicket(ctx, out, tokensIn(line)[0], line.slice(8).replace(/^[\s:=-]+/, ''));
  } else if (inThread) {
    if (threadTokens.length === 1) await answerTicket(ctx, out, threadTokens[0], lines[0]);
    else
      out.results.push({
        command: lines[0],
        text: `This ${ctx.message.noun} answers several tickets (${threadTokens.join(', ')}); write one line per ticket, like "${threadTokens[0]} 1".`,
      });
  } else if (!commandsAllowed) {
    out.results.push({
      command: lines[0] ?? '(empty email)',
      text: 'Not done: commands need your GM secret in the email (a reply to a ticket needs only the number, order or reject).',
    });
  } else {
    const lines = messageCommands(ctx.message, ctx.head.secrets, 'gm', { timeZone: timeZoneOf(ctx, null), nations: Object.keys(ctx.game.config.nations) });
    if (lines) await runCommands(ctx, out, lines);
    else out.help = true;
  }
  const report = commandsReply(
    ctx,
    ctx.game.config.gm.email,
    { gameTitle: ctx.game.config.title, results: out.results, help: out.help, gm: true },
    out.effects,
    out.status,
  );
  const orders: Record<string, NationOrders> = Object.fromEntries(out.work.changed);
  // A ruling on a line that came with a reply route goes back to the player that way.
  const routes = new Map<string, ReplyRoute>(out.tickets.flatMap((t) => (t.playerRoute ? [[`ticket-outcome:${t.token}`, t.playerRoute]] : [])));
  const posts = out.replies.flatMap((r) => (routes.has(r.key) ? [privately(routes.get(r.key)!, r)] : []));
  return decision(
    ctx,
    {
      outcome: explicit.length || inThread ? 'ticket-answer' : 'commands',
      role: 'gm',
      replies: [...report.replies, ...out.replies.filter((r) => !routes.has(r.key))],
      posts: [...posts, ...out.posts],
      ...(report.pending && { pending: report.pending }),
    },
    { orders, tickets: out.tickets, late: out.late, gameYaml: out.gameYaml, gmHeard: ctx.now },
  );
}

async function answerTicket(ctx: MessageContext, out: GmOutcome, token: string, answerText: string): Promise<void> {
  const ticket = ctx.snapshot.tickets.find((t) => t.token === token);
  if (!ticket) return void out.results.push({ command: `${token} ${answerText}`, text: `There is no ticket ${token} in this game.` });
  const ruling = await rule(ctx, ticket, answerText, out.work);
  out.results.push({ command: `${token}: ${answerText}`, text: ruling.said });
  if (ruling.ticket) out.tickets.push(ruling.ticket);
  if (ruling.reply) out.replies.push(ruling.reply);
}

async function runCommands(ctx: MessageContext, out: GmOutcome, lines: CommandLine[]): Promise<void> {
  for (const [i, line] of lines.entries()) {
    const c = line.command;
    if (!c) {
      out.results.push({ command: line.text, text: `Not done: ${line.problem}` });
      out.help = true;
      continue;
    }
    const label = c.name === 'order' ? `ORDER ${c.nation}${c.late ? ' LATE' : ''}` : line.text;
    if (c.name === 'help') out.help = true;
    else if (c.name === 'status') out.status = c.orders || out.status === 'orders' ? 'orders' : 'brief';
    else if (c.name === 'replace') out.results.push({ command: label, text: replacePlayer(ctx, out, c.nation, c.address) });
    else if (c.name === 'order')
      out.results.push({ command: label, text: c.late ? await applyLateMail(ctx, out, c.nation) : await applyGmOrders(ctx, out, c.nation, c.text) });
    else {
      // What it did is filled in once it ran, after the commit.
      const effect = effectOf(c, `${ctx.messageId}:${i}`, out.results.length, timeZoneOf(ctx, null));
      out.results.push({ command: label, text: effect ? '' : `Not done: ${c.name.toUpperCase()} is not a GM command.` });
      if (effect) out.effects.push(effect);
    }
  }
}

function replacePlayer(ctx: MessageContext, out: GmOutcome, nation: string, address: string): string {
  const doc = parseDocument(out.gameYaml ?? ctx.game.files['game.yaml']);
  setPlayerAddress(doc, nation, address, nationName(ctx, nation));
  const text = doc.toString({ lineWidth: 0 });
  const { problems } = openGame(ctx.head.gameId, { ...ctx.game.files, 'game.yaml': text });
  if (problems.length) return `Not done: game.yaml would not be valid (${problems[0].message})`;
  out.gameYaml = text;
  const former = out.replaced[nation] ?? playerAddress(ctx, nation);
  out.replaced[nation] = address.toLowerCase();
  if (former?.toLowerCase() !== address.toLowerCase()) {
    const told = replacementNews({ address: ctx.head.from }, ctx.game, nation, `announce:replace:${ctx.messageId}:${nation}`, former);
    out.replies.push(...told.mails);
    out.posts.push(...told.posts);
  }
  const files = { ...ctx.game.files, 'game.yaml': text };
  out.replies.push(
    welcomeMail({
      gameId: ctx.head.gameId,
      files,
      nation,
      address: ctx.head.from,
      deadline: ctx.status?.deadline ?? null,
      publicUrl: ctx.tools.publicUrl,
      state: ctx.game.state,
      key: `welcome:${ctx.messageId}:${nation}`,
    }),
  );
  return `Done: ${nationName(ctx, nation)} is now played from ${address}, who gets a welcome email with the nation's secret, how to order and the deadline.`;
}

export type { GmOutcome };
