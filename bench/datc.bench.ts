// The DATC as other adjudicators measure it (jDip runs the DATC in a loop): every case of
// test/datc/datc_v3.json through the warfare ruleset, each case's state and orders built beforehand
// (jDip too reads its cases before it starts the clock), and timed: every phase of every case
// adjudicated, its orders checked (illegal ones refused with their reason), resolved and reported,
// the next state made. Orders per second are every order of every case over the median time of a
// warm pass. A pass is warm once the JIT has settled: here that takes some 150 to 200 passes (the
// first pass takes about three times as long as a warm one), so 300 go first, untimed.
// Run: npm run bench -- datc
import { performance } from 'node:perf_hooks';
import { prepareDatc } from '../src/datc/run-datc.ts';

const datc = prepareDatc();
const passes: number[] = [];
const WARM_UP = 300;
for (let i = 0; i < WARM_UP + 500; i++) {
  const started = performance.now();
  for (const c of datc) c.run();
  if (i >= WARM_UP) passes.push(performance.now() - started);
}
passes.sort((a, b) => a - b);
const ms = passes[Math.floor(passes.length / 2)];
const orders = datc.reduce((sum, c) => sum + c.orders, 0);
console.log(JSON.stringify({ bench: 'warfare-datc', value: Math.round(ms * 1000) / 1000, unit: 'ms', target: 3 }));
console.log(JSON.stringify({ bench: 'warfare-datc-orders-per-second', value: Math.round(orders / (ms / 1000)), unit: 'orders/s', target: 800_000 }));
