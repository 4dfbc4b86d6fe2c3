// OAuth2 (XOAUTH2 / OAUTHBEARER) logins with token refresh: against the real test Dovecot, which
// checks each access token with the local provider, and an SMTP server (smtp-server, as the test
// relay) that accepts only the provider's live tokens.
import { createServer } from 'node:net';
import { ImapFlow } from 'imapflow';
import nodemailer from 'nodemailer';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import pino from 'pino';
import { startIntake } from '../../src/channels/email/imap-intake.ts';
import { checkMail } from '../../src/channels/email/mail-check.ts';
import { GameStore } from '../../src/store/game-store.ts';
import { connectRedis } from '../../src/store/redis.ts';
import { imapAuth, isAuthFailure } from '../../src/channels/email/mail-login.ts';
import { OAuth2Error, smtpOAuth2, TokenSource } from '../../src/channels/email/oauth2.ts';
import { requireServices, type ServiceEndpoints } from '../support/services.ts';
import { CLIENT, startOAuth2Provider, type OAuth2Provider } from './support/oauth2-provider.ts';

let svc: ServiceEndpoints;
let provider: OAuth2Provider;
let user: string;

beforeAll(async () => {
  svc = await requireServices(['imap', 'smtp']);
  user = `game@${svc.domain}`;
  provider = await startOAuth2Provider({ 'refresh-1': user, 'refresh-p12': `player12@${svc.domain}` });
});
afterAll(() => provider?.close());

const settings = () => ({ tokenUrl: provider.tokenUrl, ...CLIENT, refreshToken: 'refresh-1' });

/** A loopback port nothing listens on. */
async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
  const port = (server.address() as { port: number }).port;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

async function imapLogin(login: Awaited<ReturnType<typeof imapAuth>>): Promise<true | Error> {
  const imap = new ImapFlow({ host: svc.imap.host, port: svc.imap.port, secure: false, auth: login, logger: false });
  imap.on('error', () => undefined);
  try {
    await imap.connect();
    await imap.logout();
    return true;
  } catch (e) {
    imap.close();
    return e as Error;
  }
}

describe('access tokens from a refresh token', () => {
  it('keeps a token until shortly before it expires, then renews it', async () => {
    let now = 1_000_000;
    const source = new TokenSource(settings(), () => now);
    provider.lifetime = 600;
    const first = await source.token();
    expect(first.expires).toBe(now + 600_000);
    now += 500_000;
    expect((await source.token()).accessToken).toBe(first.accessToken);
    now += 50_000; // within a minute of expiry
    const second = await source.token();
    expect(second.accessToken).not.toBe(first.accessToken);
    expect(source.refreshes).toBe(2);
  });

  it('asks once for callers arriving together, and again when told to renew', async () => {
    const source = new TokenSource(settings());
    const [a, b] = await Promise.all([source.token(), source.token()]);
    expect(a.accessToken).toBe(b.accessToken);
    expect((await source.token(true)).accessToken).not.toBe(a.accessToken);
    expect(source.refreshes).toBe(2);
  });

  it('uses the refresh token a rotating provider hands back', async () => {
    provider.users['refresh-rotating'] = user;
    provider.rotate = true;
    try {
      const source = new TokenSource({ ...settings(), refreshToken: 'refresh-rotating' });
      await source.token();
      expect(provider.users['refresh-rotating']).toBeUndefined(); // the first one is spent
      const renewed = await source.token(true);
      expect(provider.issued.at(-1)).toBe(renewed.accessToken);
    } finally {
      provider.rotate = false;
    }
  });

  it('says in one sentence why a token could not be had', async () => {
    await expect(new TokenSource({ ...settings(), refreshToken: 'stolen' }).token()).rejects.toThrow(
      new OAuth2Error(
        'the OAuth2 token endpoint refused to renew the access token, invalid_grant (Token has been expired or revoked.): the refresh token is expired or revoked: make a new one as docs/mail-providers.md says.',
      ),
    );
    await expect(new TokenSource({ ...settings(), clientSecret: 'wrong' }).token()).rejects.toThrow(
      /invalid_client .*check the client id, secret and token URL\.$/,
    );
    const closed = await closedPort();
    await expect(new TokenSource({ ...settings(), tokenUrl: `http://127.0.0.1:${closed}/token` }).token()).rejects.toThrow(
      new OAuth2Error(`cannot reach the OAuth2 token endpoint http://127.0.0.1:${closed}/token: connection refused.`),
    );
  });
});

