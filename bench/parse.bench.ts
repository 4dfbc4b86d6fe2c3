// The order reader measured: the share of the order corpus (test/orders) read as intended and the
// lines that gave an order nobody meant, then speed: lines per second through parseMessage on a
// generated 200-province map, and the slowest single line. Run: npm run bench -- parse
import { MapBuilder, type MapGraph } from '../src/engine/index.ts';
import { parseMessage } from '../src/orders/parse-message.ts';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { corpusFiles, measure } from '../test/orders/support/corpus.ts';
import { orderRuleset } from '../test/orders/support/rulesets.ts';

const corpusDir = path.join(path.dirname(fileURLToPath(import.meta.url)), '..', 'test', 'orders');

const PROVINCES = 200;
const SYLLABLES = [
  'ar',
  'bel',
  'cor',
  'dun',
  'el',
  'fen',
  'gar',
  'hol',
  'is',
  'kar',
  'lor',
  'mar',
  'nor',
  'os',
  'pel',
  'quin',
  'ros',
  'sil',
  'tor',
  'ul',
  'val',
  'wes',
  'yr',
  'zan',
];

/** A ring of coastal provinces around seas, with inland provinces behind: every kind of border. */
function generatedMap(): { map: MapGraph; names: string[] } {
  const builder = new MapBuilder();
  const names: string[] = [];
  const kinds = (i: number) => (i % 5 === 0 ? 'sea' : i % 5 === 4 ? 'land' : 'coastal');
  for (let i = 0; i < PROVINCES; i++) {
    const a = SYLLABLES[i % SYLLABLES.length];
    const b = SYLLABLES[Math.floor(i / SYLLABLES.length) % SYLLABLES.length];
    const name = `${a[0].toUpperCase()}${a.slice(1)}${b}${i % 3 === 0 ? ' Vale' : ''}`;
    names.push(name);
    builder.province(`p${i}`, kinds(i), { name, aliases: [`${name} Land`] });
  }
  for (let i = 0; i < PROVINCES; i++) {
    for (const j of [i + 1, i + 5]) if (j < PROVINCES) builder.border(`p${i}`, `p${j}`);
  }
  return { map: builder.build(), names };
}

function orderLines(names: string[], count: number): string[] {
  const pick = (i: number) => names[(i * 7919) % names.length];
  const id = (i: number) => `p${(i * 7919) % names.length}`;
  const forms = [
    (i: number) => `A ${id(i)} - ${id(i + 1)}`,
    (i: number) => `F ${id(i)} S A ${id(i + 2)} - ${id(i + 3)}`,
    (i: number) => `move the army in ${pick(i)} to ${pick(i + 1)}`,
    (i: number) => `${pick(i)} army holds`,
    (i: number) => `F ${pick(i)} convoys A ${pick(i + 1)} to ${pick(i + 2)}`,
    (i: number) => `A ${pick(i).toLowerCase()} supports ${pick(i + 1)}`,
    (i: number) => `Build F ${id(i)}`,
    (i: number) => `A ${pick(i).slice(0, -1)}x - ${pick(i + 4)}`, // a typing slip
    (i: number) => `A ${id(i)} - ${id(i + 1)}; F ${id(i + 2)} H`,
    (_i: number) => `Hi GM, see you next turn`,
  ];
  return Array.from({ length: count }, (_, i) => forms[i % forms.length](i));
}

const { map, names } = generatedMap();
const ruleset = orderRuleset('warfare');
const lines = orderLines(names, 10_000);
const parse = (text: string) => parseMessage({ ruleset, map, nation: 'red', text });

// Warm-up: JIT, the name index, the fuzzy caches' first fill.
for (const line of lines.slice(0, 2_000)) parse(line);

// Messages of twenty lines, as players send them. Throughput is counted in CPU time, so other
// work on a shared machine does not count against the parser: it is what one core can do.
const cpuBefore = process.cpuUsage();
for (let i = 0; i < lines.length; i += 20) parse(lines.slice(i, i + 20).join('\n'));
const cpu = process.cpuUsage(cpuBefore);
const seconds = (cpu.user + cpu.system) / 1e6;

// Each line alone, its time the best of three runs: the line's own cost, not a pause for garbage
// collection or another process that happened to fall on it.
let slowest = 0;
for (const line of lines) {
  let best = Infinity;
  for (let run = 0; run < 3; run++) {
    const t = performance.now();
    parse(line);
    best = Math.min(best, performance.now() - t);
  }
  slowest = Math.max(slowest, best);
}

console.log(JSON.stringify({ bench: 'parse-lines-per-second', value: Math.round(lines.length / seconds), unit: 'lines/s', target: 30_000 }));
console.log(JSON.stringify({ bench: 'parse-slowest-line', value: Number(slowest.toFixed(3)), unit: 'ms', target: 5 }));

// The corpus last: its games' name indexes and caches would otherwise weigh on the speed figures.
// Warfare and board NES are measured on their forum-style corpora of 1,500 lines and more; CNES and
// industrial on their rule documents' sentences and players' wordings, 300 lines and more.
const corpusLines = { warfare: 1500, 'board-nes': 1500, cnes: 300, industrial: 300 } as const;
for (const [rulesetId, minimum] of Object.entries(corpusLines)) {
  const m = measure(corpusFiles(path.join(corpusDir, rulesetId)));
  console.log(JSON.stringify({ bench: `parse-corpus-${rulesetId}-lines`, value: m.lines, unit: 'lines', target: minimum }));
  console.log(
    JSON.stringify({ bench: `parse-corpus-${rulesetId}-read-as-intended`, value: Number(((100 * m.intended) / m.lines).toFixed(2)), unit: '%', target: 98 }),
  );
  console.log(JSON.stringify({ bench: `parse-corpus-${rulesetId}-carried-out-wrongly`, value: m.wrong.length, unit: 'lines', target: 0 }));
}
