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

/** Who wrote it, as its channel knows them: `id` is their identity there (an address, a member's id), `label` how the GM is told of them. */
export interface Author {
  id: string | null;
  label: string;
}

/**
 * Where the answers to the author go when not in the game's mail: a channel's private message to
 * the member `to` (the channel's own name for them). The channel that takes a message in decides it.
 */
export interface ReplyRoute {
  /** The id of the channel that delivers it (a record of src/channels/index.ts). */
  channel: string;
  to: string;
}

export interface IncomingMessage {
  /**
   * How it came, in its channel's own words (the channel's id, or a kind of it: "forum-post"). The
   * handlers never look at it; the reply templates get it, and a flag named by its part before the
   * first "-" ({{#if forum}}), to speak of the way the author wrote.
   */
  channel: string;
  /** What answers call it, in the author's words: "email", or "message" for a forum post or private message. */
  noun: string;
  /** What an answer's subject calls it when it had none: "your email", "your forum post". */
  untitled: string;
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
  /**
   * Set when the author took back what they wrote (a post deleted from the thread): the messages
   * whose ids start with `idPrefix` (every version of the post) no longer give orders; `what` names
   * it for the author ("Your post in the game thread"). Its text is empty.
   */
  withdraws?: { idPrefix: string; what: string };
  /** Where answers to the author go; null: by mail, to `address`. */
  reply: ReplyRoute | null;
}
