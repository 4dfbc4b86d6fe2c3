// A channel registered by one line takes its place in the service and the command line with
// nothing else changed: `startService` stores the game folder and tells the channel, starts its
// intake beside the email channel's, whose notes the parse worker decides and the mail sender
// answers; stopping the service stops its intake; and `adjutant` lists and runs its command.
import { randomUUID } from 'node:crypto';
import { cp, mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { startService, type Service } from '../../jobs/service.ts';
import { serviceConfig } from '../../jobs/service-config.ts';
import { channels } from '../../src/channels/index.ts';
import { main } from '../../src/cli/main.ts';
import { MessageLedger } from '../../src/messages/message-ledger.ts';
import { GameStore } from '../../src/store/game-store.ts';
import { connectRedis } from '../../src/store/redis.ts';
import { Outbox } from '../../src/store/outbox.ts';
import { dropNote, dropNotes, fixtureChannel, fixtureServiceLog, storedAt } from '../support/fixture-channel/index.ts';
import '../support/fixture-claims/index.ts';
import { dropServedGame, serveEnv } from '../mail/support/serve-process.ts';
import { requireServices, serviceEndpoints } from '../support/services.ts';
import { waitFor } from '../turns/support.ts';

const gameId = `fixture-${randomUUID().slice(0, 8)}`;
let store: GameStore;
let dir: string;
let service: Service | undefined;

beforeAll(async () => {
  await requireServices(['redis', 'imap', 'smtp']);
  if (!channels.has(fixtureChannel.id)) channels.add(fixtureChannel);
  store = new GameStore(connectRedis(serviceEndpoints().redisUrl));
  dir = await mkdtemp(path.join(tmpdir(), 'adjutant-fixture-channel-'));
  await cp(new URL('../fixtures/claims/', import.meta.url), path.join(dir, 'games', gameId), { recursive: true });
});

afterAll(async () => {
  await service?.stop();
  await dropNotes(store.redis, gameId);
  await dropServedGame(store, gameId, dir);
});

describe('a channel registered by one line, in the service', () => {
  it('is told of the game stored, takes a note through its own intake, and stops with the service', { timeout: 60_000 }, async () => {
    const svc = serviceEndpoints();
    const config = serviceConfig(serveEnv({ gameId, gamesDir: path.join(dir, 'games'), outDir: path.join(dir, 'out'), lockMs: 5000 }));
    const before = Date.now();
    service = await startService(config, new Set(['intake', 'workers', 'sender']), pino({ level: 'silent' }));
    expect(Date.parse((await storedAt(store.redis, gameId)) ?? '')).toBeGreaterThanOrEqual(before - 1000);
    expect(fixtureServiceLog.at(-1)).toBe('intake started');

    await dropNote(store.redis, gameId, 'red', 'claim nor');
    const ledger = new MessageLedger(store.redis);
    const outbox = new Outbox(store.redis, { domain: svc.domain, now: () => new Date() });
    const id = await waitFor('the note decided', async () => (await ledger.result(gameId, 'fixture-note:1')) && 'fixture-note:1', 20_000, 100);
    expect(await ledger.result(gameId, id)).toMatchObject({ outcome: 'orders', nation: 'red' });
    expect((await store.ordersInForce(gameId)).red?.orders).toEqual([expect.objectContaining({ kind: 'claim' })]);
    // The answer goes out by the email channel's sender: the outbox marks it sent.
    const sent = await waitFor('the answer sent', async () => (await outbox.entry(gameId, `reply:${id}`))?.sentAt, 20_000, 100);
    expect(Date.parse(sent)).toBeGreaterThanOrEqual(before);

    await service.stop();
    service = undefined;
    expect(fixtureServiceLog.at(-1)).toBe('intake stopped');
  });
});

describe('a channel registered by one line, on the command line', () => {
  it("lists the channel's own command and runs it", async () => {
    const out: string[] = [];
    const log = vi.spyOn(console, 'log').mockImplementation((line: unknown) => void out.push(String(line)));
    const write = vi.spyOn(process.stdout, 'write').mockImplementation((chunk: string | Uint8Array) => out.push(String(chunk)) > 0);
    try {
      expect(await main(['node', 'adjutant', '--help'])).toBe(0);
      expect(await main(['node', 'adjutant', 'notes', gameId])).toBe(0);
    } finally {
      log.mockRestore();
      write.mockRestore();
    }
    expect(out.join('\n')).toMatch(/adjutant notes \[options\] <game>\s+List a game's pinned notes\./);
    expect(out.filter((line) => line.startsWith('fixture-note:'))).toEqual(['fixture-note:1: claim nor']);
  });
});
