import { GameStore } from '../src/store/game-store.ts';
import { connectRedis } from '../src/store/redis.ts';
const r = connectRedis(process.env.URL!);
const s = new GameStore(r);
const id = process.argv[2];
for (const rec of await s.history(id)) {
  console.log('step', rec.step, 'turn', rec.turn, rec.committedAt, 'orders', JSON.stringify(rec.orders).slice(0, 400));
  console.log('  events', rec.events.filter((e) => e.type.startsWith('order.failed')).map((e) => `${e.nation}:${e.reason}`).join(' '));
}
const sched = await r.get(`adjutant:{${id}}:schedule`); console.log(sched);
const results = await r.hgetall(`adjutant:{${id}}:mail:results`);
for (const [k, v] of Object.entries(results).slice(0, 40)) { const j = JSON.parse(v); console.log(k.slice(0, 8), j.at, j.outcome, j.code ?? '', j.nation ?? ''); }
r.disconnect();
