// Every message the mail loop sends is built here: rendered from templates/mail/ (a game folder
// may override any of them), threaded to the email it answers, marked as automatic so other
// robots do not answer it, and with every secret of the game blotted out.
import { subjectTag, taggedSubject } from '../game/subject-tag.ts';
import type { Templates } from '../render/templates.ts';
import type { OutgoingMessage } from '../store/outbox.ts';
import type { IncomingMessage } from './incoming-message.ts';
import { carriesSecret, redactSecrets } from './secret.ts';

/** The X-Loop value on everything Adjutant sends; a message carrying it came from us. */
export function loopMarker(domain: string): string {
  return `adjutant@${domain}`;
}

export interface Letterhead {
  gameId: string;
  /** The game's address (its `mailbox`, else the intake's). */
  from: string;
  templates: Templates;
  /** Every secret of the game: none may leave in a reply, even quoted. */
  secrets: string[];
  /** The "[game-id]" tag subjects carry so answers route back; empty for mail that routes nowhere. */
  tag: string;
}

/** The subject without "Re:"/"Fwd:" prefixes and game tags, for quoting and for commands in the subject. */
export function bareSubject(subject: string): string {
  return subject
    .replace(/^(\s*(re|fwd?|aw|wg|sv|tr|r|rif)\s*(\[\d+\])?\s*:\s*)+/i, '')
    .replace(/\[[a-z0-9][a-z0-9_-]*\]\s*/gi, '')
    .trim();
}

export function subjectFor(head: Letterhead, subject: string): string {
  const tagged = head.tag && !subject.toLowerCase().includes(subjectTag(head.tag)) ? taggedSubject(head.tag, subject) : subject;
  return redactSecrets(tagged, head.secrets);
}

export interface MessageSpec {
  key: string;
  to: string;
  subject: string;
  template: string;
  data: Record<string, unknown>;
  /** The email this answers, for threading. */
  inReplyTo?: { messageId: string | null; references: string[] };
}

export function compose(head: Letterhead, spec: MessageSpec): OutgoingMessage {
  const text = redactSecrets(head.templates.render(`mail/${spec.template}.txt.hbs`, spec.data), head.secrets)
    .replace(/\n{3,}/g, '\n\n')
    .trim();
  const message: OutgoingMessage = {
    key: spec.key,
    from: head.from,
    to: [spec.to],
    subject: subjectFor(head, spec.subject),
    text: `${text}\n`,
    headers: { 'Auto-Submitted': 'auto-replied', 'X-Loop': loopMarker(head.from.slice(head.from.indexOf('@') + 1)) },
  };
  // A Message-ID is written by the sender's mail client, or by the sender: one holding a secret is
  // left out of the thread rather than echoed back.
  const clean = (id: string) => !head.secrets.some((secret) => carriesSecret(id, secret));
  const thread = spec.inReplyTo;
  if (thread?.messageId && clean(thread.messageId)) {
    message.inReplyTo = thread.messageId;
    message.references = [...thread.references.filter((r) => r !== thread.messageId && clean(r)), thread.messageId];
  } else if (thread?.references.some(clean)) message.references = thread.references.filter(clean);
  return message;
}

type Answered = Pick<IncomingMessage, 'subject' | 'messageId' | 'references'> & Partial<Pick<IncomingMessage, 'channel' | 'untitled'>>;

/**
 * An answer to a message, to its sender, in its thread, with "Re:" and the game's tag. Its template
 * also gets the way the message came (`channel`, and a flag named by its part before the first
 * "-": `forum` for "forum-post"), so it speaks of the way the sender wrote. A message of no
 * channel is the GM's own, by mail.
 */
export function answer(head: Letterhead, mail: Answered, to: string, key: string, template: string, data: Record<string, unknown>): OutgoingMessage {
  return compose(head, answerSpec(mail, to, key, template, data));
}

/** What `answer` writes, before it is written (a reply that waits for its commands' effects). */
export function answerSpec(mail: Answered, to: string, key: string, template: string, data: Record<string, unknown>): MessageSpec {
  const subject = bareSubject(mail.subject) || (mail.untitled ?? 'your email');
  return {
    key,
    to,
    subject: `Re: ${subject}`,
    template,
    data: { ...(mail.channel && { channel: mail.channel, [mail.channel.split('-')[0]]: true }), ...data },
    inReplyTo: { messageId: mail.messageId, references: mail.references },
  };
}
