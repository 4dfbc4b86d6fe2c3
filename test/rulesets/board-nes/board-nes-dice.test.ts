// The board NES dice rule, fought directly through the combat system with forced dice.
import { describe, expect, it } from 'vitest';
import { Dice, type BattleSide } from '../../../src/engine/index.ts';
import { boardNesDice } from '../../../src/combat/board-nes-dice/index.ts';
import { combatSystems } from '../../../src/combat/index.ts';

function side(nation: string, role: BattleSide['role'], n: number, target?: string): BattleSide {
  return { nation, role, target, units: Array.from({ length: n }, (_, i) => ({ id: `${nation}${i + 1}`, nation, type: 'army' })) };
}

describe('board-nes-dice', () => {
  it('is registered under its id', () => {
    expect(combatSystems.get('board-nes-dice')).toBe(boardNesDice);
  });

  it('rolls A*X and D*X dice, rounding losses down for the higher roll and up for the lower', () => {
    const dice = Dice.forced([7, 4]);
    const result = boardNesDice.fight({ place: 'cly', sides: [side('red', 'attacker', 3), side('blue', 'defender', 2)] }, dice);
    expect(dice.draws.map((d) => d.sides)).toEqual([9, 6]);
    // Blue takes 7/3 = 2.33, rounded up (lower roll) and capped at 2; red takes 4/3 = 1.33, rounded down.
    expect(result.killed).toEqual(['red1', 'blue1', 'blue2']);
    expect(result.winner).toBe('red');
    expect(result.rounds).toHaveLength(1);
  });

  it('rounds both up on equal rolls', () => {
    const result = boardNesDice.fight({ place: 'cly', sides: [side('red', 'attacker', 3), side('blue', 'defender', 3)] }, Dice.forced([4, 4, 1, 1]));
    // 4/3 rounded up is 2 each; then one against one, 1 and 1, both up again.
    expect(result.killed).toEqual(['red1', 'red2', 'blue1', 'blue2', 'red3', 'blue3']);
    expect(result.winner).toBeNull();
    expect(result.rounds).toHaveLength(2);
  });

  it('repeats with new A, D and X until one side is gone', () => {
    const dice = Dice.forced([1, 2, 1, 1]);
    const result = boardNesDice.fight({ place: 'cly', sides: [side('red', 'attacker', 2), side('blue', 'defender', 1)] }, dice);
    expect(dice.draws.map((d) => d.sides)).toEqual([4, 2, 1, 1]);
    expect(result.rounds).toHaveLength(2);
    expect(result.winner).toBeNull();
  });

  it("splits a side's hits evenly among the others, and rounds each side once", () => {
    const result = boardNesDice.fight(
      { place: 'mid', sides: [side('red', 'attacker', 2), side('blue', 'attacker', 2), side('green', 'attacker', 2)] },
      Dice.forced([4, 2, 2]),
    );
    // Red's 2 hits go 1 and 1; blue's and green's 1 hit each go half and half.
    expect(result.winner).toBe('red');
    expect(result.killed).toEqual(['red1', 'blue1', 'blue2', 'green1', 'green2']);
  });

  it('puts every hit on an aimed-at nation, and splits again once it is gone', () => {
    const dice = Dice.forced([6, 1, 1, 4, 1]);
    const result = boardNesDice.fight(
      { place: 'mid', sides: [side('red', 'attacker', 2, 'blue'), side('blue', 'attacker', 1), side('green', 'attacker', 3)] },
      dice,
    );
    const [first, second] = result.rounds as Array<{ sides: Array<{ nation: string; hitsTo: string[]; losses: number }> }>;
    // Red's 6/3 = 2 hits all on blue; blue's and green's 1/3 each split between the other two.
    expect(first.sides.map((s) => [s.nation, s.hitsTo, s.losses])).toEqual([
      ['red', ['blue'], 0],
      ['blue', ['red', 'green'], 1],
      ['green', ['red', 'blue'], 1],
    ]);
    expect(second.sides.map((s) => [s.nation, s.hitsTo, s.losses])).toEqual([
      ['red', ['green'], 0],
      ['green', ['red'], 2],
    ]);
    expect(result.winner).toBe('red');
  });

  it('notes an aim at a nation that is not in the battle', () => {
    const result = boardNesDice.fight({ place: 'cly', sides: [side('red', 'attacker', 1, 'green'), side('blue', 'defender', 1)] }, Dice.forced([1, 1]));
    expect(result.notes[0]).toMatch(/red aimed at green, who was not in this battle/);
  });

  it('names the battle, round and side in every roll', () => {
    const dice = Dice.forced([1, 1]);
    boardNesDice.fight({ place: 'edi', sides: [side('blue', 'defender', 1), side('red', 'attacker', 1)] }, dice);
    expect(dice.draws.map((d) => d.purpose)).toEqual([
      'battle in edi, round 1, blue (defender, 1 unit) rolls d1',
      'battle in edi, round 1, red (attacker, 1 unit) rolls d1',
    ]);
  });

  it('always ends, with at most one side standing', () => {
    for (let seed = 0; seed < 200; seed++) {
      const sizes = [1 + (seed % 5), 1 + ((seed * 7) % 4), seed % 3];
      const sides = sizes.map((n, i) => side(['red', 'blue', 'green'][i], i === 0 ? 'defender' : 'attacker', n)).filter((s) => s.units.length);
      const result = boardNesDice.fight({ place: 'p', sides }, Dice.seeded(String(seed)));
      const survivors = sides.filter((s) => s.units.some((u) => !result.killed.includes(u.id)));
      expect(survivors.length).toBeLessThanOrEqual(1);
      expect(result.winner).toBe(survivors[0]?.nation ?? null);
    }
  });
});
