// What a game counts toward its end (src/game/game-standing.ts): the ruleset's standing rules with
// game.yaml's `end`, on the starter games.
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { endRule, endAt } from '../../src/game/game-standing.ts';
import { loadGame } from '../../src/game/load-game.ts';

const starter = (ruleset: string) => path.join(import.meta.dirname, '../../examples/starter', ruleset);

describe('the end rule of a game', () => {
  it("wins warfare with more than half the supply centres, Diplomacy's 18 of 34, unless game.yaml says otherwise", async () => {
    const game = await loadGame(starter('warfare'));
    expect(endRule(game)).toEqual({ target: 18 });
    const ruled = { ...game, config: { ...game.config, end: { target: 12, lastTurn: 20 } } };
    expect(endRule(ruled)).toEqual({ target: 12, lastTurn: 20 });
  });

  it('has no winning count for board NES unless game.yaml sets one, and counts provinces', async () => {
    const game = await loadGame(starter('board-nes'));
    expect(endRule(game)).toEqual({});
    expect(endAt(game, game.state, 1)).toBeNull();
    const won = endAt({ ...game, config: { ...game.config, end: { target: 1 } } }, game.state, 1);
    expect(won).toMatchObject({ why: 'target', counts: 'province' });
  });
});
