// RESIGN: a player gives up their nation. The player leaves game.yaml (neither their address nor
// their forum account speaks for the nation any more), the nation plays on as the game's missed-orders rule says, and the GM
// is told how to hand it to someone else.
import { parseDocument } from 'yaml';
import { removePlayer } from '../game/player-entries.ts';
import type { OutgoingMessage } from '../store/outbox.ts';
import { nationName, type MessageContext } from './message-context.ts';
import { compose } from './replies.ts';

export function resign(ctx: MessageContext, nation: string): { said: string; gameYaml: string; messages: OutgoingMessage[] } {
  const doc = parseDocument(ctx.game.files['game.yaml']);
  const player = ctx.game.config.nations[nation].player;
  removePlayer(doc, ctx.game.config, nation);
  const who = ctx.message.author.label;
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
