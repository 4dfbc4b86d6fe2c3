// How Adjutant logs in to the game's mailbox: a password, or OAuth2 access tokens (XOAUTH2) from
// one TokenSource shared by IMAP and SMTP. The intake, the outbox sender and `adjutant mail test`
// all log in through here, so a configuration that passes the test is the one the service uses.
import { smtpOAuth2, TokenSource, type OAuth2Settings } from './oauth2.ts';

export interface MailLogin {
  user: string;
  pass: string;
  tokens?: TokenSource;
}

export type SmtpAuth = { user: string; pass: string } | ReturnType<typeof smtpOAuth2>;

export async function imapAuth(login: MailLogin, renew = false): Promise<{ user: string; pass: string } | { user: string; accessToken: string }> {
  if (!login.tokens) return { user: login.user, pass: login.pass };
  return { user: login.user, accessToken: (await login.tokens.token(renew)).accessToken };
}

export function smtpAuth(auth: { user: string; pass: string } | undefined, tokens: TokenSource | undefined): SmtpAuth | undefined {
  if (tokens && auth) return smtpOAuth2(auth.user, tokens);
  return auth;
}

/** True when the IMAP server refused the login (imapflow marks such errors). */
export function isAuthFailure(e: unknown): boolean {
  return !!(e as { authenticationFailed?: boolean } | null)?.authenticationFailed;
}

export function tokenSource(settings: OAuth2Settings | undefined): TokenSource | undefined {
  return settings ? new TokenSource(settings) : undefined;
}
