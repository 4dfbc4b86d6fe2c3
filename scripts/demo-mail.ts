// The demo's players and GM at their mail clients (sending over SMTP, reading their IMAP inboxes on
// the local services), waiting for something to happen, and telling the watcher what happened.
import { ImapFlow } from 'imapflow';
import { simpleParser, type ParsedMail } from 'mailparser';
import nodemailer, { type SendMailOptions } from 'nodemailer';

const env = process.env;
export const domain = env.ADJUTANT_MAIL_DOMAIN ?? 'adjutant.test';
export const password = env.ADJUTANT_MAIL_PASSWORD ?? 'secret';
export const say = (line: string) => console.log(`demo: ${line}`);
export const imapAddress = `${env.ADJUTANT_IMAP_HOST ?? '127.0.0.1'}:${env.ADJUTANT_IMAP_PORT ?? 10143}`;

export async function sendMail(message: SendMailOptions): Promise<void> {
  const transport = nodemailer.createTransport({
    host: env.ADJUTANT_SMTP_HOST ?? '127.0.0.1',
    port: Number(env.ADJUTANT_SMTP_PORT ?? 10025),
    secure: false,
    ignoreTLS: true,
  });
  try {
    await transport.sendMail(message);
  } finally {
    transport.close();
  }
}

/** The messages in the user's inbox whose subject contains `subject`. */
export async function mailIn(user: string, subject: string): Promise<ParsedMail[]> {
  const client = new ImapFlow({
    host: env.ADJUTANT_IMAP_HOST ?? '127.0.0.1',
    port: Number(env.ADJUTANT_IMAP_PORT ?? 10143),
    secure: false,
    auth: { user: `${user}@${domain}`, pass: password },
    logger: false,
  });
  await client.connect();
  try {
    await client.mailboxOpen('INBOX');
    const uids = (await client.search({ subject }, { uid: true })) || [];
    if (!uids.length) return [];
    const messages = await client.fetchAll(uids.join(','), { source: true }, { uid: true });
    return await Promise.all(messages.map((m) => simpleParser(m.source!)));
  } finally {
    await client.logout().catch(() => undefined);
  }
}

export async function waitForMail(user: string, subject: string, timeoutMs: number): Promise<ParsedMail[]> {
  let found: ParsedMail[] = [];
  await waitUntil(`mail "${subject}" for ${user}`, async () => (found = await mailIn(user, subject)).length > 0, timeoutMs);
  return found;
}

export async function waitUntil(what: string, check: () => Promise<boolean>, timeoutMs: number): Promise<void> {
  const until = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > until) throw new Error(`gave up waiting for ${what} after ${timeoutMs / 1000} s`);
    await new Promise((r) => setTimeout(r, 250));
  }
}

/** The first lines of a message above its signature, shortened, to print. */
export function firstLines(text: string, count: number): string {
  const body = text.split('\n').map((l) => l.trim());
  const signature = body.findIndex((l) => l.startsWith('-- '));
  return body
    .slice(0, signature < 0 ? undefined : signature)
    .filter(Boolean)
    .slice(0, count)
    .map((l) => l.slice(0, 100))
    .join(' / ');
}
