// One board NES turn on a generated 2,000-province map: 50 nations, 5,000 units, every nation
// sending a full set of legal orders. Prints the median adjudication time over several runs.
import { Dice } from '../src/engine/index.ts';
import { boardNes } from '../src/rulesets/board-nes/index.ts';
import { Random, randomMap, randomOrders, randomState } from '../test/rulesets/board-nes/generate.ts';
import { context } from '../test/rulesets/board-nes/support.ts';

const rnd = new Random(2024);
const map = randomMap(rnd, 1700, 300);
const ctx = context(map);
const state = randomState(rnd, map, 50, 100);
const orders = randomOrders(rnd, ctx, state, 80);

const times: number[] = [];
let events = 0;
for (let run = 0; run < 13; run++) {
  const started = performance.now();
  const result = boardNes.adjudicate(ctx, state, orders, Dice.seeded(`bench ${run}`));
  const ms = performance.now() - started;
  events = result.events.length;
  if (run >= 3) times.push(ms); // the first runs warm the JIT up
}
times.sort((a, b) => a - b);
const median = times[Math.floor(times.length / 2)];
console.error(`provinces ${map.ids().length}, nations 50, units ${state.units.length}, orders ${Object.values(orders).flat().length}, events ${events}`);
console.log(JSON.stringify({ bench: 'board-nes-turn', value: Math.round(median * 10) / 10, unit: 'ms', target: 200 }));
