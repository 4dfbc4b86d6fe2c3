// The console's outbox on the real Redis: a page read by the outbox's index by time, newest first,
// each message said in words; messages recorded before the index was kept join it when first read.
import { randomUUID } from 'node:crypto';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { gameKeys } from '../../src/store/keys.ts';
import { GameStore } from '../../src/store/game-store.ts';
import { Outbox } from '../../src/store/outbox.ts';
import { OUTBOX_PAGE, outboxView } from '../../src/web/outbox-view.ts';
import { requireServices, serviceEndpoints } from '../support/services.ts';

let redis: Redis;
let minute = 0;
const outbox = () => new Outbox(redis, { domain: 'adjutant.test', now: () => new Date(Date.UTC(2026, 11, 1, 20, minute)) });
const games: string[] = [];

beforeAll(async () => {
  await requireServices(['redis']);
  redis = new Redis(serviceEndpoints().redisUrl);
});
afterAll(async () => {
  for (const id of games) await new GameStore(redis).deleteGame(id);
  redis.disconnect();
});

async function gameWith(keys: string[]): Promise<string> {
  const id = `t-${randomUUID()}`;
  games.push(id);
  for (const [i, key] of keys.entries()) {
    minute = i;
    await outbox().record(id, { key, from: 'game@adjutant.test', to: ['player1@adjutant.test'], subject: `[g] ${key}`, text: '' });
  }
  return id;
}

describe("the console's outbox", () => {
  it('pages the messages newest first, and keeps a page asked for out of range within the pages', async () => {
    const id = await gameWith(Array.from({ length: OUTBOX_PAGE + 5 }, (_, i) => `reply:m${i}`));
    const first = await outboxView(outbox(), id, {}, 1);
    expect([first.total, first.page, first.pages]).toEqual([OUTBOX_PAGE + 5, 1, 2]);
    expect(first.rows).toHaveLength(OUTBOX_PAGE);
    expect(first.rows[0].subject).toBe(`[g] reply:m${OUTBOX_PAGE + 4}`);
    const second = await outboxView(outbox(), id, {}, 2);
    expect(second.rows.map((r) => r.subject)).toEqual([4, 3, 2, 1, 0].map((i) => `[g] reply:m${i}`));
    expect((await outboxView(outbox(), id, {}, 99)).page).toBe(2);
    expect((await outboxView(outbox(), id, {}, 0)).page).toBe(1);
    expect(await outboxView(outbox(), await gameWith([]), {}, 1)).toEqual({ rows: [], total: 0, page: 1, pages: 1 });
  });

  it('says what each message is in words, and gives a key only for a refused one, to send it again', async () => {
    const id = await gameWith(['report:step-3:red', 'remind:x:blue', 'alert:store-outage:1']);
    await outbox().markSent(id, 'report:step-3:red');
    const view = await outboxView(outbox(), id, { 'alert:store-outage:1': { error: '550 no such user' } }, 1);
    expect(view.rows.map((r) => [r.kind, r.state])).toEqual([
      ['Alert to you', 'refused'],
      ['Deadline reminder', 'waiting'],
      ['Turn report', 'sent'],
    ]);
    expect(view.rows[0].failed).toEqual({ error: '550 no such user', key: 'alert:store-outage:1' });
    expect(view.rows.slice(1).map((r) => r.failed)).toEqual([undefined, undefined]);
  });

  it('indexes the messages recorded before the index was kept, on the first read', async () => {
    const id = await gameWith(['reply:a', 'reply:b', 'reply:c']);
    await redis.del(gameKeys(id).outboxByTime);
    expect((await outboxView(outbox(), id, {}, 1)).rows.map((r) => r.subject)).toEqual(['[g] reply:c', '[g] reply:b', '[g] reply:a']);
    expect(await redis.zcard(gameKeys(id).outboxByTime)).toBe(3);
  });

  it('reads only the page shown: a broken entry on another page does not stop it', async () => {
    const id = await gameWith(Array.from({ length: OUTBOX_PAGE }, (_, i) => `reply:m${i}`));
    await redis.hset(gameKeys(id).outbox, 'reply:broken', '{not json');
    await redis.zadd(gameKeys(id).outboxByTime, 0, 'reply:broken');
    expect((await outboxView(outbox(), id, {}, 1)).rows).toHaveLength(OUTBOX_PAGE);
    await expect(outboxView(outbox(), id, {}, 2)).rejects.toThrow(SyntaxError);
  });
});
