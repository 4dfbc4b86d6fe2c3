// Example 1 (Basic combat) of the civ-advanced document, phase by phase. The dice are chosen to give
// the totals the document states; the choices it describes are passed as battle plans.
import { describe, expect, it } from 'vitest';
import { Dice, type Battle } from '../../../src/engine/index.ts';
import { civAdvancedCombat } from '../../../src/combat/civ-advanced/index.ts';
import { army, end, kindsOf, phases, runningTotals, side } from './armies.ts';

// Phase 1: Bob "rolls six dice for a base attack of 12" (the six counts as five), Alice "rolls six
// dice for a base defense of 26"; phase 2: Bob "two dice for a 6", Alice "two dice for a 9";
// phase 3: Bob "rolls a 4", Alice "rolls a 3".
const documentDice = [6, 2, 2, 1, 1, 1, 6, 5, 5, 5, 4, 2, 2, 4, 4, 5, 4, 3];

function example1(plans: boolean): Battle {
  return {
    place: 'alice-city',
    sides: [
      {
        nation: 'bob',
        role: 'attacker',
        units: army('bob', ['swordsmen', 3], ['chariots', 3], ['catapults', 3]),
        ...(plans && { plan: { wave: ['swordsmen', 'catapults'] } }),
      },
      {
        nation: 'alice',
        role: 'defender',
        units: army('alice', ['catapults', 5], ['chariots', 1]),
        ...(plans && { plan: { casualties: ['chariots', 'catapults'] } }),
      },
    ],
    // "It is the ancient era." "Bob controls 6 technologies and Alice has 4."
    context: { settlement: true, era: 1, technologies: { bob: 6, alice: 4 } },
  };
}

describe('civ-advanced, Example 1 (Basic combat)', () => {
  const dice = Dice.forced(documentDice);
  const result = civAdvancedCombat.fight(example1(true), dice);
  const [one, two, three] = phases(result);

  it('uses every die the document rolls, in its order, each with a purpose', () => {
    expect(dice.unusedForced).toBe(0);
    expect(dice.draws).toHaveLength(documentDice.length);
    expect(dice.draws[0].purpose).toBe('civ-advanced in alice-city, phase 1, bob base roll 1/6');
    expect(dice.draws[6].purpose).toBe('civ-advanced in alice-city, phase 1, alice base roll 1/6');
    expect(dice.draws.at(-1)!.purpose).toBe('civ-advanced in alice-city, phase 3, alice base roll 1/1');
  });

  it('phase 1: Bob attacks with 3 infantry and 3 artillery for a grand total of 22', () => {
    const bob = side(one, 'bob');
    expect(bob.waveChoice).toBe('battle plan');
    expect(kindsOf(bob.wave)).toEqual({ swordsmen: 3, catapults: 3 });
    const amounts = Object.fromEntries(bob.lines.map((l) => [l.step, l.amount]));
    // "base attack of 12", "+3 for his swordsmen ... and 3 for his catapults", "adds 3 ... and 1"
    // for CIA, "subtracts 6", "adds 6" for technologies: the chart's order, the same grand total.
    expect(amounts).toEqual({ base: 12, 'unit modifiers': 6, 'scientific superiority': 6, CIA: 4, 'settlement penalty': -6 });
    expect(runningTotals(bob)).toEqual({ base: 12, 'unit modifiers': 18, 'scientific superiority': 24, CIA: 28, 'settlement penalty': 22 });
    expect(bob.lines.find((l) => l.step === 'CIA')!.detail).toBe('3 infantry against artillery: +3; 1 artillery against cavalry: +1');
    expect(bob.total).toBe(22);
  });

  it('phase 1: Alice defends with everything for a grand total of 32', () => {
    const alice = side(one, 'alice');
    expect(alice.waveChoice).toBe('whole army');
    expect(alice.rolls.map((r) => r.counted)).toEqual([5, 5, 5, 5, 4, 2]);
    expect(runningTotals(alice)).toMatchObject({ base: 26, 'unit modifiers': 31, CIA: 32 });
    expect(alice.lines.find((l) => l.step === 'scientific superiority')!.amount).toBe(0);
    expect(alice.lines.some((l) => l.step === 'settlement penalty')).toBe(false);
    expect(alice.total).toBe(32);
  });

  it("phase 1: 22 damage kills 4 of Alice's units, 32 wipes out Bob's wave and the excess has no effect", () => {
    expect(kindsOf(side(one, 'alice').lost)).toEqual({ catapults: 3, chariots: 1 });
    expect(side(one, 'alice').absorbed).toBe(20);
    expect(kindsOf(side(one, 'bob').lost)).toEqual({ swordsmen: 3, catapults: 3 });
    expect(side(one, 'bob')).toMatchObject({ damageTaken: 32, absorbed: 30 });
  });

  it('phase 2: two chariots for 6 against two catapults for 13', () => {
    const bob = side(two, 'bob');
    expect(kindsOf(bob.wave)).toEqual({ chariots: 2 });
    expect(Object.fromEntries(bob.lines.map((l) => [l.step, l.amount]))).toMatchObject({
      base: 6,
      'unit modifiers': 0,
      CIA: 0,
      'settlement penalty': -2,
      'scientific superiority': 2,
    });
    expect(bob.total).toBe(6);
    const alice = side(two, 'alice');
    expect(Object.fromEntries(alice.lines.map((l) => [l.step, l.amount]))).toMatchObject({ base: 9, 'unit modifiers': 2, CIA: 2 });
    expect(alice.total).toBe(13);
    expect(kindsOf(bob.lost)).toEqual({ chariots: 2 });
    expect(kindsOf(alice.lost)).toEqual({ catapults: 1 });
  });

  it('phase 3: the last chariot (4) falls to the last catapult (5), and Alice wins', () => {
    expect(side(three, 'bob').total).toBe(4);
    expect(side(three, 'alice').total).toBe(5);
    expect(side(three, 'bob').lost).toEqual(['bob-chariots-3']);
    expect(side(three, 'alice').lost).toEqual([]);
    expect(result.winner).toBe('alice');
    expect(end(result).survivors).toEqual({ bob: [], alice: ['alice-catapults-5'] });
    expect(result.killed).toHaveLength(9 + 5);
    expect(phases(result)).toHaveLength(3);
  });

  it('says in its notes which choices came from battle plans', () => {
    expect(result.notes).toContain("Phase 1, bob's wave: 3 swordsmen, 3 catapults (battle plan).");
    expect(result.notes).toContain('Phase 1, alice loses 1 chariot, 3 catapults (battle plan).');
    expect(result.notes).toContain("Phase 2, bob's wave: 2 chariots (default: best expected damage).");
    expect(result.notes.at(-1)).toBe('alice wins the battle in alice-city with 1 catapult left.');
  });

  it('without battle plans, the defaults make the choices the document describes', () => {
    const byDefault = civAdvancedCombat.fight(example1(false), Dice.forced(documentDice));
    const strip = (r: typeof result) => phases(r).map((p) => p.sides.map(({ waveChoice, lossChoice, ...rest }) => rest));
    expect(strip(byDefault)).toEqual(strip(result));
    expect(byDefault.notes).toContain("Phase 1, bob's wave: 3 swordsmen, 3 catapults (default: best expected damage).");
  });
});
