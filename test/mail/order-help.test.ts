// The orders each game's players are shown in HELP and the welcome mail (src/messages/order-help.ts):
// only the kinds the game's options take, in players' words, every example understood by the
// game's own reader.
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { loadGame, readGameFolder } from '../../src/game/load-game.ts';
import { openGame } from '../../src/game/open-game.ts';
import { orderHelp } from '../../src/messages/order-help.ts';
import { parseMessage } from '../../src/orders/parse-message.ts';

const STARTERS = fileURLToPath(new URL('../../examples/starter/', import.meta.url));

describe('the orders players are shown', () => {
  it.each(['warfare', 'board-nes', 'cnes', 'industrial'])('in the %s starter game are in players words, each example understood', async (ruleset) => {
    const game = await loadGame(`${STARTERS}${ruleset}`);
    const help = orderHelp(game);
    expect(help.length).toBeGreaterThan(3);
    const nation = Object.keys(game.config.nations)[0];
    for (const { summary, examples } of help) {
      expect(summary).not.toMatch(/Slots:|\?,|unitType/);
      for (const text of examples) {
        const read = parseMessage({ ruleset: game.ruleset, map: game.map, nation, text, state: undefined });
        expect({ text, errors: read.errors }).toEqual({ text, errors: [] });
        expect(read.orders.length + read.ambiguous.length).toBeGreaterThan(0);
      }
    }
  });

  it('shows unit kinds and battle plans to a board NES game fought with civ-advanced combat, and to no other', async () => {
    const files = await readGameFolder(`${STARTERS}board-nes`);
    const words = (yaml: string) => {
      const { game, problems } = openGame('help', { ...files, 'game.yaml': yaml });
      if (!game) throw new Error(problems.map((p) => p.message).join('\n'));
      return orderHelp(game)
        .flatMap((k) => [k.summary, ...k.examples])
        .join('\n');
    };
    const dice = words(files['game.yaml']);
    expect(dice).not.toMatch(/battle plan|swordsmen|unit kind/i);
    expect(dice).toContain('Buy army in lon');
    const civ = words(files['game.yaml'].replace('combat: board-nes-dice', 'combat: civ-advanced\n  era: 1'));
    expect(civ).toMatch(/Battle plan: /);
    expect(civ).toContain('Buy 2 swordsmen in lon');
  });
});
