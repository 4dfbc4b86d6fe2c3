import { MapBuilder } from '../src/engine/index.ts';
import { grammarFor } from '../src/orders/grammars.ts';
import { NameResolver, provinceNames } from '../src/orders/names.ts';
import { lineTokens } from '../src/orders/tokens.ts';
import { parseTokens } from '../src/orders/parse-line.ts';
import { readLine } from '../src/orders/readings.ts';
import { parseMessage } from '../src/orders/parse-message.ts';
import { orderRuleset } from '../test/orders/support/rulesets.ts';
const b = new MapBuilder();
for (let i = 0; i < 200; i++) b.province(`p${i}`, i % 5 === 0 ? 'sea' : 'coastal', { name: `Name${i} Vale`, aliases: [`N${i}`] });
for (let i = 0; i < 199; i++) b.border(`p${i}`, `p${i + 1}`);
const map = b.build();
const g = grammarFor('warfare');
const names = new NameResolver([provinceNames(map)]);
const lines = ['A p1 - p2', 'F p3 S A p4 - p5', 'move the army in Name7 Vale to Name8 Vale', 'Name9 Vale army holds', 'F p10 C A p11 - p12', 'Build F p13', 'A p14 - p15; F p16 H', 'Hi GM, see you next turn'];
const N = 20000;
const ctx = { map, nation: 'red', names, knowsNations: false };
const ruleset = orderRuleset('warfare');
function time(label: string, f: (l: string) => void) {
  for (let i = 0; i < 2000; i++) f(lines[i % lines.length]);
  const t = performance.now();
  for (let i = 0; i < N; i++) f(lines[i % lines.length]);
  console.log(label, ((performance.now() - t) * 1000 / N).toFixed(1), 'us/line');
}
const toks = new Map(lines.map((l) => [l, (lineTokens(l, g.vocabulary, names) as any).tokens]));
const parses = new Map(lines.map((l) => [l, parseTokens(g, toks.get(l))]));
time('tokens', (l) => lineTokens(l, g.vocabulary, names));
time('parse', (l) => parseTokens(g, toks.get(l)));
time('read', (l) => { const p = parses.get(l)!; if (p.ok) readLine(p.results, ctx as any); });
time('whole', (l) => parseMessage({ ruleset, map, nation: 'red', text: l }));
for (const l of lines) { const t = performance.now(); for (let i = 0; i < 2000; i++) parseTokens(g, toks.get(l)); console.log(((performance.now() - t) * 1000 / 2000).toFixed(1).padStart(6), l); }
