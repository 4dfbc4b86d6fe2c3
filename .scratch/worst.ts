import { readFileSync } from 'node:fs';
import { readMapFile } from '../src/game/map-file.ts';
import { parseMessage } from '../src/orders/parse-message.ts';
import { orderRuleset } from '../test/orders/support/rulesets.ts';
const { map } = readMapFile('m', readFileSync('test/maps/orders-standard.yaml', 'utf8'));
const ruleset = orderRuleset('warfare');
const words = ['A', 'F', 'S', 'C', 'H', '-', 'to', 'Par', 'Bur', 'army', 'the', 'move', 'support', 'and', ',', ';', 'build', 'waive', 'two', 'via', 'convoy', 'north', 'sea', 'Spa', '/', 'nc', '(', ')', 'xyz', 'Lon', 'Nth'];
let worst = 0; let worstLine = ''; const all: [number,string][] = [];
let seed = 1; const rnd = () => { seed = (seed * 1103515245 + 12345) & 0x7fffffff; return seed / 0x7fffffff; };
for (let i = 0; i < 3000; i++) {
  const n = 1 + Math.floor(rnd() * 78);
  const line = Array.from({ length: n }, () => words[Math.floor(rnd() * words.length)]).join(' ');
  const t = performance.now();
  parseMessage({ ruleset, map: map!, nation: 'france', text: line });
  const d = performance.now() - t;
  if (i > 300) all.push([d, line]);
}
all.sort((a,b)=>b[0]-a[0]); for (const [d,l] of all.slice(0,6)) console.log(d.toFixed(2),'ms', l.split(' ').length, l.slice(0,150));
const patho = ['A Par - Bur, '.repeat(19), 'A Lon - Nth - '.repeat(19) + 'Nwy', 'build A Par, '.repeat(25), 'A A A A A A A A A A A A A A A A A A A A A A A A A A A A A A A A A A A A A A A A', 'A Par S A Par S A Par S A Par S A Par S A Par S A Par S A Par S A Par S A Par - Bur', '- - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - -', 'waive waive waive waive waive waive waive waive waive waive waive waive waive waive waive waive waive waive waive waive waive waive waive waive'];
for (const p of patho) { const t = performance.now(); const r = parseMessage({ ruleset, map: map!, nation: 'france', text: p }); console.log((performance.now() - t).toFixed(1), 'ms', r.orders.length, r.ambiguous.length, r.errors.length, p.slice(0, 50)); }
