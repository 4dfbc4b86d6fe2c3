// Removing a game while its mail waits on the parse queue: `adjutant game remove` takes the game's
// jobs out, so a game created again under the same id inherits none (no "not in the store" dead
// letters for mail it never had), and a job that slips in for the removed game discards itself.
import { execFile } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import path from 'node:path';
import { promisify } from 'node:util';
import type { Job, Queue } from 'bullmq';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createParseWorker, enqueueParse, type ParseJob } from '../../jobs/parse.ts';
import { connectionFromUrl, openQueue, QUEUES } from '../../jobs/queues.ts';
import { openGame } from '../../src/game/open-game.ts';
import { DeadLetters } from '../../src/messages/dead-letters.ts';
import { MessageLedger } from '../../src/messages/message-ledger.ts';
import { GameStore } from '../../src/store/game-store.ts';
import { Outbox } from '../../src/store/outbox.ts';
import { connectRedis } from '../../src/store/redis.ts';
import { requireServices, serviceEndpoints } from '../support/services.ts';
import { claimsParser } from './support/claims-parser.ts';
import { MemoryControl } from './support/fake-control.ts';
import { dropGame, gameFiles, rawMail } from './support/mail-game.ts';

const ROOT = path.join(import.meta.dirname, '../..');
let store: GameStore;
let queue: Queue;
const prefix = `{adjutant-test-removal-${randomUUID().slice(0, 8)}}`;

beforeAll(async () => {
  const svc = await requireServices(['redis']);
  store = new GameStore(connectRedis(svc.redisUrl));
  queue = openQueue(QUEUES.parse, connectionFromUrl(svc.redisUrl), prefix);
});

afterAll(async () => {
  await queue?.obliterate({ force: true }).catch(() => undefined);
  await queue?.close();
  store?.redis.disconnect();
});

async function createGame(id: string): Promise<void> {
  const files = gameFiles('claims', { 'gm.secret': 'grey-heron' });
  const { game } = openGame(id, files);
  await store.createGame(id, { files, state: game!.state });
}

/** Stores an email in the game and queues it, as the intake does; quick retries, so a job that fails would be a dead letter at once. */
async function arrive(id: string, subject: string): Promise<string> {
  const messageId = await store.putMail(
    id,
    await rawMail({ from: 'player1@adjutant.test', to: 'game@adjutant.test', subject, text: 'ruby-falcon\nclaim nor' }),
  );
  await new MessageLedger(store.redis).markReceived(id, messageId, new Date());
  await enqueueParse(queue, { attempts: 2, delayMs: 50 })({ gameId: id, messageId });
  return messageId;
}

const jobsOf = async (id: string) =>
  ((await queue.getJobs(['waiting', 'delayed', 'prioritized', 'failed', 'completed', 'active'])) as Array<Job<ParseJob> | undefined>).filter(
    (j): j is Job<ParseJob> => j?.data.gameId === id,
  );

describe('removing a game with mail on the parse queue', () => {
  it('takes its jobs out, so the game created again under its id inherits none', { timeout: 60_000 }, async () => {
    const id = `removal-${randomUUID().slice(0, 8)}`;
    await createGame(id);
    for (let i = 0; i < 3; i++) await arrive(id, `waiting ${i}`);
    expect(await jobsOf(id)).toHaveLength(3);

    const { stdout } = await promisify(execFile)(process.execPath, [path.join(ROOT, 'bin/adjutant.js'), 'game', 'remove', id, '--yes'], {
      cwd: ROOT,
      env: { ...process.env, REDIS_URL: serviceEndpoints().redisUrl, ADJUTANT_QUEUE_PREFIX: prefix },
      timeout: 60_000,
    });
    expect(stdout.trim()).toBe(`Removed game "${id}", and 3 queued jobs of its mail.`);
    expect(await jobsOf(id)).toEqual([]);

    await createGame(id);
    const outbox = new Outbox(store.redis, { domain: 'adjutant.test', now: () => new Date() });
    const deps = {
      store,
      outbox,
      control: new MemoryControl(),
      now: () => new Date(),
      logger: pino({ level: 'silent' }),
      address: 'game@adjutant.test',
      parse: claimsParser,
    };
    const worker = createParseWorker(deps, connectionFromUrl(serviceEndpoints().redisUrl), { prefix });
    try {
      const fresh = await arrive(id, 'the new game');
      await expect.poll(() => new MessageLedger(store.redis).processedCount(id), { timeout: 20_000 }).toBe(1);
      expect(await new MessageLedger(store.redis).result(id, fresh)).toMatchObject({ outcome: 'orders' });
      // A job that slipped in for a removed game (here: the game's again, for mail it never had) is discarded, not a dead letter.
      await dropGame(store, id);
      await enqueueParse(queue, { attempts: 2, delayMs: 50 })({ gameId: id, messageId: 'f'.repeat(64) });
      await expect
        .poll(async () => (await jobsOf(id)).find((j) => j.data.messageId === 'f'.repeat(64))?.returnvalue, { timeout: 20_000 })
        .toMatchObject({ outcome: 'discarded' });
      await new Promise((r) => setTimeout(r, 500));
      expect(await new DeadLetters(store.redis).list(id)).toEqual([]);
      expect(await store.redis.exists(`adjutant:{${id}}:mail:dead`)).toBe(0);
    } finally {
      await worker.close();
      await dropGame(store, id);
    }
  });
});
