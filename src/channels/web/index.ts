// The web channel: orders a player writes on their nation's private page (reached by its signed
// link), stored under "web:<uuid>" before the page answers, then read like any message.
import type { MessageChannel } from '../../messages/message-channel.ts';
import { isWebOrdersId, WebInbox } from './web-inbox.ts';
import { processWebMessage } from './web-message.ts';

export const web: MessageChannel = {
  id: 'web',
  noun: 'web orders',
  owns: isWebOrdersId,
  isStored: async (store, gameId, messageId) => (await new WebInbox(store.redis).item(gameId, messageId)) !== null,
  process: processWebMessage,
  sender: async (store, gameId, messageId) => {
    const orders = await new WebInbox(store.redis).item(gameId, messageId);
    return orders && `the web page of ${orders.nation}`;
  },
};
