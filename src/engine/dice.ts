// Dice for adjudication. Seeded, never global: every draw is recorded (sides, value, purpose)
// in the turn record, so a turn replays bit for bit, and tests or scenarios can force results.
import { xoroshiro128plus } from 'pure-rand/generator/xoroshiro128plus';
import { uniformInt } from 'pure-rand/distribution/uniformInt';

export interface DiceDraw {
  sides: number;
  value: number;
  /** What the roll decided, e.g. "battle in par, round 1, red attacks". */
  purpose: string;
}

/** A forced list ran out, or held a value the die cannot show: the scenario or replay is wrong. */
export class DiceError extends Error {
  override name = 'DiceError';
}

/** A seed is any string (turn records keep it as text); it is hashed to the generator's 32-bit seed. */
export function seedNumber(seed: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < seed.length; i++) {
    h ^= seed.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return h | 0;
}

export class Dice {
  readonly draws: DiceDraw[] = [];
  private forcedUsed = 0;

  private constructor(
    private readonly forcedValues: readonly number[],
    private readonly fallback: ((sides: number) => number) | null,
  ) {}

  static seeded(seed: string): Dice {
    const rng = xoroshiro128plus(seedNumber(seed));
    return new Dice([], (sides) => uniformInt(rng, 1, sides));
  }

  /** Dice that show exactly these values, in order; running out or an impossible value is an error. */
  static forced(values: readonly number[]): Dice {
    return new Dice(values, null);
  }

  /** Forced values first, then the seed: for scenarios that pin only the rolls they care about. */
  static forcedThenSeeded(values: readonly number[], seed: string): Dice {
    const rng = xoroshiro128plus(seedNumber(seed));
    return new Dice(values, (sides) => uniformInt(rng, 1, sides));
  }

  roll(sides: number, purpose: string): number {
    if (!Number.isInteger(sides) || sides < 1) {
      throw new DiceError(`A die must have a whole number of sides, at least 1 (got ${sides}) for ${purpose}.`);
    }
    const value = this.draw(sides, purpose);
    this.draws.push({ sides, value, purpose });
    return value;
  }

  /** Forced values the turn did not use: a scenario that forces more than it needs is probably wrong. */
  get unusedForced(): number {
    return this.forcedValues.length - this.forcedUsed;
  }

  private draw(sides: number, purpose: string): number {
    if (this.forcedUsed < this.forcedValues.length) {
      const v = this.forcedValues[this.forcedUsed++];
      if (!Number.isInteger(v) || v < 1 || v > sides) {
        throw new DiceError(`Forced die ${this.forcedUsed} is ${v}, but it is a d${sides} (1 to ${sides}) rolled for ${purpose}.`);
      }
      return v;
    }
    if (!this.fallback) {
      throw new DiceError(
        `Only ${this.forcedValues.length} forced dice were given, but the turn needs more: roll ${this.draws.length + 1} is a d${sides} for ${purpose}.`,
      );
    }
    return this.fallback(sides);
  }
}
