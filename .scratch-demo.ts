import { readFileSync, writeFileSync } from 'node:fs';
import { loadGame } from './src/game/load-game.ts';
import { renderMap } from './src/render/render-map.ts';
const game = await loadGame('examples/demo-world');
const state = structuredClone(game.state);
// spread ownership: each home claims its neighbours
for (const [id, p] of Object.entries(state.provinces)) if (p.owner) for (const n of game.map.touches(id)) if (state.provinces[n] && !state.provinces[n].owner && game.map.province(n).kind !== 'sea' && (n.charCodeAt(0) + n.charCodeAt(1)) % 2) state.provinces[n].owner = p.owner;
const fleet = state.units.find((u) => u.type === 'fleet')!;
state.units.push({ id: 'x1', type: 'army', nation: fleet.nation, province: fleet.province, aboard: fleet.id }, { id: 'x2', type: 'army', nation: fleet.nation, province: fleet.province, aboard: fleet.id });
for (let i = 0; i < 12; i++) state.units.push({ id: `y${i}`, type: 'army', nation: 'blue', province: 'ist' });
const view = game.ruleset.publicView(game.ctx, state, []);
const t = performance.now();
const png = await renderMap({ map: game.map, view, title: game.config.title, caption: 'After turn 1 · 4 December 2026', colours: Object.fromEntries(Object.entries(game.config.nations).map(([id, n]) => [id, n.colour])), keyImage: readFileSync('examples/demo-world/key.png') });
console.log('ms', performance.now() - t);
writeFileSync('/tmp/fx/demo-map.png', png);
