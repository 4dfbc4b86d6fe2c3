import { MapBuilder } from '../src/engine/index.ts';
import { parseMessage } from '../src/orders/parse-message.ts';
import { orderRuleset } from '../test/orders/support/rulesets.ts';
const b = new MapBuilder();
for (let i = 0; i < 200; i++) b.province(`p${i}`, i % 5 === 0 ? 'sea' : 'coastal', { name: `Name${i} Vale`, aliases: [`N${i}`] });
for (let i = 0; i < 199; i++) b.border(`p${i}`, `p${i + 1}`);
const map = b.build();
const ruleset = orderRuleset('warfare');
const lines = ['A p1 - p2', 'F p3 S A p4 - p5', 'move the army in Name7 Vale to Name8 Vale', 'Name9 Vale army holds', 'F p10 C A p11 - p12', 'Build F p13', 'A p14 - p15; F p16 H', 'Hi GM, see you next turn', 'A Nme7 Vale - Name8 Vlae'];
const times: number[] = [];
for (let r = 0; r < 3000; r++) for (const l of lines) { const t = performance.now(); parseMessage({ ruleset, map, nation: 'red', text: l }); times.push(performance.now() - t); }
times.sort((a, b) => b - a);
console.log(times.slice(0, 10).map((t) => t.toFixed(2)).join(' '), 'p99', times[Math.floor(times.length / 100)].toFixed(3));
