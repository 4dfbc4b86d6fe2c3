import { loadGame } from '../src/game/load-game.ts';
const game = await loadGame('examples/demo-world');
const s = game.state;
console.log(Object.keys(s.nations).length, 'nations; turn', s.turn, s.phase);
for (const n of Object.keys(s.nations).slice(0, 3)) {
  const units = s.units.filter((u) => u.nation === n);
  console.log(n, JSON.stringify(s.nations[n]).slice(0, 200));
  console.log(' units', units.map((u) => `${u.type}@${u.province}`).join(' '));
  const owned = Object.entries(s.provinces).filter(([, p]) => p.owner === n).map(([id, p]) => `${id}:${JSON.stringify(p)}`);
  console.log(' owned', owned.join(' '));
  for (const u of units) console.log('  ', u.province, game.map.province(u.province).name, '->', game.map.neighbours(u.province, u.type).map((p) => `${p.province}(${game.map.province(p.province).name},${game.map.province(p.province).kind},${s.provinces[p.province]?.owner})`).join(' '));
}
