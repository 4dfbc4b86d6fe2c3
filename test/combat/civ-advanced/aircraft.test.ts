import { describe, expect, it } from 'vitest';
import { Dice, type Battle, type Combatant } from '../../../src/engine/index.ts';
import { civAdvancedCombat } from '../../../src/combat/civ-advanced/index.ts';
import { army, end, kindsOf, phases, side } from './armies.ts';

function battle(bob: Combatant[], alice: Combatant[], bobPlan?: unknown): Battle {
  return {
    place: 'field',
    sides: [
      { nation: 'bob', role: 'attacker', units: bob, plan: bobPlan },
      { nation: 'alice', role: 'defender', units: alice },
    ],
  };
}

describe('civ-advanced aircraft', () => {
  it("flies at most one aircraft per unit of the supported class; the rest stay out (the document's note)", () => {
    const result = civAdvancedCombat.fight(
      battle(army('bob', ['tanks', 3], ['machinegunners', 3], ['biplanes', 4]), army('alice', ['tanks', 6]), { aircraftSupport: 'cavalry' }),
      Dice.seeded('cap'),
    );
    const bob = side(phases(result)[0], 'bob');
    expect(bob.aircraft!.flying).toHaveLength(3);
    expect(bob.aircraft!.idle).toEqual(['bob-biplanes-4']);
    expect(bob.rolls.filter((r) => r.kind === 'biplanes')).toHaveLength(3);
    expect(result.notes).toContain("Phase 1, bob's 3 biplanes support cavalry (battle plan). 1 biplane stays out: one aircraft per supported unit.");
  });

  it('multiplies each aircraft die (sixes as fives) by its dice count: a monoplane rolling 6 adds 10', () => {
    const dice = Dice.forcedThenSeeded([1, 6], 'monoplane');
    const result = civAdvancedCombat.fight(battle(army('bob', ['tanks', 1], ['monoplanes', 1]), army('alice', ['tanks', 1])), dice);
    const bob = side(phases(result)[0], 'bob');
    expect(bob.rolls[1]).toEqual({ unit: 'bob-monoplanes-1', kind: 'monoplanes', face: 6, counted: 5, times: 2, value: 10 });
    expect(bob.lines.slice(0, 2).map((l) => [l.step, l.amount])).toEqual([
      ['base', 4],
      ['aircraft', 10],
    ]);
    expect(dice.draws[1].purpose).toBe('civ-advanced in field, phase 1, bob aircraft roll 1/1');
  });

  it('lets aircraft fall one for one with the units they support, and only those', () => {
    // Two tanks to support: the two monoplanes (the strongest aircraft) fly, the biplane stays out.
    const bob = army('bob', ['tanks', 2], ['machinegunners', 2], ['monoplanes', 2], ['biplanes', 1]);
    // Alice's 4 tanks roll 5s: 80, +8 for two tanks against infantry, kills all four of Bob's units.
    const dice = Dice.forcedThenSeeded([1, 1, 1, 1, 1, 1, 5, 5, 5, 5], 'fall');
    const result = civAdvancedCombat.fight(battle(bob, army('alice', ['tanks', 4]), { aircraftSupport: 'cavalry' }), dice);
    const one = side(phases(result)[0], 'bob');
    expect(one.aircraft).toMatchObject({ support: 'cavalry', flying: ['bob-monoplanes-1', 'bob-monoplanes-2'], idle: ['bob-biplanes-1'] });
    expect(kindsOf(one.lost)).toEqual({ tanks: 2, machinegunners: 2, monoplanes: 2 });
    // The idle biplane outlived the phase, then fell with no regular unit left beside it.
    expect(end(result).aircraftDestroyed).toEqual({ bob: ['bob-biplanes-1'] });
    expect(result.killed).toContain('bob-biplanes-1');
    expect(result.notes).toContain('bob has no units left: its 1 biplane is destroyed.');
    expect(result.winner).toBe('alice');
  });

  it('keeps supported units back when choosing casualties by default, so the aircraft survive', () => {
    const dice = Dice.forcedThenSeeded([1, 1, 1, 1, 1, 5, 5, 1, 1], 'keep');
    const result = civAdvancedCombat.fight(
      battle(army('bob', ['tanks', 2], ['machinegunners', 2], ['biplanes', 1]), army('alice', ['tanks', 4]), { aircraftSupport: 'cavalry' }),
      dice,
    );
    const bob = side(phases(result)[0], 'bob');
    // Alice's 5 + 5 + 1 + 1 = 12 x 4 = 48, +8 CIA: two of Bob's modern units die, the unsupported ones.
    expect(bob.damageTaken).toBe(56);
    expect(kindsOf(bob.lost)).toEqual({ machinegunners: 2 });
    expect(bob.lossChoice).toBe('default');
  });

  it("supports the class with the most units by default, and falls back when the plan's class is not in the wave", () => {
    const result = civAdvancedCombat.fight(
      battle(army('bob', ['tanks', 1], ['machinegunners', 3], ['biplanes', 2]), army('alice', ['tanks', 4]), { aircraftSupport: 'artillery' }),
      Dice.seeded('fallback'),
    );
    expect(side(phases(result)[0], 'bob').aircraft).toMatchObject({ support: 'infantry', choice: 'default' });
    expect(result.notes).toContain("Phase 1, bob's 2 biplanes support infantry (default: the class with the most units).");
  });

  it('destroys a side that has only aircraft without a phase', () => {
    const dice = Dice.forced([]);
    const result = civAdvancedCombat.fight(battle(army('bob', ['biplanes', 2]), army('alice', ['tanks', 1])), dice);
    expect(phases(result)).toEqual([]);
    expect(result.winner).toBe('alice');
    expect(result.killed).toEqual(['bob-biplanes-1', 'bob-biplanes-2']);
    expect(dice.draws).toEqual([]);
  });
});