describe('XOAUTH2 against the mail servers', () => {
  it('logs in to Dovecot with an access token, and with a renewed one after the old is revoked', async () => {
    const source = new TokenSource(settings());
    const login = { user, pass: '', tokens: source };
    expect(await imapLogin(await imapAuth(login))).toBe(true);
    provider.revoke((await source.token()).accessToken);
    const refused = await imapLogin(await imapAuth(login));
    expect(isAuthFailure(refused)).toBe(true);
    expect(await imapLogin(await imapAuth(login, true))).toBe(true);
  }, 60_000);

  it('runs the intake on an access token', async () => {
    // player12's mailbox, and every email left where it is: other tests use the game's mailbox.
    const tokens = new TokenSource({ ...settings(), refreshToken: 'refresh-p12' });
    const before = provider.issued.length;
    const redis = connectRedis(svc.redisUrl);
    const intake = startIntake({
      imap: { host: svc.imap.host, port: svc.imap.port, secure: false, user: `player12@${svc.domain}`, pass: '', tokens },
      store: new GameStore(redis),
      enqueue: async () => undefined,
      logger: pino({ level: 'silent' }),
      now: () => new Date(),
      routes: async () => [],
      unrouted: 'leave',
      backoffMs: { min: 50, max: 200 },
    });
    try {
      const until = Date.now() + 20_000;
      while (!intake.stats().connected && Date.now() < until) await new Promise((r) => setTimeout(r, 100));
      expect(intake.stats()).toMatchObject({ connected: true, connections: 1 });
      expect(provider.issued.length).toBe(before + 1);
    } finally {
      await intake.stop();
      redis.disconnect();
    }
  }, 60_000);

  it('sends through SMTP with XOAUTH2, renewing a refused token', async () => {
    const seen: string[] = [];
    const server = new SMTPServer({
      authMethods: ['XOAUTH2'],
      allowInsecureAuth: true,
      disabledCommands: ['STARTTLS'],
      logger: false,
      onAuth(auth, _session, callback) {
        seen.push(auth.accessToken ?? '');
        // Only the newest token is live: the first one the client brings was revoked.
        if (auth.username === user && auth.accessToken === provider.issued[provider.issued.length - 1] && seen.length > 1)
          return callback(null, { user: auth.username });
        return callback(null, { data: { status: '401', schemes: 'bearer' } });
      },
      onData(stream, _session, callback) {
        stream.resume();
        stream.on('end', () => callback());
      },
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
    const port = (server.server.address() as { port: number }).port;
    const source = new TokenSource(settings());
    // Pooled, as the outbox sender sends.
    const transport = nodemailer.createTransport({ host: '127.0.0.1', port, secure: false, ignoreTLS: true, pool: true, auth: smtpOAuth2(user, source) });
    try {
      const info = await transport.sendMail({ from: user, to: `gm@${svc.domain}`, subject: 'oauth', text: 'hello' });
      expect(info.accepted).toEqual([`gm@${svc.domain}`]);
      expect(seen.length).toBe(2);
      expect(seen[1]).not.toBe(seen[0]);
    } finally {
      transport.close();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    }
  });
});

describe('adjutant mail test', () => {
  const base = () => ({
    imap: { host: svc.imap.host, port: svc.imap.port, secure: false, user, pass: svc.password, mailbox: 'INBOX' },
    smtp: { host: svc.smtp.host, port: svc.smtp.port, secure: false },
    from: user,
    // A mailbox no other test reads, so the test mail disturbs nobody.
    to: `player11@${svc.domain}`,
  });

  it('passes every check with OAuth2 on the real Dovecot and relay', async () => {
    const checks = await checkMail({ ...base(), imap: { ...base().imap, pass: '' }, tokens: new TokenSource(settings()) });
    expect(checks.map((c) => [c.name, c.ok])).toEqual([
      ['oauth2', true],
      ['imap', true],
      ['folder', true],
      ['smtp', true],
      ['send', true],
    ]);
  });

  it('names the first thing that is wrong', async () => {
    const wrongPass = await checkMail({ ...base(), imap: { ...base().imap, pass: 'nope' } });
    expect(wrongPass.find((c) => !c.ok)?.text).toMatch(
      new RegExp(`^IMAP at 127\\.0\\.0\\.1:${svc.imap.port} refused the login of ${user}.*: check the password`),
    );
    const noFolder = await checkMail({ ...base(), imap: { ...base().imap, mailbox: 'Orders' } });
    expect(noFolder.find((c) => !c.ok)?.text).toMatch(/^There is no folder "Orders" in .*; set ADJUTANT_IMAP_MAILBOX to one of INBOX/);
    const closed = await closedPort();
    const noSmtp = await checkMail({ ...base(), smtp: { host: '127.0.0.1', port: closed, secure: false } });
    expect(noSmtp.find((c) => !c.ok)?.text).toBe(`Cannot reach SMTP at 127.0.0.1:${closed}: connection refused.`);
    const noGm = await checkMail({ ...base(), to: undefined });
    expect(noGm.find((c) => !c.ok)?.text).toBe("No test mail was sent: give the GM's address with --to or ADJUTANT_GM_EMAIL.");
    const badToken = await checkMail({ ...base(), tokens: new TokenSource({ ...settings(), refreshToken: 'old' }) });
    expect(badToken).toHaveLength(1);
    expect(badToken[0].text).toMatch(/invalid_grant/);
  });
});
