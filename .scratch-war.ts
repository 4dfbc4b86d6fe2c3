import { fixtureGame, adjudicate } from './test/render/support.ts';
import { renderPrivateReport, renderPublicUpdate, renderGmSummary } from './src/render/report.ts';
const game = await fixtureGame('warfare');
console.log(JSON.stringify(game.state.extra), game.state.phase, game.state.turn);
const record = adjudicate(game, {
  germany: [{ kind: 'move', unitType: 'army', province: 'mun', target: 'bur' }, { kind: 'support', unitType: 'army', province: 'ruh', subjectType: 'army', subject: 'mun', target: 'bur' }, { kind: 'move', unitType: 'fleet', province: 'kie', target: 'hol' }],
  france: [{ kind: 'hold', unitType: 'army', province: 'bur' }, { kind: 'move', unitType: 'fleet', province: 'bre', target: 'eng' }, { kind: 'move', unitType: 'army', province: 'mar', target: 'spa' }],
  england: [{ kind: 'move', unitType: 'fleet', province: 'lon', target: 'eng' }, { kind: 'move', unitType: 'fleet', province: 'edi', target: 'nth' }],
}, []);
console.log(record.events.map(e => JSON.stringify(e)).join('\n'));
console.log(renderPrivateReport(game, record, 'france').text);
console.log(renderPublicUpdate(game, record, { flavour: 'xenforo' }).text);
