// Board NES at scale. "board-nes-turn": one turn on a generated 2,000-province map, 50 nations,
// 5,000 units, every nation sending a full set of legal orders (median adjudication time over
// several runs). "board-nes-setup-2000" and "board-nes-setup": setting a game up from its folder's
// texts (game.yaml and map.yaml read and checked, the map built, the starting state made) at 2,000
// and 12,000 provinces, as a GM's `game import` would.
import { Dice } from '../src/engine/index.ts';
import { openGame } from '../src/game/open-game.ts';
import { boardNes } from '../src/rulesets/board-nes/index.ts';
import { Random, randomGameFiles, randomMap, randomOrders, randomState } from '../test/rulesets/board-nes/generate.ts';
import { context } from '../test/rulesets/board-nes/support.ts';

function setUp(provinces: number): number {
  const files = randomGameFiles(new Random(provinces), Math.round(provinces * 0.85), Math.round(provinces * 0.15), 50);
  const started = performance.now();
  const { game, problems } = openGame(`setup-${provinces}`, files);
  const ms = performance.now() - started;
  if (!game) throw new Error(`the generated ${provinces}-province game does not open: ${problems[0]?.message}`);
  return ms;
}

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
// Set-up after the turn, so the set-ups' garbage does not weigh on the turn's collections; the turn
// runs none of the set-up's code (YAML, schemas, map building), which is as cold as in a fresh process.
const setup2000 = setUp(2000);
const setup12000 = setUp(12_000);
console.error(`provinces ${map.ids().length}, nations 50, units ${state.units.length}, orders ${Object.values(orders).flat().length}, events ${events}`);
console.log(JSON.stringify({ bench: 'board-nes-turn', value: Math.round(median * 10) / 10, unit: 'ms', target: 200 }));
console.log(JSON.stringify({ bench: 'board-nes-setup-2000', value: Math.round(setup2000), unit: 'ms', target: 1000 }));
console.log(JSON.stringify({ bench: 'board-nes-setup', value: Math.round(setup12000), unit: 'ms', target: 1000 }));
