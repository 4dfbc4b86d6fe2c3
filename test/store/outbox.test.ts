import { randomUUID } from 'node:crypto';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GameStore } from '../../src/store/game-store.ts';
import { Outbox } from '../../src/store/outbox.ts';
import { requireServices, serviceEndpoints } from '../support/services.ts';

let redis: Redis;
let clock = new Date('2026-12-01T10:00:00Z');
const outbox = () => new Outbox(redis, { domain: 'adjutant.test', now: () => clock });

beforeAll(async () => {
  await requireServices(['redis']);
  redis = new Redis(serviceEndpoints().redisUrl);
});
afterAll(() => redis.disconnect());

const message = (key: string) => ({ key, from: 'game@adjutant.test', to: ['player1@adjutant.test'], subject: `Report ${key}`, text: 'Your report.' });

describe('outbox on the real Redis', () => {
  it('records a message once per key, keeping its Message-ID', async () => {
    const game = `t-${randomUUID()}`;
    const first = await outbox().record(game, message('report:1:red'));
    const again = await outbox().record(game, { ...message('report:1:red'), text: 'changed' });
    expect(again).toEqual(first);
    expect(first.messageId).toMatch(/^<[0-9a-f-]+@adjutant\.test>$/);
    expect((await outbox().pending(game)).map((e) => e.key)).toEqual(['report:1:red']);
    await new GameStore(redis).deleteGame(game);
  });

  it('keeps pending messages in the order recorded until marked sent', async () => {
    const game = `t-${randomUUID()}`;
    await outbox().record(game, message('a'));
    clock = new Date(clock.getTime() + 1000);
    await outbox().record(game, message('b'));
    expect((await outbox().pending(game)).map((e) => e.key)).toEqual(['a', 'b']);
    expect(await outbox().gamesWithPending()).toContain(game);
    await outbox().markSent(game, 'a');
    expect((await outbox().pending(game)).map((e) => e.key)).toEqual(['b']);
    expect((await outbox().entry(game, 'a'))?.sentAt).toBe(clock.toISOString());
    await outbox().markSent(game, 'b');
    expect(await outbox().pending(game)).toEqual([]);
    expect(await outbox().gamesWithPending()).not.toContain(game);
    // A message sent once is never queued again by a repeated record.
    await outbox().record(game, message('a'));
    expect(await outbox().pending(game)).toEqual([]);
    await new GameStore(redis).deleteGame(game);
  });
});
