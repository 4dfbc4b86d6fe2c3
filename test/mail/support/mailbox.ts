// Real mailboxes on the test Dovecot: send through the SMTP relay, wait for a message to land.
import { ImapFlow, type SearchObject } from 'imapflow';
import { simpleParser, type ParsedMail } from 'mailparser';
import nodemailer from 'nodemailer';
import type Mail from 'nodemailer/lib/mailer/index.js';
import { serviceEndpoints } from '../../support/services.ts';

export async function sendMail(options: Mail.Options): Promise<void> {
  const svc = serviceEndpoints();
  const transport = nodemailer.createTransport({ host: svc.smtp.host, port: svc.smtp.port, secure: false, ignoreTLS: true });
  try {
    await transport.sendMail(options);
  } finally {
    transport.close();
  }
}

export function imapClient(user: string): ImapFlow {
  const svc = serviceEndpoints();
  return new ImapFlow({ host: svc.imap.host, port: svc.imap.port, secure: false, auth: { user, pass: svc.password }, logger: false });
}

/** Polls `user`'s INBOX until `count` messages match the search, then returns them parsed. */
export async function waitForMail(user: string, search: SearchObject, options: { count?: number; timeoutMs?: number } = {}): Promise<ParsedMail[]> {
  const count = options.count ?? 1;
  const deadline = Date.now() + (options.timeoutMs ?? 15_000);
  const client = imapClient(user);
  await client.connect();
  try {
    await client.mailboxOpen('INBOX');
    for (;;) {
      await client.noop();
      const uids = (await client.search(search, { uid: true })) || [];
      if (uids.length >= count) {
        const messages = await client.fetchAll(uids.join(','), { uid: true, source: true }, { uid: true });
        return Promise.all(messages.map((m) => simpleParser(m.source!)));
      }
      if (Date.now() > deadline) throw new Error(`only ${uids.length} of ${count} messages matching ${JSON.stringify(search)} reached ${user} in time`);
      await new Promise((r) => setTimeout(r, 100));
    }
  } finally {
    await client.logout().catch(() => undefined);
  }
}

/** How many messages in `user`'s `folder` match the search. */
export async function countMail(user: string, folder: string, search: SearchObject): Promise<number> {
  const client = imapClient(user);
  await client.connect();
  try {
    await client.mailboxOpen(folder);
    return ((await client.search(search, { uid: true })) || []).length;
  } finally {
    await client.logout().catch(() => undefined);
  }
}

/** The Message-IDs of the messages in `user`'s `folder` that match the search, one per message. */
export async function messageIds(user: string, folder: string, search: SearchObject): Promise<string[]> {
  const client = imapClient(user);
  await client.connect();
  try {
    await client.mailboxOpen(folder);
    const uids = (await client.search(search, { uid: true })) || [];
    if (!uids.length) return [];
    const ids: string[] = [];
    for await (const message of client.fetch(uids.join(','), { envelope: true }, { uid: true })) ids.push(message.envelope?.messageId ?? '');
    return ids;
  } finally {
    await client.logout().catch(() => undefined);
  }
}

/** Deletes the messages of `user`'s folder that match (a test's leftovers), or the whole folder. */
export async function purgeMail(user: string, folder: string, search: SearchObject | 'folder'): Promise<void> {
  const client = imapClient(user);
  await client.connect();
  try {
    if (search === 'folder') await client.mailboxDelete(folder).catch(() => undefined);
    else {
      await client.mailboxOpen(folder);
      const uids = (await client.search(search, { uid: true })) || [];
      if (uids.length) await client.messageDelete(uids.join(','), { uid: true });
    }
  } finally {
    await client.logout().catch(() => undefined);
  }
}

/** The answers in the players' inboxes to emails with subject "[game] orders <n>": n -> the Message-ID of each copy. */
export async function answersByNumber(gameId: string, players: readonly string[]): Promise<Map<number, string[]>> {
  const found = new Map<number, string[]>();
  for (const player of players) {
    const client = imapClient(`${player}@adjutant.test`);
    await client.connect();
    try {
      await client.mailboxOpen('INBOX');
      const uids = (await client.search({ subject: `[${gameId}] Re: orders` }, { uid: true })) || [];
      if (!uids.length) continue;
      for (const msg of await client.fetchAll(uids.join(','), { uid: true, envelope: true }, { uid: true })) {
        const n = Number(/Re: orders (\d+)$/.exec(msg.envelope?.subject ?? '')?.[1]);
        found.set(n, [...(found.get(n) ?? []), msg.envelope?.messageId ?? '']);
      }
    } finally {
      await client.logout().catch(() => undefined);
    }
  }
  return found;
}
