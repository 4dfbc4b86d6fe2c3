// Proves the mail loop the game relies on: SMTP relay -> dovecot-lda -> IMAP.
import { randomUUID } from 'node:crypto';
import { ImapFlow } from 'imapflow';
import { simpleParser } from 'mailparser';
import nodemailer, { type Transporter } from 'nodemailer';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mailAddress, requireServices, type ServiceEndpoints } from '../support/services.js';

let svc: ServiceEndpoints;
let transport: Transporter;

beforeAll(async () => {
  svc = await requireServices(['smtp', 'imap']);
  transport = nodemailer.createTransport({
    host: svc.smtp.host,
    port: svc.smtp.port,
    secure: false,
    ignoreTLS: true,
  });
});

afterAll(() => {
  transport?.close();
});

/** Polls one mailbox until a message with this subject shows up, then returns its raw source. */
async function fetchBySubject(user: string, subject: string, timeoutMs = 5000): Promise<Buffer> {
  const client = new ImapFlow({
    host: svc.imap.host,
    port: svc.imap.port,
    secure: false,
    auth: { user, pass: svc.password },
    logger: false,
  });
  await client.connect();
  try {
    await client.mailboxOpen('INBOX');
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      // NOOP makes Dovecot report mail delivered since the mailbox was opened.
      await client.noop();
      const uids = await client.search({ subject }, { uid: true });
      if (uids && uids.length > 0) {
        const msg = await client.fetchOne(String(uids[0]), { source: true }, { uid: true });
        if (msg && msg.source) return msg.source;
      }
      if (Date.now() > deadline) throw new Error(`no message "${subject}" in ${user}'s INBOX after ${timeoutMs}ms`);
      await new Promise((r) => setTimeout(r, 200));
    }
  } finally {
    await client.logout();
  }
}

describe('mail services', () => {
  it('delivers a message sent through the SMTP relay to the IMAP inbox', async () => {
    const subject = `Turn 1 orders ${randomUUID()}`;
    const info = await transport.sendMail({
      from: mailAddress('gm', svc),
      to: mailAddress('player1', svc),
      subject,
      text: 'A Par - Bur\nF Brest - Mid-Atlantic Ocean\n',
    });
    expect(info.accepted).toEqual([mailAddress('player1', svc)]);

    const parsed = await simpleParser(await fetchBySubject(mailAddress('player1', svc), subject));
    expect(parsed.subject).toBe(subject);
    expect(parsed.from?.text).toContain(mailAddress('gm', svc));
    expect(parsed.text).toContain('A Par - Bur');
    expect(parsed.text).toContain('F Brest - Mid-Atlantic Ocean');
  });

  it('rejects an unknown user of the test domain with 550', async () => {
    const send = transport.sendMail({
      from: mailAddress('gm', svc),
      to: mailAddress('nobody', svc),
      subject: 'lost',
      text: 'should bounce',
    });
    await expect(send).rejects.toThrow(/550.*no such user nobody@/);
  });

  it('refuses to relay outside the test domain', async () => {
    const send = transport.sendMail({
      from: mailAddress('gm', svc),
      to: 'someone@example.com',
      subject: 'relay',
      text: 'should be refused',
    });
    await expect(send).rejects.toThrow(/550.*relaying denied/);
  });

  it('still delivers to the known recipients when one recipient is unknown', async () => {
    const subject = `Mixed ${randomUUID()}`;
    const info = await transport.sendMail({
      from: mailAddress('game', svc),
      to: [mailAddress('player2', svc), mailAddress('ghost', svc)],
      subject,
      text: 'press release',
    });
    expect(info.accepted).toEqual([mailAddress('player2', svc)]);
    expect(info.rejected).toEqual([mailAddress('ghost', svc)]);
    const parsed = await simpleParser(await fetchBySubject(mailAddress('player2', svc), subject));
    expect(parsed.text).toContain('press release');
  });
});
