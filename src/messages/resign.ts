// RESIGN: a player gives up their nation. The player leaves game.yaml (neither their address nor
// their forum account speaks for the nation any more), the nation plays on as the game's missed-orders rule says, and the GM
// is told how to hand it to someone else.
import { parseDocument } from 'yaml';
import type { OutgoingMessage } from '../store/outbox.ts';
import { nationName, type MessageContext } from './message-context.ts';
import { compose } from './replies.ts';

export function resign(ctx: MessageContext, nation: string): { said: string; gameYaml: string; messages: OutgoingMessage[] } {
  const doc = parseDocument(ctx.game.files['game.yaml']);
  const player = ctx.game.config.nations[nation].player;
  doc.deleteIn(['nations', nation, 'player']);
  for (const [member, of] of Object.entries(ctx.game.config.forum?.players ?? {})) if (of === nation) doc.deleteIn(['forum', 'players', member]);
  const author = ctx.message.author;
  const who = author.channel === 'forum' ? `forum member ${author.name}` : author.channel === 'web' ? "by the nation's web page" : ctx.message.address;
  const name = nationName(ctx, nation);
  const notice = compose(ctx.head, {
    key: `resign:${ctx.messageId}`,
    to: ctx.game.config.gm.email,
    subject: `${name} resigned`,
    template: 'notice',
    data: {
      gameTitle: ctx.game.config.title,
      paragraphs: [
        `${player?.name ?? 'The player'} (${who}) resigned ${name}. The nation has no player now: it gets no reports, and its missed orders are handled as the game's schedule says.`,
        `To give it to a new player, send REPLACE ${nation} new.player@example.com; they get a welcome email with the nation's secret.`,
      ],
    },
  });
  return {
    said: `You have resigned ${name}; your GM is told. Your ${ctx.message.noun}s no longer count for it. Thank you for playing.`,
    gameYaml: doc.toString({ lineWidth: 0 }),
    messages: [notice],
  };
}
