// The mail loop's pieces, for the processes that run them (`adjutant intake`, `adjutant worker`,
// `adjutant serve`) and the deadline reminder. docs/mail.md says how players and GMs use it.
export { startIntake, type ImapSettings, type Intake, type IntakeOptions } from './imap-intake.ts';
export { processMail, MailNotStoredError, type MessageDeps } from './process-mail.ts';
export { startOutboxSender, type OutboxSender, type OutboxSenderOptions, type SmtpSettings } from './outbox-sender.ts';
export { openTickets, type Ticket } from '../../messages/tickets.ts';
export { storedRoutes, type GameRoute } from './route-mail.ts';
export type { MessageResult, Outcome } from '../../messages/message-ledger.ts';
