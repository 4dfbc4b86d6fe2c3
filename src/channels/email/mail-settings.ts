// The email channel's section of the service's settings (ADJUTANT_MAIL_*, ADJUTANT_IMAP_*,
// ADJUTANT_SMTP_*, ADJUTANT_OAUTH2_*, read by jobs/service-config.ts): the game's mailbox, how mail
// is sent, and how both log in. Added to the settings the channels read by declaration merging.
import type { OAuth2Settings } from './oauth2.ts';
import type { SendRate } from './outbox-sender.ts';

export interface MailSettings {
  domain: string;
  /** The address Adjutant writes from when a game names no mailbox. */
  from: string;
  imap: { host: string; port: number; secure: boolean; user: string; pass: string; mailbox: string };
  /** Mail for no game here: 'answer' it, or 'leave' it in the mailbox for another intake. */
  unrouted: 'answer' | 'leave';
  /** The games this intake serves (all stored games when absent), so several intakes can share a mailbox. */
  games?: string[];
  smtp: { host: string; port: number; secure: boolean; auth?: { user: string; pass: string } };
  /** The most messages sent per period (the provider's limit, or below it); none when absent. */
  sendRate?: SendRate;
  /** With OAuth2, IMAP and SMTP log in with access tokens got from this refresh token, not passwords. */
  oauth2?: OAuth2Settings;
  /** Where `adjutant mail test` sends its test mail: the GM's address. */
  gm?: string;
}

declare module '../../messages/channel-services.ts' {
  interface ChannelSettings {
    mail: MailSettings;
  }
}
