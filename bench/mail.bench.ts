// The mail loop on the local Dovecot, SMTP relay and Redis of scripts/services.sh (used when
// running, else started here and stopped again at the end):
//   mail-ingest        emails taken from IMAP and processed per second by one worker (intake +
//                      processMail in one process, board NES orders through the real parser);
//   mail-confirm-p50/p95  from an email's arrival in the game's mailbox to its confirmation
//                      landing in the player's mailbox, with the whole loop running.
import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { performance } from 'node:perf_hooks';
import pino from 'pino';
import { parseDocument } from 'yaml';
import { openGame } from '../src/game/open-game.ts';
import { startIntake } from '../src/channels/email/imap-intake.ts';
import { processMail } from '../src/channels/email/process-mail.ts';
import { GameStore } from '../src/store/game-store.ts';
import { Outbox } from '../src/store/outbox.ts';
import { connectRedis } from '../src/store/redis.ts';
import { MemoryControl } from '../test/mail/support/fake-control.ts';
import { dropGame } from '../test/mail/support/mail-game.ts';
import { startMailLoop } from '../test/mail/support/mail-loop.ts';
import { imapClient, purgeMail, sendMail } from '../test/mail/support/mailbox.ts';
import { localServices } from '../test/support/local-services.ts';
import { requireServices } from '../test/support/services.ts';

const INGEST = 300;
const CONFIRM = 60;
const PLAYERS = [
  ['player1', 'ruby-falcon', 'Buy army in lon\nBuy fleet in lon at nth'],
  ['player2', 'azure-otter', 'Buy army in edi'],
  ['player3', 'jade-lynx', 'Buy army in lvp'],
] as const;

const local = await localServices(['redis', 'mail']).catch((e: Error) => {
  console.error(`mail bench: ${e.message}`);
  process.exit(1);
});
const svc = await requireServices(['redis', 'imap', 'smtp']).catch(async (e: Error) => {
  console.error(`mail bench: ${e.message}`);
  await local.release();
  process.exit(1);
});
const redis = connectRedis(svc.redisUrl);
const store = new GameStore(redis);
const logger = pino({ level: 'silent' });
const now = () => new Date();
const FIXTURE = new URL('../test/mail/fixtures/board-nes/', import.meta.url);

async function newGame(): Promise<string> {
  const id = `bench-${randomUUID().slice(0, 8)}`;
  const doc = parseDocument(readFileSync(new URL('game.yaml', FIXTURE), 'utf8'));
  doc.delete('mailbox');
  doc.setIn(['mail', 'rateLimit'], doc.createNode({ count: 100_000, per: '1h' }));
  const files = { 'game.yaml': doc.toString(), 'map.yaml': readFileSync(new URL('map.yaml', FIXTURE), 'utf8') };
  const { game, problems } = openGame(id, files);
  if (!game) throw new Error(problems.map((p) => p.message).join('; '));
  await store.createGame(id, { files, state: game.state });
  return id;
}

const email = (gameId: string, n: number) => {
  const [player, secret, orders] = PLAYERS[n % PLAYERS.length];
  return {
    from: `${player}@${svc.domain}`,
    to: `game@${svc.domain}`,
    subject: `[${gameId}] orders ${n}`,
    text: `Hello,\n${secret}\n${orders}\nThanks`,
    messageId: `<${gameId}-${n}@bench.test>`,
  };
};

