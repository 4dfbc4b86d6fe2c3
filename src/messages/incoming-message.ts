// One message from a player or the GM, whatever it came by: an email, a post in the game's forum
// thread, a forum private message, or orders written on the nation's web page. The handlers of src/messages read only this; what is
// particular to a channel (MIME, DKIM, a thread's markup) is turned into it at the channel's edge.

/**
 * Text beyond this is not read (a 10 MB body is kept, but nobody types 16 KB of orders). It bounds
 * the order parser's synchronous work per message (bench/mail-parse.bench.ts, mail-parse-max) well
 * inside the message lease (src/messages/message-ledger.ts).
 */
export const MAX_TEXT = 16 * 1024;

/** Longer than a line of mail may be (998 characters, RFC 5322) is no subject a person typed; the rest is not read. */
export const MAX_SUBJECT = 998;

export type Channel = 'email' | 'forum-post' | 'forum-private' | 'web';

/** Who wrote it, as the channel knows them: an email address, a forum member's id and name, or the nation whose private link was used. */
export type Author = { channel: 'email'; address: string | null } | { channel: 'forum'; id: string; name: string } | { channel: 'web'; nation: string };

/** Where the answer to the author goes: in the email's thread, or as a forum private message to the member. */
export type ReplyRoute = { by: 'email' } | { by: 'forum-private'; to: string };

export interface IncomingMessage {
  channel: Channel;
  /** What answers call it, in the author's words: "email", or "message" for a forum post or private message. */
  noun: string;
  /**
   * The id its outcome is kept under, so it is acted on once: the stored email's id, or for the
   * forum "forum-post:<post id>@<version>" (an edited post is a new version, read again).
   */
  id: string;
  author: Author;
  /** The email's subject or the private message's title; empty for a thread post. */
  subject: string;
  /** The text to read, bounded (MAX_TEXT); of a thread post, only what it marks as orders. */
  text: string;
  /** When the author says they wrote it (Date:, the post's time); never trusted past the arrival. */
  sentAt: Date | null;
  /** Email threading: answers go in the thread, and a reply in a ticket's thread answers the ticket. */
  messageId: string | null;
  inReplyTo: string | null;
  references: string[];
  /** Where its text was cut, in characters, when it was too long to read whole (MAX_TEXT; a forum post's MAX_POST); null when read whole. */
  cutAt: number | null;
  /** Names of attached files, which are never read. */
  attachments: string[];
  /** The author's email address: where email answers go (for a forum member, the nation's registered address, if any). */
  address: string | null;
  reply: ReplyRoute;
}
