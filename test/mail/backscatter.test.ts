// Backscatter through the real path (SMTP relay -> Dovecot -> intake -> BullMQ -> outbox -> relay):
// forged mail from addresses that never wrote gets no refusal, so no refusal bounces and the GM
// hears of none; a sender who proves the address (DKIM, or SPF for a player's address) is answered,
// and a player's address that proves nothing once a day.
import { generateKeyPairSync } from 'node:crypto';
import nodemailer from 'nodemailer';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DNSResolver } from '../../src/channels/email/dkim.ts';
import { MessageLedger } from '../../src/messages/message-ledger.ts';
import { GameStore } from '../../src/store/game-store.ts';
import { gameKeys } from '../../src/store/keys.ts';
import type { OutboxEntry } from '../../src/store/outbox.ts';
import { connectRedis } from '../../src/store/redis.ts';
import { requireServices, serviceEndpoints } from '../support/services.ts';
import { mailGame, PerGameControl, purgeGameMail, storeClaimsGame } from './support/attack-game.ts';
import { claimsParser } from './support/claims-parser.ts';
import { dropGame } from './support/mail-game.ts';
import { startMailLoop, type MailLoop } from './support/mail-loop.ts';
import { countMail, waitForMail } from './support/mailbox.ts';

const { privateKey, publicKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
const dkimKey = `v=DKIM1; k=rsa; p=${publicKey.export({ type: 'spki', format: 'der' }).toString('base64')}`;
/** The server player2's mail comes from, as the mailbox provider's own Received header names it. */
const PLAYER_SERVER = '192.0.2.10';
const resolver: DNSResolver = async (name, type) => {
  if (type === 'TXT' && name === 'mail._domainkey.adjutant.test') return [[dkimKey]];
  if (type === 'TXT' && name === 'adjutant.test') return [[`v=spf1 ip4:${PLAYER_SERVER} -all`]];
  throw Object.assign(new Error(`no ${type} record for ${name}`), { code: 'ENOTFOUND' });
};

let loop: MailLoop;
let store: GameStore;
let game: string;

beforeAll(async () => {
  await requireServices(['redis', 'imap', 'smtp']);
  store = new GameStore(connectRedis(serviceEndpoints().redisUrl));
  game = await storeClaimsGame(store, 'backscatter');
  loop = await startMailLoop({
    games: [{ id: game }],
    control: new PerGameControl(new Date('2031-01-01T20:00:00Z')),
    queue: 'bullmq',
    parse: claimsParser,
    dnsResolver: resolver,
    concurrency: 4,
  });
});

afterAll(async () => {
  await loop?.stop();
  await purgeGameMail([game]);
  await dropGame(store, game);
  store?.redis.disconnect();
});

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const processed = () => new MessageLedger(store.redis).processedCount(game);

/** Every message recorded for the game, by recipient. */
async function recordedTo(): Promise<Map<string, OutboxEntry[]>> {
  const byTo = new Map<string, OutboxEntry[]>();
  for (const json of Object.values(await store.redis.hgetall(gameKeys(game).outbox))) {
    const entry = JSON.parse(json) as OutboxEntry;
    for (const to of entry.to) byTo.set(to, [...(byTo.get(to) ?? []), entry]);
  }
  return byTo;
}

/** A mail signed by the sender's domain, as its mail server would sign it, delivered through the relay. */
async function signedToGame(from: string, subject: string, text: string): Promise<void> {
  const signer = nodemailer.createTransport({
    streamTransport: true,
    buffer: true,
    dkim: { domainName: 'adjutant.test', keySelector: 'mail', privateKey: privateKey.export({ type: 'pkcs8', format: 'pem' }).toString() },
  });
  const raw = (await signer.sendMail({ from, to: 'game@adjutant.test', subject: `[${game}] ${subject}`, text, date: new Date() })).message as Buffer;
  const svc = serviceEndpoints();
  const relay = nodemailer.createTransport({ host: svc.smtp.host, port: svc.smtp.port, secure: false, ignoreTLS: true });
  try {
    await relay.sendMail({ envelope: { from, to: ['game@adjutant.test'] }, raw });
  } finally {
    relay.close();
  }
}

describe('backscatter', () => {
  it('answers no forged stranger and tells the GM nothing, while proven senders are answered', { timeout: 120_000 }, async () => {
    // 100 forged emails from 20 dead addresses: ones the relay has no mailbox for, and ones it will not relay to.
    const dead = Array.from({ length: 20 }, (_, i) => (i % 2 ? `ghost${i}@adjutant.test` : `ghost${i}@dead.invalid`));
    for (let round = 0; round < 5; round++) for (const from of dead) await mailGame(game, from, `forged ${round}`, 'ruby-falcon\nclaim nor');
    // A player's address that proves nothing (no secret, no signature, no SPF): once a day.
    for (let i = 0; i < 3; i++) await mailGame(game, 'player1@adjutant.test', `unproven ${i}`, 'claim nor');
    // A player's address whose server SPF names, as the headers the mailbox's provider writes on top say: each time.
    const received = `from mx.player.example (mx.player.example [${PLAYER_SERVER}]) by mx.adjutant.test with ESMTPS; ${new Date().toUTCString()}`;
    const delivery = { 'Return-Path': '<player2@adjutant.test>', Received: received };
    for (let i = 0; i < 3; i++) await mailGame(game, 'player2@adjutant.test', `spf ${i}`, 'claim nor', { headers: delivery });
    // A stranger whose domain signed the mail: a real person, told why.
    for (let i = 0; i < 2; i++) await signedToGame('player7@adjutant.test', `signed ${i}`, 'claim nor');

    await expect.poll(processed, { timeout: 90_000, interval: 500 }).toBe(108);
    const results = Object.values(await store.redis.hgetall(`adjutant:{${game}}:mail:results`)).map((r) => JSON.parse(r) as { outcome: string; code?: string });
    expect(results.filter((r) => r.code === 'UNKNOWN_SENDER')).toHaveLength(102);
    expect(results.every((r) => r.outcome === 'refused')).toBe(true);

    await waitForMail('player7@adjutant.test', { subject: `[${game}] Re: signed` }, { count: 2 });
    await waitForMail('player2@adjutant.test', { subject: `[${game}] Re: spf` }, { count: 3 });
    await waitForMail('player1@adjutant.test', { subject: `[${game}] Re: unproven` });
    await sleep(3000); // past the test sender's digest window, and any late send
    const byTo = await recordedTo();
    for (const from of dead) expect(byTo.get(from) ?? []).toEqual([]);
    expect(byTo.get('gm@adjutant.test') ?? []).toEqual([]);
    expect(byTo.get('player1@adjutant.test')).toHaveLength(1);
    expect(await countMail('player1@adjutant.test', 'INBOX', { subject: `[${game}] Re: unproven` })).toBe(1);
    expect(await countMail('gm@adjutant.test', 'INBOX', { subject: `[${game}]` })).toBe(0);
  });
});
