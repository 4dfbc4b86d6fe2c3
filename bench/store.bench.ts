// Commits per second of whole steps (state + history + orders in one Lua script) on the local Redis
// of scripts/services.sh (used when running, else started here and stopped again at the end).
import { randomUUID } from 'node:crypto';
import { performance } from 'node:perf_hooks';
import { GameStore } from '../src/store/game-store.ts';
import { connectRedis } from '../src/store/redis.ts';
import { localServices } from '../test/support/local-services.ts';
import type { TurnRecord } from '../src/store/turn-record.ts';

const local = await localServices(['redis']).catch((e: Error) => {
  console.error(`store bench: ${e.message}`);
  process.exit(1);
});
const redis = connectRedis(process.env.REDIS_URL!);
// Commands wait for a reconnect in the service; here a Redis that does not answer is a failed bench.
const reachable = await Promise.race([redis.ping().then(() => true), new Promise<boolean>((r) => setTimeout(() => r(false), 10_000))]);
if (!reachable) {
  console.error(`store bench: Redis at ${process.env.REDIS_URL} did not answer within 10 s.`);
  redis.disconnect();
  await local.release();
  process.exit(1);
}
const store = new GameStore(redis);
const id = `bench-${randomUUID()}`;
const state = {
  turn: 1,
  phase: 'orders',
  nations: Object.fromEntries(Array.from({ length: 20 }, (_, i) => [`n${i}`, { id: `n${i}`, name: `Nation ${i}`, gold: 10 }])),
  provinces: Object.fromEntries(Array.from({ length: 200 }, (_, i) => [`p${i}`, { owner: `n${i % 20}` }])),
  units: Array.from({ length: 300 }, (_, i) => ({ id: `a${i}`, type: 'army', nation: `n${i % 20}`, province: `p${i % 200}` })),
  nextUnitId: 301,
  extra: {},
};
await store.createGame(id, { files: { 'game.yaml': 'title: bench' }, state });
const steps = 300;
const started = performance.now();
for (let step = 1; step <= steps; step++) {
  const record: TurnRecord = {
    step,
    turn: step,
    phase: 'orders',
    seed: String(step),
    dice: [],
    orders: {},
    events: [],
    stateBefore: state,
    stateAfter: { ...state, turn: step + 1 },
    ordersVersion: 0,
    mails: [],
    committedAt: new Date(0).toISOString(),
  };
  await store.commitStep(id, record);
}
const seconds = (performance.now() - started) / 1000;
console.log(JSON.stringify({ bench: 'store-commit-step', value: Math.round(steps / seconds), unit: 'steps/s', target: 100 }));
await store.deleteGame(id);
redis.disconnect();
await local.release();
