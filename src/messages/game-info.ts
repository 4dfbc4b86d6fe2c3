// LIST and HISTORY: what a player may ask about the game. LIST is the public state (nations,
// their players' names, provinces and units) and the deadline; HISTORY sends again the nation's
// own reports of an earlier turn, word for word as they went out, so it shows nothing new.
import { gameKeys } from '../store/keys.ts';
import type { OutgoingMessage } from '../store/outbox.ts';
import { deadlineText, nationName, type MailContext } from './message-context.ts';
import { compose } from '../mail/replies.ts';

export function listText(ctx: MailContext, nation: string): string {
  const { game } = ctx;
  const view = game.ruleset.publicView(game.ctx, game.state, []);
  const rows = view.nations.map((n) => {
    const player = game.config.nations[n.id]?.player?.name;
    return `  ${n.name}${n.id === nation ? ' (you)' : ''}: ${player ? `played by ${player}` : 'no player'}; ${n.provinces} provinces, ${n.units} units`;
  });
  return [`${game.config.title} (${game.config.ruleset}): turn ${game.state.turn}, ${game.state.phase}. Deadline: ${deadlineText(ctx, nation)}.`, ...rows].join('\n');
}

export async function historyMails(ctx: MailContext, nation: string, turn: number): Promise<{ said: string; messages: OutgoingMessage[] }> {
  if (turn >= ctx.game.state.turn) return { said: `Turn ${turn} has no results yet; the game is at turn ${ctx.game.state.turn}.`, messages: [] };
  const steps = (await ctx.deps.store.history(ctx.head.gameId)).filter((r) => r.turn === turn).map((r) => r.step);
  const keys = (await ctx.redis.hkeys(gameKeys(ctx.head.gameId).outbox)).filter((k) => steps.some((s) => new RegExp(`^report:${s}(\\.\\d+)?:${nation}$`).test(k)));
  // After a rollback a step was published again under "<step>.<n>": the newest is the one that stands.
  const latest = new Map<string, string>();
  for (const k of keys.sort(byRound)) latest.set(k.split(':')[1].split('.')[0], k);
  const messages: OutgoingMessage[] = [];
  for (const [step, key] of [...latest].sort(([a], [b]) => Number(a) - Number(b))) {
    const entry = await ctx.deps.outbox.entry(ctx.head.gameId, key);
    if (!entry) continue;
    const sent = compose(ctx.head, { key: `history:${ctx.mailId}:${step}`, to: ctx.message.address ?? '', subject: `Again: ${entry.subject}`, template: 'notice', data: { gameTitle: ctx.game.config.title, paragraphs: [] } });
    messages.push({ ...sent, text: entry.text, ...(entry.html ? { html: entry.html } : {}) });
  }
  if (!messages.length) return { said: `There are no reports of turn ${turn} for ${nationName(ctx, nation)}.`, messages };
  return { said: `Your report${messages.length > 1 ? 's' : ''} of turn ${turn} follow${messages.length > 1 ? '' : 's'} in ${messages.length > 1 ? 'separate emails' : 'a separate email'}.`, messages };
}

function byRound(a: string, b: string): number {
  const round = (k: string) => Number(k.split(':')[1].split('.')[1] ?? 0);
  return round(a) - round(b);
}
