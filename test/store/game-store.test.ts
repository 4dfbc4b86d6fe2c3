import { randomUUID } from 'node:crypto';
import { cp, mkdtemp, readdir, readFile, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import '../support/fixture-claims/index.ts';
import { loadGame } from '../../src/game/load-game.ts';
import { exportGame, importGame } from '../../src/store/game-archive.ts';
import { GameExistsError, GameStore, OrdersChangedError, StepAlreadyCommittedError } from '../../src/store/game-store.ts';
import { gameKeys } from '../../src/store/keys.ts';
import type { TurnRecord } from '../../src/store/turn-record.ts';
import { adjudicateStep, runStep } from '../../src/turns/run-step.ts';
import { requireServices, serviceEndpoints } from '../support/services.ts';

const FIXTURE = path.join(import.meta.dirname, '../fixtures/claims');
let redis: Redis;
let store: GameStore;

beforeAll(async () => {
  await requireServices(['redis']);
  redis = new Redis(serviceEndpoints().redisUrl);
  store = new GameStore(redis);
});
afterAll(() => redis.disconnect());

/** Adjudicates the stored game's next step, as the turn job does. */
async function playStep(id: string, orders: Record<string, Array<{ kind: string; province: string }>>, mails: string[] = []): Promise<TurnRecord> {
  for (const [nation, list] of Object.entries(orders)) await store.setOrders(id, nation, { orders: list, mails });
  return runStep(store, id, { seed: `${id}:${await store.step(id)}`, now: () => new Date('2026-12-01T20:00:00Z') });
}

async function readTree(dir: string): Promise<Record<string, string>> {
  const names = (await readdir(dir, { recursive: true, withFileTypes: true }))
    .filter((e) => e.isFile())
    .map((e) => path.relative(dir, path.join(e.parentPath, e.name)));
  return Object.fromEntries(await Promise.all(names.sort().map(async (n) => [n, await readFile(path.join(dir, n), 'base64')] as const)));
}

describe('game store on the real Redis', () => {
  it('uses hash-tagged keys so a cluster keeps a game on one slot', () => {
    for (const key of Object.values(gameKeys('demo'))) expect(key).toContain('{demo}');
  });

  it('gives each player without a secret one at import, in the stored game.yaml, keeping what the GM wrote', async () => {
    const dir = await mkdtemp(path.join(os.tmpdir(), 'adjutant-secrets-'));
    await cp(FIXTURE, dir, { recursive: true });
    const text = await readFile(path.join(dir, 'game.yaml'), 'utf8');
    await writeFile(path.join(dir, 'game.yaml'), `# the GM's note\n${text.replace('    secret: azure-otter\n', '')}`);
    const id = `t-${randomUUID()}`;
    expect(await importGame(store, id, dir)).toMatchObject({ secretsGiven: ['Bluevale'] });
    const stored = (await store.files(id))['game.yaml'];
    expect(stored.startsWith("# the GM's note\n")).toBe(true);
    expect(stored).toContain('secret: ruby-falcon');
    expect(stored).toMatch(/blue:\n(?: {4}.*\n)* {4}secret: [a-z0-9]{4}-[a-z0-9]{4}-[a-z0-9]{4}\n/);
    await store.deleteGame(id);
    // A game that takes a DKIM signature in place of a secret is left as it is.
    await writeFile(path.join(dir, 'game.yaml'), `${text.replace('    secret: azure-otter\n', '')}mail: { dkim: true }\n`);
    expect(await importGame(store, id, dir)).toMatchObject({ secretsGiven: [] });
    expect((await store.files(id))['game.yaml']).not.toMatch(/blue:\n(?: {4}.*\n)* {4}secret:/);
    await store.deleteGame(id);
  });

  it('commits a step atomically and refuses the same step twice', async () => {
    const id = `t-${randomUUID()}`;
    await importGame(store, id, FIXTURE);
    const record = await playStep(id, { red: [{ kind: 'claim', province: 'nor' }] });
    expect(await store.step(id)).toBe(1);
    expect((await store.state(id)).provinces.nor.owner).toBe('red');
    expect(await store.ordersInForce(id)).toEqual({});
    expect(await store.record(id, 1)).toEqual(record);
    // A second worker that adjudicated the same step loses, and changes nothing.
    await expect(store.commitStep(id, { ...record, stateAfter: { ...record.stateAfter, turn: 99 } })).rejects.toThrow(StepAlreadyCommittedError);
    expect((await store.state(id)).turn).toBe(2);
    await store.deleteGame(id);
  });

  it("refuses a retried job's step once it is committed, rather than committing it again as the next step", async () => {
    const id = `t-${randomUUID()}`;
    await importGame(store, id, FIXTURE);
    const now = () => new Date('2026-12-01T20:00:00Z');
    await store.setOrders(id, 'red', { orders: [{ kind: 'claim', province: 'nor' }], mails: [] });
    await runStep(store, id, { seed: 's', now, step: 1 });
    // The same job run again (a stalled lock, a second worker): step 1 is done, so nothing is committed.
    await expect(runStep(store, id, { seed: 's', now, step: 1 })).rejects.toThrow(StepAlreadyCommittedError);
    expect(await store.step(id)).toBe(1);
    expect((await store.history(id)).map((r) => r.step)).toEqual([1]);
    await store.deleteGame(id);
  });

  it('refuses a step adjudicated on orders that changed before the commit, so no confirmed order is lost', async () => {
    const id = `t-${randomUUID()}`;
    await importGame(store, id, FIXTURE);
    await store.setOrders(id, 'red', { orders: [{ kind: 'claim', province: 'nor' }], mails: [] });
    const now = () => new Date('2026-12-01T20:00:00Z');
    const stale = await adjudicateStep(store, id, { seed: 's', now });
    // An email confirmed while the step was being adjudicated:
    await store.setOrders(id, 'blue', { orders: [{ kind: 'claim', province: 'sou' }], mails: [] });
    await expect(store.commitStep(id, stale)).rejects.toThrow(OrdersChangedError);
    expect(await store.step(id)).toBe(0);
    const fresh = await runStep(store, id, { seed: 's', now });
    expect(fresh.orders.blue).toEqual([{ kind: 'claim', province: 'sou' }]);
    expect((await store.state(id)).provinces.sou.owner).toBe('blue');
    await store.deleteGame(id);
  });

  it('refuses to create a game twice', async () => {
    const id = `t-${randomUUID()}`;
    await importGame(store, id, FIXTURE);
    await expect(importGame(store, id, FIXTURE)).rejects.toThrow(GameExistsError);
    await store.deleteGame(id);
  });

  it('keeps raw emails by content hash', async () => {
    const id = `t-${randomUUID()}`;
    await importGame(store, id, FIXTURE);
    const raw = Buffer.from('From: a@b\r\nSubject: orders\r\n\r\nclaim nor\r\n\xff', 'latin1');
    const messageId = await store.putMail(id, raw);
    expect(await store.putMail(id, raw)).toBe(messageId);
    expect(await store.mail(id, messageId)).toEqual(raw);
    await store.deleteGame(id);
  });

  it('exports a game with its history, imports it back, and exports identical files', async () => {
    const id = `t-${randomUUID()}`;
    await importGame(store, id, FIXTURE);
    const messageId = await store.putMail(id, Buffer.from('Subject: orders\r\n\r\nclaim nor\r\n'));
    await playStep(
      id,
      {
        red: [{ kind: 'claim', province: 'nor' }],
        blue: [
          { kind: 'claim', province: 'nor' },
          { kind: 'claim', province: 'sou' },
        ],
      },
      [messageId],
    );
    await playStep(id, { blue: [{ kind: 'claim', province: 'mid' }] });
    await store.setOrders(id, 'red', { orders: [{ kind: 'claim', province: 'mid' }], mails: [messageId] });

    const first = await mkdtemp(path.join(os.tmpdir(), 'adjutant-export-'));
    const written = await exportGame(store, id, first);
    expect(written).toEqual([
      'game.yaml',
      'history/step-0001.yaml',
      'history/step-0002.yaml',
      `mail/${messageId}.eml`,
      'map.yaml',
      'orders.yaml',
      'state.yaml',
    ]);

    const copy = `t-${randomUUID()}`;
    await importGame(store, copy, first);
    const second = await mkdtemp(path.join(os.tmpdir(), 'adjutant-export-'));
    await exportGame(store, copy, second);
    expect(await readTree(second)).toEqual(await readTree(first));
    expect(await store.history(copy)).toEqual(await store.history(id));
    expect(await store.step(copy)).toBe(2);
    // The exported folder is itself a game folder that loads at the current state.
    expect((await loadGame(second)).state).toEqual(await store.state(id));
    await store.deleteGame(id);
    await store.deleteGame(copy);
  });

  it("keeps a game's key image byte for byte through import and export", async () => {
    const demo = path.join(import.meta.dirname, '../../examples/demo-world');
    const id = `t-${randomUUID()}`;
    await importGame(store, id, demo);
    const out = await mkdtemp(path.join(os.tmpdir(), 'adjutant-export-'));
    expect(await exportGame(store, id, out)).toContain('key.png');
    expect(await readFile(path.join(out, 'key.png'))).toEqual(await readFile(path.join(demo, 'key.png')));
    await store.deleteGame(id);
  });
});
