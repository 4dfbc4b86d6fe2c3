// RESIGN: a player gives up their nation. The player leaves game.yaml (their address no longer
// speaks for the nation), the nation plays on as the game's missed-orders rule says, and the GM
// is told how to hand it to someone else.
import { parseDocument } from 'yaml';
import type { OutgoingMessage } from '../store/outbox.ts';
import { nationName, type MailContext } from './message-context.ts';
import { compose } from '../mail/replies.ts';

export function resign(ctx: MailContext, nation: string): { said: string; gameYaml: string; messages: OutgoingMessage[] } {
  const doc = parseDocument(ctx.game.files['game.yaml']);
  const player = ctx.game.config.nations[nation].player;
  doc.deleteIn(['nations', nation, 'player']);
  const name = nationName(ctx, nation);
  const notice = compose(ctx.head, {
    key: `resign:${ctx.mailId}`,
    to: ctx.game.config.gm.email,
    subject: `${name} resigned`,
    template: 'notice',
    data: {
      gameTitle: ctx.game.config.title,
      paragraphs: [
        `${player?.name ?? 'The player'} (${ctx.message.address}) resigned ${name}. The nation has no player now: it gets no reports, and its missed orders are handled as the game's schedule says.`,
        `To give it to a new player, send REPLACE ${nation} new.player@example.com; they get a welcome email with the nation's secret.`,
      ],
    },
  });
  return { said: `You have resigned ${name}; your GM is told.${ctx.message.channel === 'email' ? ' Emails from you no longer count for it.' : ''} Thank you for playing.`, gameYaml: doc.toString({ lineWidth: 0 }), messages: [notice] };
}
