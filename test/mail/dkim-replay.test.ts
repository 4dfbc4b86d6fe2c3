// DKIM in place of the secret, attacked through the real path (defect 4): a signed email the player
// sent to someone else, or long ago, re-sent to the game; a parent domain's signature. Only a fresh
// signature of the sender's own domain over a mail to the game counts.
import { generateKeyPairSync } from 'node:crypto';
import nodemailer from 'nodemailer';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DNSResolver } from '../../src/channels/email/dkim.ts';
import { GameStore } from '../../src/store/game-store.ts';
import { connectRedis } from '../../src/store/redis.ts';
import { requireServices, serviceEndpoints } from '../support/services.ts';
import { PerGameControl, purgeGameMail, storeClaimsGame } from './support/attack-game.ts';
import { claimsParser } from './support/claims-parser.ts';
import { dropGame } from './support/mail-game.ts';
import { startMailLoop, type MailLoop } from './support/mail-loop.ts';
import { waitForMail } from './support/mailbox.ts';

const keys = (domain: string) => {
  const { privateKey, publicKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  const p = publicKey.export({ type: 'spki', format: 'der' }).toString('base64');
  return { domain, privateKey: privateKey.export({ type: 'pkcs8', format: 'pem' }).toString(), txt: `v=DKIM1; k=rsa; p=${p}` };
};
const own = keys('adjutant.test');
const parent = keys('test');
const resolver: DNSResolver = async (name, type) => {
  const found = [own, parent].find((k) => name === `mail._domainkey.${k.domain}`);
  if (type === 'TXT' && found) return [[found.txt]];
  throw Object.assign(new Error(`no ${type} record for ${name}`), { code: 'ENOTFOUND' });
};

let loop: MailLoop;
let store: GameStore;
let game: string;

beforeAll(async () => {
  await requireServices(['redis', 'imap', 'smtp']);
  store = new GameStore(connectRedis(process.env.REDIS_URL ?? 'redis://127.0.0.1:16379'));
  game = await storeClaimsGame(store, 'dkim', { 'mail.dkim': true });
  loop = await startMailLoop({
    games: [{ id: game }],
    control: new PerGameControl(new Date('2031-01-01T20:00:00Z')),
    queue: 'bullmq',
    parse: claimsParser,
    dnsResolver: resolver,
  });
});

afterAll(async () => {
  await loop?.stop();
  await purgeGameMail([game]);
  await dropGame(store, game);
  store?.redis.disconnect();
});

/** Signs a mail as player1's mail server would, then delivers it to the game's mailbox through the relay. */
async function signedToGame(key: ReturnType<typeof keys>, mail: { to: string; subject: string; text: string; date?: Date }): Promise<void> {
  const signer = nodemailer.createTransport({
    streamTransport: true,
    buffer: true,
    dkim: { domainName: key.domain, keySelector: 'mail', privateKey: key.privateKey },
  });
  const raw = (await signer.sendMail({ from: 'player1@adjutant.test', ...mail, subject: `[${game}] ${mail.subject}`, date: mail.date ?? new Date() }))
    .message as Buffer;
  const svc = serviceEndpoints();
  const relay = nodemailer.createTransport({ host: svc.smtp.host, port: svc.smtp.port, secure: false, ignoreTLS: true });
  try {
    await relay.sendMail({ envelope: { from: 'player1@adjutant.test', to: ['game@adjutant.test'] }, raw });
  } finally {
    relay.close();
  }
}

const answer = async (subject: string) => (await waitForMail('player1@adjutant.test', { subject: `[${game}] Re: ${subject}` }))[0].text ?? '';
const ordersOfRed = async () => (await store.ordersInForce(game)).red?.orders ?? [];

describe('DKIM replays through the real path', () => {
  it("accepts a fresh signature of the sender's own domain on a mail to the game", { timeout: 60_000 }, async () => {
    await signedToGame(own, { to: 'game@adjutant.test', subject: 'signed orders', text: 'claim nor' });
    expect(await answer('signed orders')).toContain('claim nor');
    expect(await ordersOfRed()).toEqual([{ kind: 'claim', province: 'nor' }]);
  });

  it('refuses a signed mail the player sent to another player, replayed to the game', { timeout: 60_000 }, async () => {
    await signedToGame(own, { to: 'player2@adjutant.test', subject: 'our pact', text: 'claim mid' });
    expect(await answer('our pact')).toContain('did not carry the secret of Redmark');
    expect(await ordersOfRed()).toEqual([{ kind: 'claim', province: 'nor' }]);
  });

  it("refuses a mail to the game signed a week ago, and a parent domain's signature", { timeout: 60_000 }, async () => {
    await signedToGame(own, { to: 'game@adjutant.test', subject: 'old orders', text: 'claim sou', date: new Date(Date.now() - 7 * 86_400_000) });
    expect(await answer('old orders')).toContain('did not carry the secret of Redmark');
    const refusals = async () =>
      Object.values(await store.redis.hgetall(`adjutant:{${game}}:mail:results`))
        .map((r) => JSON.parse(r) as { code?: string; replies: unknown[] })
        .filter((r) => r.code === 'MISSING_SECRET');
    const before = (await refusals()).length;
    await signedToGame(parent, { to: 'game@adjutant.test', subject: 'parent orders', text: 'claim bay' });
    await expect.poll(async () => (await refusals()).length, { timeout: 15_000 }).toBe(before + 1);
    // A top-level domain's signature does not prove the address either, which had its one unproven
    // refusal of the day ("our pact"; the old mail's own-domain signature proves who sent it): no answer.
    expect((await refusals()).filter((r) => r.replies.length === 0)).toHaveLength(1);
    expect(await ordersOfRed()).toEqual([{ kind: 'claim', province: 'nor' }]);
  });
});
