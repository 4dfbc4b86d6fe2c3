// The channels players and GMs write by: one line each. A new channel is its folder
// (src/channels/<id>/, with an index.ts holding its MessageChannel record) and a line here.
import { Registry } from '../engine/registry.ts';
import type { MessageChannel } from '../messages/message-channel.ts';
import { email } from './email/index.ts';
import { forum } from './forum/index.ts';
import { web } from './web/index.ts';

export const channels = new Registry<MessageChannel>('channel', [email, forum, web]);

/** The channel a stored message's id belongs to; an id no channel owns is an error in the caller. */
export function channelOf(messageId: string): MessageChannel {
  const found = channels.all().find((channel) => channel.owns(messageId));
  if (!found) throw new Error(`No channel stores a message with the id "${messageId}".`);
  return found;
}
