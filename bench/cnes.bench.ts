// CNES: one turn on a generated 2,000-province map with 50 nations (median adjudication time), and
// 100,000 battles per matchup with the attacker's share of wins; two 1-against-1 matchups are
// checked against their exact odds (how far the simulation is from them, in percentage points).
import { Dice, type Battle, type Combatant } from '../src/engine/index.ts';
import { fightHeats, killChance, starterCards, type Fighter } from '../src/combat/cnes-heat/index.ts';
import { cnes } from '../src/rulesets/cnes/index.ts';
import { Random, randomMap, randomOrders, randomState } from '../test/rulesets/cnes/generate.ts';
import { context } from '../test/rulesets/cnes/support.ts';

const BATTLES = 100_000;

function turnBench(): void {
  const rnd = new Random(2026);
  const ctx = context(randomMap(rnd, 50, 40));
  const state = randomState(rnd, ctx, 50, 60);
  const orders = randomOrders(rnd, ctx, state, 0.8);
  const times: number[] = [];
  let events = 0;
  for (let run = 0; run < 13; run++) {
    const started = performance.now();
    events = cnes.adjudicate(ctx, state, orders, Dice.seeded(`bench ${run}`)).events.length;
    if (run >= 3) times.push(performance.now() - started);
  }
  times.sort((a, b) => a - b);
  console.error(`provinces ${ctx.map.ids().length}, nations 50, units ${state.units.length}, orders ${Object.values(orders).flat().length}, events ${events}`);
  console.log(JSON.stringify({ bench: 'cnes-turn', value: Math.round(times[Math.floor(times.length / 2)] * 10) / 10, unit: 'ms', target: 200 }));
}

type Card = keyof typeof starterCards;
const army = (nation: string, types: Card[]): Combatant[] => types.map((type, i) => ({ id: `${nation}${i}`, nation, type }));

/** Share of battles the attacker wins, the defender wins, and nobody wins. */
function simulate(attacker: Card[], defender: Card[]): [number, number, number] {
  const battle: Battle = {
    place: 'field',
    sides: [
      { nation: 'a', role: 'attacker', units: army('a', attacker) },
      { nation: 'd', role: 'defender', units: army('d', defender) },
    ],
  };
  const wins = [0, 0, 0];
  for (let i = 0; i < BATTLES; i++) {
    const r = fightHeats(battle, Dice.seeded(`battle ${i}`));
    wins[r.winnerSide === null ? 2 : r.winnerSide]++;
  }
  return wins.map((w) => w / BATTLES) as [number, number, number];
}

/** Exact odds of one unit against one over three heats: a lone survivor wins, two survivors are an even result (the defender holds). */
function exactOneOnOne(attacker: Card, defender: Card): [number, number, number] {
  const fighter = (type: Card, role: 'attacker' | 'defender'): Fighter => {
    const card = starterCards[type];
    return {
      id: type,
      nation: role,
      side: 0,
      cardId: type,
      card,
      power: role === 'attacker' ? card.atk : card.def,
      eva: card.eva,
      ap: card.ap,
      arm: card.arm,
      splashCount: 0,
    };
  };
  const p = killChance(fighter(attacker, 'attacker'), fighter(defender, 'defender'), { splash: false, criticals: true });
  const q = killChance(fighter(defender, 'defender'), fighter(attacker, 'attacker'), { splash: false, criticals: true });
  let alive = 1;
  const out = [0, 0, 0];
  for (let heat = 0; heat < 3; heat++) {
    out[0] += alive * p * (1 - q);
    out[1] += alive * (1 - p) * q;
    out[2] += alive * p * q;
    alive *= (1 - p) * (1 - q);
  }
  out[1] += alive;
  return out as [number, number, number];
}

const pct = (x: number) => Math.round(x * 10000) / 100;

turnBench();
for (const [a, d] of [
  ['infantry', 'militia'],
  ['tank', 'infantry'],
] as Array<[Card, Card]>) {
  const sim = simulate([a], [d]);
  const exact = exactOneOnOne(a, d);
  const gap = Math.max(...sim.map((s, i) => Math.abs(s - exact[i])));
  console.error(
    `${a} against ${d}: attacker ${pct(sim[0])}% (exact ${pct(exact[0])}%), defender ${pct(sim[1])}% (exact ${pct(exact[1])}%), nobody ${pct(sim[2])}% (exact ${pct(exact[2])}%)`,
  );
  console.log(JSON.stringify({ bench: `cnes-odds-${a}-vs-${d}-gap`, value: pct(gap), unit: 'percentage points', target: 0.5 }));
}
for (const [a, d] of [
  [
    ['infantry', 'infantry', 'infantry'],
    ['infantry', 'infantry'],
  ],
  [
    ['tank', 'infantry', 'officer'],
    ['infantry', 'infantry', 'medic'],
  ],
  [
    ['artillery', 'infantry'],
    ['militia', 'militia', 'militia', 'militia'],
  ],
  [
    ['bomber', 'infantry'],
    ['anti-air', 'infantry'],
  ],
] as Array<[Card[], Card[]]>) {
  const sim = simulate(a, d);
  console.log(JSON.stringify({ bench: `cnes-battles ${a.join('+')} vs ${d.join('+')}: attacker wins`, value: pct(sim[0]), unit: '% of 100000', target: null }));
}
