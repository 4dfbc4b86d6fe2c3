// One industrial turn for 30 nations on a generated 600-province map (150 x 4 land, 150 seas),
// 40 units each and every nation sending a full set of orders of every kind. Prints the median
// adjudication time over several runs; the target is under 200 ms.
import { combatSystems } from '../src/combat/index.ts';
import { Dice } from '../src/engine/index.ts';
import { industrial } from '../src/rulesets/industrial/index.ts';
import { industrialOptions } from '../src/rulesets/industrial/options.ts';
import { Random, randomMap, randomOrders, randomState } from '../test/rulesets/industrial/generate.ts';

const rnd = new Random(2026);
const width = 150;
const height = 4;
const map = randomMap(rnd, width, height);
const ctx = { map, options: industrialOptions.parse({ firstSeason: 'winter' }), combat: combatSystems };
const state = randomState(rnd, ctx, width, height, 30, 40);
const orders = randomOrders(rnd, ctx, state, 40);

const times: number[] = [];
let events = 0;
for (let run = 0; run < 13; run++) {
  const started = performance.now();
  const result = industrial.adjudicate(ctx, state, orders, Dice.seeded(`bench ${run}`));
  const ms = performance.now() - started;
  events = result.events.length;
  if (run >= 3) times.push(ms); // the first runs warm the JIT up
}
times.sort((a, b) => a - b);
const median = times[Math.floor(times.length / 2)];
console.error(`provinces ${map.ids().length}, nations 30, units ${state.units.length}, orders ${Object.values(orders).flat().length}, events ${events}`);
console.log(JSON.stringify({ bench: 'industrial-turn', value: Math.round(median * 10) / 10, unit: 'ms', target: 200 }));
