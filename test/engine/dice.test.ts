import { describe, expect, it } from 'vitest';
import { Dice, DiceError } from '../../src/engine/index.ts';

describe('dice', () => {
  it('replays the same rolls from the same seed, and records every draw', () => {
    const roll = (seed: string) => {
      const dice = Dice.seeded(seed);
      const values = Array.from({ length: 50 }, (_, i) => dice.roll(6 + (i % 7), `roll ${i}`));
      return { values, draws: dice.draws };
    };
    const a = roll('turn-7');
    expect(roll('turn-7')).toEqual(a);
    expect(roll('turn-8').values).not.toEqual(a.values);
    expect(a.draws).toHaveLength(50);
    expect(a.draws[3]).toEqual({ sides: 9, value: a.values[3], purpose: 'roll 3' });
    a.draws.forEach((d) => expect(d.value).toBeGreaterThanOrEqual(1));
    a.draws.forEach((d) => expect(d.value).toBeLessThanOrEqual(d.sides));
  });

  it('covers every face of a die over many rolls', () => {
    const dice = Dice.seeded('faces');
    const seen = new Set(Array.from({ length: 600 }, () => dice.roll(6, 'face')));
    expect([...seen].sort()).toEqual([1, 2, 3, 4, 5, 6]);
  });

  it('shows forced values in order and fails loudly when they run out or cannot be shown', () => {
    const dice = Dice.forced([3, 12]);
    expect(dice.roll(6, 'first')).toBe(3);
    expect(dice.roll(20, 'second')).toBe(12);
    expect(dice.unusedForced).toBe(0);
    expect(() => dice.roll(6, 'third')).toThrow(DiceError);
    expect(() => Dice.forced([7]).roll(6, 'too big')).toThrow(/d6 \(1 to 6\)/);
  });

  it('can force the first rolls and seed the rest', () => {
    const dice = Dice.forcedThenSeeded([2], 'rest');
    expect(dice.roll(6, 'forced')).toBe(2);
    const rest = dice.roll(6, 'seeded');
    expect(rest).toBeGreaterThanOrEqual(1);
    expect(dice.draws).toHaveLength(2);
  });
});
