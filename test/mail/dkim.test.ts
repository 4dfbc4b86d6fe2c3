// DKIM in place of the secret, for games that enable it: a key pair made here, messages signed
// with nodemailer's DKIM option, and a DNS resolver that knows only the test key.
import { generateKeyPairSync } from 'node:crypto';
import nodemailer from 'nodemailer';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { dkimSignatures, type DNSResolver } from '../../src/channels/email/dkim.ts';
import { requireServices } from '../support/services.ts';
import { gameFiles, mailTestGame, type MailTestGame } from './support/mail-game.ts';

const keys = (domain: string) => {
  const { privateKey, publicKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  const p = publicKey.export({ type: 'spki', format: 'der' }).toString('base64');
  return { domain, privateKey: privateKey.export({ type: 'pkcs8', format: 'pem' }).toString(), txt: `v=DKIM1; k=rsa; p=${p}` };
};
const ours = keys('adjutant.test');
const theirs = keys('evil.test');

const resolver: DNSResolver = async (name, type) => {
  const found = [ours, theirs].find((k) => name === `mail._domainkey.${k.domain}`);
  if (type === 'TXT' && found) return [[found.txt]];
  throw Object.assign(new Error(`no ${type} record for ${name}`), { code: 'ENOTFOUND' });
};

async function signed(key: ReturnType<typeof keys>, text: string): Promise<Buffer> {
  const transport = nodemailer.createTransport({
    streamTransport: true,
    buffer: true,
    dkim: { domainName: key.domain, keySelector: 'mail', privateKey: key.privateKey },
  });
  const info = await transport.sendMail({
    from: 'player1@adjutant.test',
    to: 'game@adjutant.test',
    subject: 'orders',
    text,
    date: new Date('2029-12-30T11:00:00Z'),
  });
  return info.message as Buffer;
}

let game: MailTestGame;
beforeAll(async () => {
  await requireServices(['redis']);
});
afterEach(async () => {
  await game?.close();
});

describe('DKIM instead of the secret', () => {
  it('finds the domains whose signatures verify', async () => {
    const now = new Date('2029-12-30T11:00:00Z');
    const [signature, ...more] = await dkimSignatures(await signed(ours, 'claim nor'), { resolver, now });
    expect(more).toEqual([]);
    expect(signature.domain).toBe('adjutant.test');
    expect(signature.lines.map((l) => l.slice(0, l.indexOf(':')).toLowerCase())).toEqual(
      expect.arrayContaining(['from', 'to', 'subject', 'date', 'message-id']),
    );
    const tampered = Buffer.from((await signed(ours, 'claim nor')).toString().replace('claim nor', 'claim sou'));
    expect(await dkimSignatures(tampered, { resolver, now })).toEqual([]);
  });

  it('accepts a signed email from the registered address without the secret, when the game enables DKIM', async () => {
    game = await mailTestGame({ files: gameFiles('claims', { 'mail.dkim': true }) });
    game.deps.dnsResolver = resolver;
    const result = await game.receive(await signed(ours, 'claim nor'));
    expect(result).toMatchObject({ outcome: 'orders', nation: 'red' });
  });

  it('refuses a signature of another domain, a tampered message, or DKIM when the game has not enabled it', async () => {
    game = await mailTestGame({ files: gameFiles('claims', { 'mail.dkim': true }) });
    game.deps.dnsResolver = resolver;
    expect(await game.receive(await signed(theirs, 'claim nor'))).toMatchObject({ outcome: 'refused', code: 'MISSING_SECRET' });
    const tampered = Buffer.from((await signed(ours, 'claim mid')).toString().replace('claim mid', 'claim sou'));
    expect(await game.receive(tampered)).toMatchObject({ outcome: 'refused', code: 'MISSING_SECRET' });
    await game.close();
    game = await mailTestGame();
    game.deps.dnsResolver = resolver;
    expect(await game.receive(await signed(ours, 'claim bay'))).toMatchObject({ outcome: 'refused', code: 'MISSING_SECRET' });
    expect(await game.store.ordersInForce(game.id)).toEqual({});
  });
});
