import { fixtureGame, adjudicate } from './test/render/support.ts';
import { renderPrivateReport, renderPublicUpdate, renderGmSummary } from './src/render/report.ts';
const game = await fixtureGame();
const record = adjudicate(game);
console.log(record.events.map(e => JSON.stringify(e)).join('\n'));
const deadline = new Date('2026-12-11T20:00:00Z');
for (const n of ['red', 'blue']) { const r = renderPrivateReport(game, record, n, { nextDeadline: deadline }); console.log('=====', r.subject); console.log(r.text); }
console.log(renderPrivateReport(game, record, 'red').html);
for (const f of ['xenforo', 'phpbb', 'discourse'] as const) console.log('=====', f, '\n' + renderPublicUpdate(game, record, { flavour: f, mapUrl: 'http://maps.example/three-crowns/turn-3/map.png', nextDeadline: deadline }).text);
console.log(renderGmSummary(game, record, ['green'], { nextDeadline: deadline }).text);