async function ingest(): Promise<number> {
  const gameId = await newGame();
  const folder = `bench-${gameId}`;
  const client = imapClient(`game@${svc.domain}`);
  await client.connect();
  await client.mailboxCreate(folder);
  for (let n = 0; n < INGEST; n++) {
    const m = email(gameId, n);
    await client.append(
      folder,
      `From: ${m.from}\r\nTo: ${m.to}\r\nSubject: ${m.subject}\r\nMessage-ID: ${m.messageId}\r\nDate: ${new Date().toUTCString()}\r\n\r\n${m.text.replace(/\n/g, '\r\n')}\r\n`,
    );
  }
  await client.logout();
  const deps = {
    store,
    outbox: new Outbox(redis, { domain: svc.domain, now }),
    control: new MemoryControl(new Date(Date.now() + 86_400_000)),
    now,
    logger,
    address: `game@${svc.domain}`,
  };
  let done = 0;
  let finished: () => void = () => undefined;
  const all = new Promise<void>((resolve) => (finished = resolve));
  const started = performance.now();
  const intake = startIntake({
    imap: { host: svc.imap.host, port: svc.imap.port, secure: false, user: `game@${svc.domain}`, pass: svc.password },
    store,
    logger,
    now,
    mailbox: folder,
    routes: async () => [{ id: gameId }],
    unrouted: 'leave',
    enqueue: async (job) => {
      await processMail(deps, job);
      if (++done === INGEST) finished();
    },
  });
  await all;
  const seconds = (performance.now() - started) / 1000;
  await intake.stop();
  await purgeMail(`game@${svc.domain}`, folder, 'folder');
  await purgeMail(`game@${svc.domain}`, 'Processed', { subject: `[${gameId}]` });
  await dropGame(store, gameId);
  return INGEST / seconds;
}

async function confirmations(): Promise<number[]> {
  const gameId = await newGame();
  const loop = await startMailLoop({ games: [{ id: gameId }], control: new MemoryControl(new Date(Date.now() + 86_400_000)), queue: 'direct' });
  while (!loop.intake.stats().connected) await new Promise((r) => setTimeout(r, 20));
  const sentAt = new Map<number, number>();
  const latencies: number[] = [];
  const watchers = PLAYERS.map(async ([player]) => {
    const client = imapClient(`${player}@${svc.domain}`);
    await client.connect();
    await client.mailboxOpen('INBOX');
    const want = Math.ceil((CONFIRM - PLAYERS.indexOf(PLAYERS.find((p) => p[0] === player)!)) / PLAYERS.length);
    const seen = new Set<number>();
    while (seen.size < want) {
      const uids = (await client.search({ subject: `[${gameId}] Re: orders` }, { uid: true })) || [];
      const fresh = uids.filter((u) => !seen.has(u));
      if (fresh.length) {
        const at = performance.now();
        for (const msg of await client.fetchAll(fresh.join(','), { uid: true, envelope: true }, { uid: true })) {
          seen.add(msg.uid);
          const n = Number(/orders (\d+)/.exec(msg.envelope?.subject ?? '')?.[1]);
          latencies.push(at - sentAt.get(n)!);
        }
      } else await new Promise((r) => setTimeout(r, 25));
    }
    await client.messageDelete(`${[...seen].join(',')}`, { uid: true });
    await client.logout();
  });
  for (let n = 0; n < CONFIRM; n++) {
    await sendMail(email(gameId, n));
    sentAt.set(n, performance.now()); // the relay answers once Dovecot has the email: its arrival
    await new Promise((r) => setTimeout(r, 100));
  }
  await Promise.all(watchers);
  await loop.stop();
  await purgeMail(`game@${svc.domain}`, 'Processed', { subject: `[${gameId}]` });
  await dropGame(store, gameId);
  return latencies.sort((a, b) => a - b);
}

const rate = await ingest();
console.log(JSON.stringify({ bench: 'mail-ingest', value: Math.round(rate), unit: 'emails/s', target: 50 }));
const latencies = await confirmations();
const pick = (q: number) => Math.round(latencies[Math.min(latencies.length - 1, Math.floor(q * latencies.length))]);
console.log(JSON.stringify({ bench: 'mail-confirm-p50', value: pick(0.5), unit: 'ms' }));
console.log(JSON.stringify({ bench: 'mail-confirm-p95', value: pick(0.95), unit: 'ms', target: 3000 }));
redis.disconnect();
await local.release();
