// LIST and HISTORY: what a player may ask about the game. LIST is the public state (nations,
// their players' names, provinces and units) and the deadline; HISTORY sends again the nation's
// own reports of an earlier turn, word for word as they went out, so it shows nothing new.
import { counted } from '../engine/index.ts';
import type { OutgoingMessage } from '../store/outbox.ts';
import { deadlineText, nationName, type MessageContext } from './message-context.ts';
import { compose } from './replies.ts';

export function listText(ctx: MessageContext, nation: string): string {
  const { game } = ctx;
  const view = game.ruleset.publicView(game.ctx, game.state, []);
  const rows = view.nations.map((n) => {
    const player = game.config.nations[n.id]?.player?.name;
    return `  ${n.name} (${n.id}${n.id === nation ? ', you' : ''}): ${player ? `played by ${player}` : 'no player'}; ${counted(n.provinces, 'province')}, ${counted(n.units, 'unit')}`;
  });
  return [`${game.config.title} (${game.config.ruleset}): turn ${game.state.turn}, ${game.state.phase}. Deadline: ${deadlineText(ctx, nation)}.`, ...rows].join(
    '\n',
  );
}

export function historyMails(ctx: MessageContext, nation: string, turn: number): { said: string; messages: OutgoingMessage[] } {
  if (turn >= ctx.game.state.turn) return { said: `Turn ${turn} has no results yet; the game is at turn ${ctx.game.state.turn}.`, messages: [] };
  const messages = (ctx.snapshot.extras.reports?.[`${nation}:${turn}`] ?? []).map((report) => {
    const sent = compose(ctx.head, {
      key: `history:${ctx.messageId}:${report.step}`,
      to: ctx.message.address ?? '',
      subject: `Again: ${report.subject}`,
      template: 'notice',
      data: { gameTitle: ctx.game.config.title, paragraphs: [] },
    });
    return { ...sent, text: report.text, ...(report.html ? { html: report.html } : {}) };
  });
  if (!messages.length) return { said: `There are no reports of turn ${turn} for ${nationName(ctx, nation)}.`, messages };
  return {
    said: `Your report${messages.length > 1 ? 's' : ''} of turn ${turn} follow${messages.length > 1 ? '' : 's'} in ${messages.length > 1 ? 'separate emails' : 'a separate email'}.`,
    messages,
  };
}
