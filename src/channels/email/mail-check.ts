// `adjutant mail test`: logs in to the mailbox as the service would, looks for the folder it
// watches, and sends the GM a test mail through the SMTP server. Each check ends in one sentence;
// the first failure says what is wrong and where.
import { ImapFlow } from 'imapflow';
import nodemailer from 'nodemailer';
import { loopMarker } from '../../messages/replies.ts';
import { imapAuth, smtpAuth, type MailLogin } from './mail-login.ts';
import type { TokenSource } from './oauth2.ts';

export interface MailCheckSettings {
  imap: MailLogin & { host: string; port: number; secure: boolean; mailbox: string };
  smtp: { host: string; port: number; secure: boolean; auth?: { user: string; pass: string } };
  tokens?: TokenSource;
  from: string;
  /** Where the test mail goes (the GM); without it the sending check fails and says how to give one. */
  to?: string;
  timeoutMs?: number;
}

export interface Check {
  name: 'oauth2' | 'imap' | 'folder' | 'smtp' | 'send';
  ok: boolean;
  text: string;
}

export async function checkMail(s: MailCheckSettings): Promise<Check[]> {
  const checks: Check[] = [];
  const add = (name: Check['name'], ok: boolean, text: string) => (checks.push({ name, ok, text }), ok);
  if (s.tokens) {
    try {
      const t = await s.tokens.token();
      add('oauth2', true, `Got an OAuth2 access token, valid until ${new Date(t.expires).toISOString()}.`);
    } catch (e) {
      add('oauth2', false, `${sentence((e as Error).message)}`);
      return checks;
    }
  }
  await checkImap(s, add);
  await checkSmtp(s, add);
  return checks;
}

type Add = (name: Check['name'], ok: boolean, text: string) => boolean;

async function checkImap(s: MailCheckSettings, add: Add): Promise<void> {
  const { host, port, secure, user, mailbox } = s.imap;
  const timeout = s.timeoutMs ?? 10_000;
  const imap = new ImapFlow({
    host,
    port,
    secure,
    auth: await imapAuth({ ...s.imap, tokens: s.tokens }),
    logger: false,
    connectionTimeout: timeout,
    greetingTimeout: timeout,
    socketTimeout: timeout * 3,
  });
  imap.on('error', () => undefined); // the awaited call below reports it
  try {
    await imap.connect();
    add('imap', true, `Logged in to IMAP at ${host}:${port} as ${user}${s.tokens ? ' with OAuth2' : ''}.`);
  } catch (e) {
    add('imap', false, imapProblem(e, s));
    return;
  }
  try {
    const folders = await imap.list();
    const found = folders.find((f) => f.path.toLowerCase() === mailbox.toLowerCase());
    if (!found) {
      add(
        'folder',
        false,
        `There is no folder "${mailbox}" in ${user}'s mailbox; set ADJUTANT_IMAP_MAILBOX to one of ${folders
          .map((f) => f.path)
          .slice(0, 12)
          .join(', ')}.`,
      );
      return;
    }
    const status = await imap.status(found.path, { messages: true, unseen: true });
    add(
      'folder',
      true,
      `The folder "${found.path}" holds ${status ? status.messages : 0} emails (${status ? status.unseen : 0} unread); Adjutant moves each one it has read to "Processed".`,
    );
  } finally {
    await imap.logout().catch(() => undefined);
  }
}

async function checkSmtp(s: MailCheckSettings, add: Add): Promise<void> {
  const { host, port, secure } = s.smtp;
  const timeout = s.timeoutMs ?? 10_000;
  const transport = nodemailer.createTransport({
    host,
    port,
    secure,
    auth: smtpAuth(s.smtp.auth, s.tokens),
    ignoreTLS: !secure && port !== 587,
    connectionTimeout: timeout,
    greetingTimeout: timeout,
    socketTimeout: timeout * 3,
  });
  try {
    await transport.verify();
    add('smtp', true, `Connected to SMTP at ${host}:${port}${s.smtp.auth ? ` and logged in as ${s.smtp.auth.user}` : ' (no login)'}.`);
  } catch (e) {
    add('smtp', false, smtpProblem(e, s));
    transport.close();
    return;
  }
  if (!s.to) {
    add('send', false, "No test mail was sent: give the GM's address with --to or ADJUTANT_GM_EMAIL.");
    transport.close();
    return;
  }
  try {
    const info = await transport.sendMail({
      from: s.from,
      to: s.to,
      subject: 'Adjutant mail test',
      text: `This is a test mail from Adjutant, sent through ${host}:${port} from ${s.from}.\nIf it reached you, players' confirmations and reports will too. No need to answer.\n`,
      headers: { 'Auto-Submitted': 'auto-generated', 'X-Loop': loopMarker(s.from.slice(s.from.indexOf('@') + 1)) },
    });
    add('send', true, `Sent a test mail to ${s.to} (${info.response.split('\n')[0].slice(0, 120)}); check that it arrived, and not in spam.`);
  } catch (e) {
    add('send', false, `The SMTP server at ${host}:${port} did not take the test mail to ${s.to}: ${sentence(firstLine(e))}`);
  } finally {
    transport.close();
  }
}

const NETWORK: Record<string, string> = {
  ECONNREFUSED: 'connection refused',
  ENOTFOUND: 'no such host',
  ETIMEDOUT: 'no answer in time',
  ECONNRESET: 'the connection was reset',
  EHOSTUNREACH: 'the host is unreachable',
};

function imapProblem(e: unknown, s: MailCheckSettings): string {
  const err = e as Error & { code?: string; authenticationFailed?: boolean; responseText?: string };
  const { host, port, user, secure } = s.imap;
  if (err.authenticationFailed)
    return `IMAP at ${host}:${port} refused the login of ${user}${err.responseText ? ` ("${err.responseText}")` : ''}: check the ${s.tokens ? 'OAuth2 client and its scopes' : 'password (an app password for Gmail, Outlook or Fastmail)'}.`;
  if (err.code && NETWORK[err.code]) return `Cannot reach IMAP at ${host}:${port}: ${NETWORK[err.code]}.`;
  if (/certificate|ssl|tls|wrong version/i.test(err.message))
    return `IMAP at ${host}:${port} failed to start TLS (${firstLine(err)}): port 993 wants ADJUTANT_IMAP_SECURE=yes, port 143 wants no.`;
  return `IMAP at ${host}:${port} failed${secure ? ' (TLS)' : ''}: ${sentence(firstLine(err))}`;
}

function smtpProblem(e: unknown, s: MailCheckSettings): string {
  const err = e as Error & { code?: string; response?: string };
  const { host, port } = s.smtp;
  if (err.code === 'EAUTH') return `SMTP at ${host}:${port} refused the login of ${s.smtp.auth?.user}: ${sentence(firstLine(err))}`;
  const cause = /\b(E[A-Z]{4,})\b/.exec(err.message)?.[1];
  if (cause && NETWORK[cause]) return `Cannot reach SMTP at ${host}:${port}: ${NETWORK[cause]}.`;
  if (/certificate|ssl|tls|wrong version/i.test(err.message))
    return `SMTP at ${host}:${port} failed to start TLS (${firstLine(err)}): port 465 wants ADJUTANT_SMTP_SECURE=yes, 587 and 25 want no.`;
  return `SMTP at ${host}:${port} failed: ${sentence(firstLine(err))}`;
}

function firstLine(e: unknown): string {
  return String((e as Error)?.message ?? e)
    .split('\n')[0]
    .slice(0, 200);
}

function sentence(text: string): string {
  return /[.!?]$/.test(text) ? text : `${text}.`;
}
