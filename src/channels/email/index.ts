// The email channel: mail taken from the game's IMAP mailbox, stored raw under the SHA-256 of its
// bytes (its id), read with mailparser and answered by SMTP from the outbox (email-services.ts).
import type { MessageChannel } from '../../messages/message-channel.ts';
import { emailServices } from './email-services.ts';
import { mailCommands } from './mail-commands.ts';
import { processMail } from './process-mail.ts';
import { readMail } from './read-mail.ts';

const SHA256 = /^[0-9a-f]{64}$/;

export const email: MessageChannel = {
  id: 'email',
  noun: 'email',
  owns: (messageId) => SHA256.test(messageId),
  isStored: (store, gameId, messageId) => store.hasMail(gameId, messageId),
  process: processMail,
  sender: async (store, gameId, messageId) => {
    const raw = await store.mail(gameId, messageId);
    return raw ? (await readMail(raw)).from : null;
  },
  services: emailServices,
  commands: mailCommands,
};
