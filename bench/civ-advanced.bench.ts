// The creator's "Rambo" figures for civ-advanced combat (document: 6.1% and 0.9%), measured over
// 100,000 seeded battles each, and how many battles per second the system fights (full records).
// Run: node --import tsx bench/civ-advanced.bench.ts
import { measureRambo } from '../test/combat/civ-advanced/rambo.ts';

const battles = 100_000;
const claims = [
  { modifier: 2, enemies: 5, target: 6.1 },
  { modifier: 3, enemies: 10, target: 0.9 },
];

let fought = 0;
let seconds = 0;
for (const { modifier, enemies, target } of claims) {
  const measured = measureRambo(modifier, enemies, battles, `rambo-${modifier}-vs-${enemies}`);
  fought += measured.battles;
  seconds += measured.seconds;
  const value = Number(measured.percent.toFixed(3));
  console.log(JSON.stringify({ bench: `civ-advanced-rambo-${modifier}-vs-${enemies}`, value, unit: '%', target }));
}
console.log(JSON.stringify({ bench: 'civ-advanced-battles-per-second', value: Math.round(fought / seconds), unit: 'battles/s', target: 20_000 }));
