// The remind job: players with no orders in force hear how long they have left, and the GM hears
// which tickets still wait for a ruling. A reminder for a deadline that has since moved, or a
// step that has since been adjudicated, is dropped.
import { storedConfig } from '../store/stored-game.ts';
import { threadOf } from '../channels/settings/index.ts';
import type { GameFile } from '../game/game-file.ts';
import { shortPostMarkup } from '../render/escape.ts';
import { tellGm } from './gm-notices.ts';
import { formatTime } from './schedule.ts';
import { postInThread, tellPlayer } from './player-notices.ts';
import { missingNations, stepLabel, type RemindJob, type TurnRuntime } from './turn-runtime.ts';

/** A GM ticket as the reminder lists it (src/messages/tickets.ts keeps them). */
export interface OpenTicket {
  token: string;
  nation: string;
  line: number;
  text: string;
  readings: string[];
}

/** Returns the nations reminded (by this call or an earlier one for the same reminder). */
export async function remindPlayers(rt: TurnRuntime, job: RemindJob, openTickets: () => Promise<OpenTicket[]> = async () => []): Promise<string[]> {
  const { gameId, step, epoch, offset, deadline } = job;
  const s = await rt.schedules.get(gameId);
  if (!s || s.step !== step || s.epoch !== epoch || s.status !== 'open' || s.deadline !== deadline) return [];
  const config = await storedConfig(rt.store, gameId);
  const missing = await missingNations(rt.store, gameId, config);
  const { turn } = await rt.store.state(gameId);
  const due = new Date(deadline);
  const key = `${stepLabel(step, epoch)}:${offset}@${due.getTime()}`;
  for (const nation of missing) {
    const n = config.nations[nation];
    const when = formatTime(due, n.player!.timezone ?? config.timezone);
    await tellPlayer(
      rt,
      gameId,
      config,
      nation,
      `remind:${key}:${nation}`,
      `Turn ${turn}: orders for ${n.name} due ${when}`,
      `We have no orders from ${n.name} for turn ${turn} yet. They are due by ${when}, in ${offset}.\nWithout orders, ${fate(config)}\n`,
    );
  }
  if (missing.length) rt.logger.info({ gameId, step, offset, nations: missing }, 'reminders recorded');
  const thread = threadOf(config);
  if (missing.length && thread?.posts && thread.reminds(offset)) {
    const post = reminderPost(config, thread.markdown, { turn, missing, when: formatTime(due, config.timezone), offset });
    await postInThread(rt, gameId, `remind:${key}`, post);
  }
  const tickets = await openTickets();
  if (tickets.length)
    await tellGm(
      rt,
      gameId,
      config,
      `tickets:${key}`,
      `Turn ${turn}: ${tickets.length} ticket${tickets.length === 1 ? '' : 's'} wait for your ruling`,
      ticketList(config, tickets, due, offset),
    );
  return missing;
}

/** The thread's reminder: only public facts, the deadline and the nations with no orders yet. */
function reminderPost(
  config: GameFile,
  markdown: boolean,
  { turn, missing, when, offset }: { turn: number; missing: readonly string[]; when: string; offset: string },
): string {
  const { bold, escape } = shortPostMarkup(markdown);
  const names = missing.map((n) => escape(config.nations[n].name)).join(', ');
  return `${bold(`Turn ${turn}: orders are due ${escape(when)}`)}, in ${offset}.\n\nNo orders yet from: ${names}.`;
}

function fate(config: GameFile): string {
  switch (config.schedule?.missedOrders) {
    case 'standing':
      return 'your orders of last turn are repeated where they are still possible.';
    case 'wait':
      return 'the game waits for you until the GM decides.';
    default:
      return 'your nation holds: every unit stays where it is.';
  }
}

function ticketList(config: GameFile, tickets: readonly OpenTicket[], due: Date, offset: string): string {
  const lines = [`The deadline is in ${offset} (${formatTime(due, config.gm.timezone ?? config.timezone)}). These lines are not in force until you rule:`, ''];
  for (const t of tickets) {
    lines.push(`${t.token}  ${config.nations[t.nation]?.name ?? t.nation}, line ${t.line}: ${t.text}`);
    t.readings.forEach((r, i) => lines.push(`    ${i + 1}. ${r}`));
  }
  lines.push('', 'Answer each with a line like "T-ABC123 1" (or "T-ABC123 reject"), or reply to the ticket\'s own email.');
  return lines.join('\n');
}
