// Mail written by a machine: auto-replies, bounces, mailing lists, and our own messages coming back.
// Such mail is kept but never answered, so two robots cannot answer each other for ever.
import type { IncomingMail } from './read-mail.ts';

const ROBOT_SENDERS = /^(mailer-daemon|postmaster|no-?reply|do-?not-?reply|bounces?|listserv|majordomo)([+-].*)?@/i;
const ROBOT_SUBJECTS =
  /^(auto(matic)?[ -]?reply|out of (the )?office|abwesenheitsnotiz|r[ée]ponse automatique|undeliver(able|ed)|delivery status notification|mail delivery (failed|failure|system)|returned mail)\b/i;

/** Why this mail was sent by a machine, or null when a person wrote it. */
export function automaticReason(mail: IncomingMail): string | null {
  const h = (name: string) => mail.headers[name] ?? [];
  const autoSubmitted = h('auto-submitted').find((v) => !/^no\b/i.test(v));
  if (autoSubmitted) return `it is marked Auto-Submitted: ${autoSubmitted}`;
  if (h('x-loop').length) return `it carries an X-Loop header (${h('x-loop')[0]})`;
  const precedence = h('precedence').find((v) => /^(bulk|junk|list|auto_reply)\b/i.test(v));
  if (precedence) return `it is marked Precedence: ${precedence}`;
  if (h('x-autoreply').length || h('x-autorespond').length) return 'it is marked as an auto-reply';
  if (h('list-id').length) return 'it came through a mailing list';
  if (h('return-path').some((v) => /^<\s*>$/.test(v.trim()))) return 'it has an empty return path (a bounce)';
  if (h('content-type').some((v) => /multipart\/report/i.test(v))) return 'it is a delivery report';
  if (mail.from && ROBOT_SENDERS.test(mail.from)) return `it comes from ${mail.from}`;
  if (ROBOT_SUBJECTS.test(mail.subject)) return `its subject says it is automatic ("${mail.subject.slice(0, 60)}")`;
  return null;
}
