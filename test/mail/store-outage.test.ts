// Redis full in the middle of a flood of emails (issue: mail lost silently when Redis was at its
// memory limit for minutes). Two real `adjutant serve` processes on a Redis of the test's own take
// emails through the SMTP relay and Dovecot; part-way, Redis is set to a maxmemory far below what it
// uses (noeviction), so it refuses every write for 25 s while more emails arrive, then it is given
// its memory back. Every email is answered as without the outage (a copy at most twice, with one
// Message-ID), nothing is a dead letter or set aside, no GM mail says a message was not sent, and
// the GM gets one mail about the outage, with what waited. docs/operations.md states this.
import { randomUUID } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DeadLetters } from '../../src/messages/dead-letters.ts';
import { MessageLedger } from '../../src/messages/message-ledger.ts';
import { GameStore } from '../../src/store/game-store.ts';
import { Outbox } from '../../src/store/outbox.ts';
import { connectRedis } from '../../src/store/redis.ts';
import { PrivateRedis } from '../support/private-redis.ts';
import { requireServices } from '../support/services.ts';
import { purgeGameMail } from './support/attack-game.ts';
import { answersByNumber, countMail, messageIds, sendMail } from './support/mailbox.ts';
import { startServe, type ServeProcess } from './support/serve-process.ts';
import { writeFloodGame } from './support/flood-game.ts';

const EMAILS = 36;
const OUTAGE_MS = 25_000;
const PLAYERS = [
  ['player1', 'ruby-falcon', 'Buy army in lon'],
  ['player2', 'azure-otter', 'Buy army in edi'],
  ['player3', 'jade-lynx', 'Buy army in lvp'],
] as const;

const gameId = `outage-${randomUUID().slice(0, 8)}`;
let server: PrivateRedis;
let store: GameStore;
let dir: string;
const processes: ServeProcess[] = [];
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

beforeAll(async () => {
  await requireServices(['imap', 'smtp']);
  server = await PrivateRedis.start();
  store = new GameStore(connectRedis(server.url));
  await store.redis.config('SET', 'maxmemory-policy', 'noeviction');
  dir = await mkdtemp(path.join(tmpdir(), 'adjutant-outage-'));
  await writeFloodGame(dir, gameId);
});

afterAll(async () => {
  for (const p of processes) p.child.kill('SIGKILL');
  await Promise.all(processes.map((p) => p.exited));
  await store?.redis.config('SET', 'maxmemory', '0').catch(() => undefined);
  store?.redis.disconnect();
  await server?.stop();
  await purgeGameMail([gameId]);
  if (dir) await rm(dir, { recursive: true, force: true });
});

function spawnServe(): ServeProcess {
  const p = startServe({ gameId, gamesDir: path.join(dir, 'games'), outDir: path.join(dir, 'out'), lockMs: 8000, redisUrl: server.url });
  processes.push(p);
  return p;
}

function email(n: number) {
  const [player, secret, orders] = PLAYERS[n % PLAYERS.length];
  return {
    from: `${player}@adjutant.test`,
    to: 'game@adjutant.test',
    subject: `[${gameId}] orders ${n}`,
    text: `${secret}\n${orders}\n`,
    messageId: `<${gameId}-${n}@outage.test>`,
  };
}

const sendBatch = (from: number, count: number) => Promise.all(Array.from({ length: count }, (_, i) => sendMail(email(from + i))));

describe('Redis full mid-flood', () => {
  it(
    `answers each of ${EMAILS} emails once the store takes writes again, with one GM mail about the outage and none about lost mail`,
    { timeout: 600_000 },
    async () => {
      await spawnServe().ready; // the first stores the game; the second finds it stored
      await spawnServe().ready;
      const ledger = new MessageLedger(store.redis);
      const third = EMAILS / 3;
      await sendBatch(0, third);
      for (const until = Date.now() + 120_000; Date.now() < until && (await ledger.processedCount(gameId)) < third / 3;) await sleep(200);

      // Full: every write is refused, BullMQ's own too, until maxmemory is put back.
      await store.redis.config('SET', 'maxmemory', '1');
      const begun = Date.now();
      await sendBatch(third, third);
      await sleep(OUTAGE_MS / 2);
      await sendBatch(2 * third, third);
      await sleep(Math.max(0, begun + OUTAGE_MS - Date.now()));
      const processedDuring = await ledger.processedCount(gameId);
      await store.redis.config('SET', 'maxmemory', '0');

      const outbox = new Outbox(store.redis, { domain: 'adjutant.test', now: () => new Date() });
      const players = PLAYERS.map(([player]) => player);
      let answers: Map<number, string[]>;
      for (const until = Date.now() + 240_000; Date.now() < until; await sleep(2000)) {
        answers = await answersByNumber(gameId, players);
        const alertSent = (await alerts()).some((a) => a.sentAt);
        if (answers.size >= EMAILS && alertSent && !(await outbox.pending(gameId)).length) break;
      }
      await sleep(3000); // a second copy in flight lands too
      answers = await answersByNumber(gameId, players);
      for (const p of processes) p.child.kill('SIGTERM');
      await Promise.all(processes.map((p) => p.exited));

      // The outage held up work: not every email was done when it ended.
      expect(processedDuring).toBeLessThan(EMAILS);
      expect([...answers.keys()].sort((a, b) => a - b)).toEqual(Array.from({ length: EMAILS }, (_, n) => n));
      for (const [, ids] of answers) {
        expect(new Set(ids).size).toBe(1);
        expect(ids.length).toBeLessThanOrEqual(2);
      }
      const outcomes = Object.values(await store.redis.hgetall(`adjutant:{${gameId}}:mail:results`)).map((r) => (JSON.parse(r) as { outcome: string }).outcome);
      expect(outcomes.filter((o) => o === 'orders')).toHaveLength(EMAILS);
      expect(outcomes.filter((o) => o !== 'orders' && o !== 'duplicate')).toEqual([]);
      expect(await new DeadLetters(store.redis).list(gameId)).toEqual([]);
      expect(await outbox.setAsideItems(gameId)).toEqual([]);
      expect(await outbox.pending(gameId)).toEqual([]);

      // One GM mail, about the outage, sent; none saying a message could not be sent or an email processed.
      const told = await alerts();
      expect(told.map((a) => a.key)).toEqual([expect.stringMatching(/^alert:store-outage:\d+$/)]);
      expect(told[0].sentAt).toBeTruthy();
      expect(told[0].text).toMatch(/refused writes: OOM/);
      expect(told[0].text).toMatch(/Meanwhile [^:]*\b\d+ emails?\b[^:]* of this game waited/);
      expect(await countMail('gm@adjutant.test', 'INBOX', { subject: `[${gameId}]` })).toBe(1);

      // Every email left the inbox once kept, none before.
      expect(new Set(await messageIds('game@adjutant.test', 'Processed', { subject: `[${gameId}]` })).size).toBe(EMAILS);
      expect(await countMail('game@adjutant.test', 'INBOX', { subject: `[${gameId}]` })).toBe(0);
      const twice = [...answers.values()].filter((ids) => ids.length > 1).length;
      console.info(
        `store outage test: ${EMAILS} emails, ${processedDuring} processed when the ${OUTAGE_MS / 1000} s outage ended, ${twice} answered twice (same Message-ID)`,
      );
    },
  );
});

/** The GM mails the game's outbox holds (alert-mail keys start with "alert:"). */
async function alerts() {
  const all = await store.redis.hvals(`adjutant:{${gameId}}:outbox`);
  return all.map((json) => JSON.parse(json) as { key: string; text: string; sentAt?: string }).filter((e) => e.key.startsWith('alert:'));
}
