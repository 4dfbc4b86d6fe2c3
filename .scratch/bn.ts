import { readFileSync } from 'node:fs';
import { readMapFile } from '../src/game/map-file.ts';
import { parseMessage } from '../src/orders/parse-message.ts';
import { rulesets } from '../src/rulesets/index.ts';
const { map } = readMapFile('m', readFileSync('test/maps/board-nes-small.yaml', 'utf8'));
const state: any = { turn: 3, phase: 'orders', nations: { red: { id: 'red', name: 'Redmark', gold: 30, taxIncome: 4 }, blue: { id: 'blue', name: 'Bluevale', gold: 10, taxIncome: 5 }, green: { id: 'green', name: 'Greenwood', gold: 10, taxIncome: 3 } },
  provinces: { lon: { owner: 'red', structure: 'city' }, yor: { owner: 'red', structure: 'military-base' }, mid: { owner: null, structure: 'town' }, wal: { owner: null }, edi: { owner: 'blue', structure: 'city' }, cly: { owner: 'blue', structure: 'town' }, lvp: { owner: 'green', structure: 'military-base' } },
  units: [{ id: 'f1', type: 'fleet', nation: 'red', province: 'nth', builtTurn: 0 }, { id: 'a2', type: 'army', nation: 'red', province: 'lon', builtTurn: 0 }, { id: 'a5', type: 'army', nation: 'red', province: 'lon', builtTurn: 0 }, { id: 'f3', type: 'fleet', nation: 'red', province: 'eng', builtTurn: 0 }, { id: 'a4', type: 'army', nation: 'red', province: 'eng', builtTurn: 0, aboard: 'f3' }], nextUnitId: 50, extra: {} };
const ruleset = rulesets.get('board-nes');
const text = process.argv[2];
const r = parseMessage({ ruleset, map: map!, nation: 'red', text, state: process.argv[3] ? undefined : state });
for (const o of r.orders) console.log('ORDER', o.line, JSON.stringify(o.text), '=>', o.canonical, JSON.stringify({ ...o, line: undefined, text: undefined, canonical: undefined }));
for (const a of r.ambiguous) console.log('AMBIG', a.line, a.text, a.candidates.map((c) => c.canonical));
for (const e of r.errors) console.log('ERROR', e.line, e.text, '::', e.code ?? '', e.message, e.suggestions);
for (const i of r.ignored) console.log('IGNOR', i.line, JSON.stringify(i.text), i.why);
