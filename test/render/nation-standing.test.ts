// Where a nation stands, at the top of its page: from its own view of the state, for every
// ruleset's starter game; a treasury only where the ruleset keeps one, and never another's.
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { loadGame } from '../../src/game/load-game.ts';
import { nationStanding } from '../../src/render/report-model.ts';

const STARTERS = fileURLToPath(new URL('../../examples/starter/', import.meta.url));

describe("a nation's standing", () => {
  it.each(['warfare', 'board-nes', 'industrial', 'cnes'])('is its own treasury, provinces and units in the %s starter', async (ruleset) => {
    const game = await loadGame(`${STARTERS}${ruleset}`);
    const [mine, theirs] = Object.keys(game.config.nations);
    const standing = nationStanding(game, mine);
    const owned = Object.values(game.state.provinces).filter((p) => p.owner === mine).length;
    expect(standing.provinces).toHaveLength(owned);
    // Units of a kind in one province are one line ("2 armies in London").
    const counted = standing.units.reduce((n, line) => n + Number(/^(\d+) /.exec(line)?.[1] ?? 1), 0);
    expect(counted).toBe(game.state.units.filter((u) => u.nation === mine).length);
    const gold = game.state.nations[mine].gold;
    expect(standing.gold).toBe(typeof gold === 'number' ? gold : null);
    const other = nationStanding(game, theirs);
    expect(standing.provinces.filter((p) => other.provinces.includes(p))).toEqual([]);
  });
});
