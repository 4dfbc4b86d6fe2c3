// When a nation is out and when the game is over (src/engine/game-end.ts), from public views.
import { describe, expect, it } from 'vitest';
import { eliminatedNations, gameEnd, provinceStanding, type PublicView } from '../../src/engine/index.ts';

function view(turn: number, nations: Record<string, [provinces: number, units: number]>): PublicView {
  return {
    turn,
    phase: 'orders',
    nations: Object.entries(nations).map(([id, [provinces, units]]) => ({ id, name: id, provinces, units })),
    provinces: {},
    units: [],
    events: [],
  };
}

const start = view(1, { red: [2, 1], blue: [2, 1], green: [1, 0], late: [0, 0] });

describe('nations out of the game', () => {
  it('counts out a nation left with nothing, but not one that began with nothing', () => {
    const now = view(4, { red: [4, 2], blue: [0, 1], green: [0, 0], late: [0, 0] });
    expect(eliminatedNations(provinceStanding, start, now)).toEqual(['green']);
  });
});

describe('the end of the game', () => {
  it('goes on while no rule ends it', () => {
    const now = view(3, { red: [3, 1], blue: [1, 1], green: [1, 0], late: [0, 0] });
    expect(gameEnd(provinceStanding, now, [], { target: 4, lastTurn: 5 }, 2)).toBeNull();
  });

  it('ends when a nation holds the target, and names the standing highest first', () => {
    const now = view(3, { red: [4, 1], blue: [1, 1], green: [0, 0], late: [0, 0] });
    expect(gameEnd(provinceStanding, now, ['green'], { target: 4 }, 2)).toEqual({
      turn: 2,
      why: 'target',
      winners: ['red'],
      counts: 'province',
      standing: [
        { nation: 'red', score: 4 },
        { nation: 'blue', score: 1 },
        { nation: 'late', score: 0 },
      ],
    });
  });

  it('ends with the last nation standing, whatever the target', () => {
    const now = view(6, { red: [5, 3], blue: [0, 0] });
    expect(gameEnd(provinceStanding, now, ['blue'], { target: 30 }, 5)).toMatchObject({ why: 'last-standing', winners: ['red'] });
  });

  it('ends once the last turn is played, a tie shared as a draw', () => {
    const now = view(11, { red: [3, 1], blue: [3, 2], green: [1, 0] });
    expect(gameEnd(provinceStanding, now, [], { lastTurn: 10 }, 10)).toMatchObject({ why: 'last-turn', winners: ['blue', 'red'] });
    expect(gameEnd(provinceStanding, view(10, { red: [3, 1], blue: [3, 2] }), [], { lastTurn: 10 }, 9)).toBeNull();
  });
});
