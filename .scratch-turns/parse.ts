import { loadGame } from '../src/game/load-game.ts';
import { parseMessage } from '../src/orders/parse-message.ts';
const game = await loadGame(process.env.DW ?? 'examples/demo-world');
const text = process.argv[2];
const r = parseMessage({ ruleset: game.ruleset, map: game.map, nation: process.argv[3] ?? 'red', text, state: game.state, options: game.ctx.options });
console.log(JSON.stringify(r, null, 1).slice(0, 3000));
