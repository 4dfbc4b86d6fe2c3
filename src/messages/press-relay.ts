// Relaying PRESS: one message per recipient nation's player, and a copy to the GM, each recorded
// in the outbox under a key naming the email and the recipient, so a retry relays nothing twice.
// Anonymous press carries nothing of the sender: the game's address writes it, the text is theirs.
// What was relayed is also kept (with the message's commit) for the nations' and the game's pages.
import { mailSettings } from '../game/game-file.ts';
import type { OutgoingMessage } from '../store/outbox.ts';
import type { StoredPress } from '../store/stored-press.ts';
import { nationName, type MessageContext } from './message-context.ts';
import type { PressCommand } from './press-command.ts';
import { compose } from './replies.ts';

export function relayPress(
  ctx: MessageContext,
  sender: string,
  press: PressCommand,
  index: number,
): { said: string; messages: OutgoingMessage[]; press?: StoredPress } {
  const policy = mailSettings(ctx.game.config).press;
  if (policy === 'off') return { said: 'Not sent: this game has no press.', messages: [] };
  if (press.anonymous && policy !== 'grey') return { said: 'Not sent: press in this game is always signed; send it again without ANON.', messages: [] };
  const nations = Object.keys(ctx.game.config.nations).filter((n) => n !== sender);
  const to = press.to === 'all' ? nations : press.to.filter((n) => n !== sender);
  const reached = to.filter((n) => ctx.game.config.nations[n]?.player);
  if (!reached.length) return { said: 'Not sent: none of those nations has a player.', messages: [] };
  const recipients = press.to === 'all' ? 'every nation' : to.map((n) => nationName(ctx, n)).join(', ');
  const data = { gameTitle: ctx.game.config.title, senderName: nationName(ctx, sender), anonymous: press.anonymous, recipients, text: press.text };
  const subject = press.anonymous ? 'Anonymous press' : `Press from ${nationName(ctx, sender)}`;
  const key = (who: string) => `press:${ctx.messageId}:${index}:${who}`;
  const messages = reached.map((n) => compose(ctx.head, { key: key(n), to: ctx.game.config.nations[n].player!.email, subject, template: 'press', data }));
  messages.push(
    compose(ctx.head, { key: key('gm'), to: ctx.game.config.gm.email, subject: `${subject} (copy)`, template: 'press', data: { ...data, gmCopy: true } }),
  );
  const skipped = to.length - reached.length;
  const kept: StoredPress = {
    id: `${ctx.messageId}:${index}`,
    at: ctx.received.toISOString(),
    from: sender,
    to: reached,
    everyone: press.to === 'all',
    anonymous: press.anonymous,
    recipients,
    text: press.text,
  };
  return {
    said: `Sent${press.anonymous ? ' anonymously' : ''} to ${reached.map((n) => nationName(ctx, n)).join(', ')}${skipped ? ` (${skipped} nation${skipped > 1 ? 's have' : ' has'} no player)` : ''}; the GM gets a copy.`,
    messages,
    press: kept,
  };
}
