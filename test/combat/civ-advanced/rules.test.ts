import { describe, expect, it } from 'vitest';
import { Dice, type Battle, type Combatant } from '../../../src/engine/index.ts';
import { combatSystems } from '../../../src/combat/index.ts';
import { civAdvancedCombat, CivAdvancedError } from '../../../src/combat/civ-advanced/index.ts';
import { army, end, kindsOf, phases, side } from './armies.ts';

function battle(bob: Combatant[], alice: Combatant[], extra: Partial<Battle> & { bobPlan?: unknown; alicePlan?: unknown } = {}): Battle {
  return {
    place: 'field',
    sides: [
      { nation: 'bob', role: 'attacker', units: bob, plan: extra.bobPlan },
      { nation: 'alice', role: 'defender', units: alice, plan: extra.alicePlan },
    ],
    context: extra.context,
  };
}

const amountOf = (lines: { step: string; amount: number }[], step: string) => lines.find((l) => l.step === step)?.amount;

describe('civ-advanced registration', () => {
  it('is a combat system a game can choose by id', () => {
    expect(combatSystems.get('civ-advanced')).toBe(civAdvancedCombat);
  });
});

describe('civ-advanced settlement penalty', () => {
  it('counts every defending army unit in the settlement, not only the wave, and no aircraft or ships', () => {
    const alice = army('alice', ['swordsmen', 4], ['galleons', 1], ['biplanes', 1]);
    const result = civAdvancedCombat.fight(battle(army('bob', ['knights', 2]), alice, { context: { settlement: true, era: 2 } }), Dice.seeded('walls'));
    const bob = side(phases(result)[0], 'bob');
    expect(side(phases(result)[0], 'alice').wave).toHaveLength(2);
    expect(bob.lines.find((l) => l.step === 'settlement penalty')).toEqual(
      expect.objectContaining({ amount: -8, detail: 'attacking a settlement held by 4 army units: -2 each (current era: medieval)' }),
    );
  });

  it('takes 2 per unit for the Great Wall in the ancient era, and the current era after it', () => {
    const fight = (era: number) =>
      civAdvancedCombat.fight(
        battle(army('bob', ['chariots', 1]), army('alice', ['swordsmen', 3]), { context: { settlement: true, era, greatWall: true } }),
        Dice.seeded('wall'),
      );
    expect(amountOf(side(phases(fight(1))[0], 'bob').lines, 'settlement penalty')).toBe(-6);
    expect(amountOf(side(phases(fight(3))[0], 'bob').lines, 'settlement penalty')).toBe(-9);
  });

  it('never gives the defender a settlement penalty, and a negative total deals no damage', () => {
    const dice = Dice.forcedThenSeeded([1, 1, 1, 1], 'negative');
    const result = civAdvancedCombat.fight(
      battle(army('bob', ['tanks', 2]), army('alice', ['swordsmen', 10]), { context: { settlement: true, era: 4 } }),
      dice,
    );
    const [bob, alice] = [side(phases(result)[0], 'bob'), side(phases(result)[0], 'alice')];
    // 2 x (1 x 4) + 8 CIA (tanks against infantry) - 4 x 10 defenders = -24.
    expect(bob.total).toBe(-24);
    expect(bob.damage).toBe(0);
    expect(alice.lost).toEqual([]);
    expect(alice.lines.some((l) => l.step === 'settlement penalty')).toBe(false);
  });
});

describe('civ-advanced scientific superiority', () => {
  const fight = (bobTech: number, options?: Record<string, unknown>) =>
    civAdvancedCombat.fight(
      battle(army('bob', ['swordsmen', 3]), army('alice', ['swordsmen', 3]), { context: { technologies: { bob: bobTech, alice: 4 } } }),
      Dice.seeded('science'),
      options,
    );
  const science = (bobTech: number, options?: Record<string, unknown>) =>
    amountOf(side(phases(fight(bobTech, options))[0], 'bob').lines, 'scientific superiority');

  it('adds 1 per unit per 2 technologies ahead, rounding the total down', () => {
    expect(science(6)).toBe(3);
    expect(science(7)).toBe(4); // 3 units x 3 / 2 = 4.5
    expect(science(5)).toBe(1); // 3 units x 1 / 2 = 1.5
    expect(science(4)).toBe(0);
    expect(science(2)).toBe(0);
  });

  it('can round per unit instead (option scienceRounding: per-unit)', () => {
    expect(science(7, { scienceRounding: 'per-unit' })).toBe(3);
    expect(science(5, { scienceRounding: 'per-unit' })).toBe(0);
  });
});

describe('civ-advanced CIA bonus', () => {
  // Example 2's first phase: Alice's 4 tanks and 2 knights against 3 tanks and 3 machinegunners.
  const fight = (options?: Record<string, unknown>) =>
    civAdvancedCombat.fight(battle(army('bob', ['tanks', 3], ['machinegunners', 3]), army('alice', ['tanks', 4], ['knights', 2])), Dice.seeded('cia'), options);

  it('pairs the strongest matching units by default, the oldest with ciaPairing: oldest', () => {
    expect(amountOf(side(phases(fight())[0], 'alice').lines, 'CIA')).toBe(12);
    expect(amountOf(side(phases(fight({ ciaPairing: 'oldest' }))[0], 'alice').lines, 'CIA')).toBe(2 + 2 + 4);
  });
});

describe('civ-advanced waves', () => {
  it('by default the greater army picks units that match the enemy and hand it no bonus', () => {
    // Against catapults, swordsmen (infantry beats artillery) beat chariots (artillery beats cavalry).
    const result = civAdvancedCombat.fight(battle(army('bob', ['chariots', 3], ['swordsmen', 3]), army('alice', ['catapults', 2])), Dice.seeded('wave'));
    const bob = side(phases(result)[0], 'bob');
    expect(bob.waveChoice).toBe('default');
    expect(kindsOf(bob.wave)).toEqual({ swordsmen: 2 });
  });

  it("takes the plan's preferences first and fills the rest by default, saying so", () => {
    const result = civAdvancedCombat.fight(
      battle(army('bob', ['swordsmen', 3], ['chariots', 1], ['catapults', 3]), army('alice', ['catapults', 3]), { bobPlan: { wave: ['chariot'] } }),
      Dice.seeded('fill'),
    );
    expect(kindsOf(side(phases(result)[0], 'bob').wave)).toEqual({ chariots: 1, swordsmen: 2 });
    expect(result.notes).toContain("Phase 1, bob's wave: 2 swordsmen, 1 chariot (battle plan, 2 more by default).");
  });

  it('lets a plan name a class instead of a kind', () => {
    const result = civAdvancedCombat.fight(
      battle(army('bob', ['swordsmen', 3], ['catapults', 3]), army('alice', ['chariots', 2]), { bobPlan: { wave: ['artillery'] } }),
      Dice.seeded('class'),
    );
    expect(kindsOf(side(phases(result)[0], 'bob').wave)).toEqual({ catapults: 2 });
  });

  it('ignores a plan it cannot read, with a note, and plays the defaults', () => {
    const result = civAdvancedCombat.fight(
      battle(army('bob', ['swordsmen', 2]), army('alice', ['swordsmen', 1]), { bobPlan: { wave: 'all of them' } }),
      Dice.seeded('bad plan'),
    );
    expect(result.notes[0]).toMatch(/^bob's battle plan could not be read \(wave: .+\); the defaults are used\.$/);
    expect(side(phases(result)[0], 'bob').waveChoice).toBe('default');
  });
});

describe('civ-advanced casualties', () => {
  it('kills older-era units first whatever the plan says, and whole units only', () => {
    // Bob's 3 tanks roll 2 2 2 = 24 against Alice's wave of 2 knights (10 points each) and a tank (20).
    const dice = Dice.forcedThenSeeded([2, 2, 2, 1, 1, 1], 'older');
    const result = civAdvancedCombat.fight(
      battle(army('bob', ['tanks', 3]), army('alice', ['tanks', 4], ['knights', 2]), { alicePlan: { wave: ['knights', 'tanks'], casualties: ['tanks'] } }),
      dice,
    );
    const alice = side(phases(result)[0], 'alice');
    expect(kindsOf(alice.wave)).toEqual({ knights: 2, tanks: 1 });
    expect(kindsOf(alice.lost)).toEqual({ knights: 2 });
    expect(alice).toMatchObject({ damageTaken: 24, absorbed: 20, lossChoice: 'battle plan' });
  });
});

describe('civ-advanced battle end', () => {
  it('stops a battle neither side can win, and the defender holds', () => {
    const dice = Dice.forced([]);
    const result = civAdvancedCombat.fight(
      battle(army('bob', ['tanks', 1]), army('alice', ['swordsmen', 10]), { context: { settlement: true, era: 4 } }),
      dice,
    );
    expect(phases(result)).toEqual([]);
    expect(result.winner).toBe('alice');
    expect(end(result)).toMatchObject({ reason: 'stalemate', winner: 'alice' });
    expect(end(result).survivors.bob).toEqual(['bob-tanks-1']);
    expect(result.killed).toEqual([]);
    expect(result.notes[0]).toBe('Phase 1: neither side can destroy a unit even with the best rolls; the attack breaks off and alice holds.');
  });

  it('has no winner when both sides fall in the same phase', () => {
    const result = civAdvancedCombat.fight(battle(army('bob', ['swordsmen', 1]), army('alice', ['swordsmen', 1])), Dice.forced([5, 5]));
    expect(result.winner).toBeNull();
    expect(result.killed).toEqual(['bob-swordsmen-1', 'alice-swordsmen-1']);
    expect(result.notes.at(-1)).toBe('Both sides are destroyed in field.');
  });

  it('never changes the battle it is given', () => {
    const given = battle(army('bob', ['tanks', 3], ['biplanes', 1]), army('alice', ['knights', 5]), { context: { technologies: { bob: 9, alice: 3 } } });
    const copy = structuredClone(given);
    civAdvancedCombat.fight(given, Dice.seeded('pure'));
    expect(given).toEqual(copy);
  });
});

describe('civ-advanced units', () => {
  it('reads era, class and modifiers from the Combatant when given, and adds enhancements', () => {
    const bob: Combatant[] = [{ id: 'b1', nation: 'bob', type: 'army', era: 3, class: 'artillery', modifier: 2, enhancement: 1 }];
    const result = civAdvancedCombat.fight(battle(bob, army('alice', ['knights', 1])), Dice.forcedThenSeeded([4], 'own'));
    const one = side(phases(result)[0], 'bob');
    expect(one.rolls[0]).toMatchObject({ unit: 'b1', kind: 'army', times: 3, value: 12 });
    expect(amountOf(one.lines, 'unit modifiers')).toBe(3);
    expect(amountOf(one.lines, 'CIA')).toBe(3); // artillery against cavalry: the era of the piece
  });

  it('uses the unit table from options.units', () => {
    const units = { hoplites: { era: 1, class: 'infantry', modifier: 2 } };
    const bob: Combatant[] = [{ id: 'h1', nation: 'bob', type: 'army', unitKind: 'hoplites' }];
    const alice: Combatant[] = [{ id: 'h2', nation: 'alice', type: 'army', unitKind: 'hoplites' }];
    const result = civAdvancedCombat.fight(battle(bob, alice), Dice.forced([3, 2]), { units });
    expect(phases(result)[0].sides.map((s) => s.total)).toEqual([5, 4]);
    expect(result.winner).toBe('bob');
  });

  it('refuses, with a clear error, what a ruleset must not send', () => {
    const fight = (b: Battle, options?: Record<string, unknown>) => () => civAdvancedCombat.fight(b, Dice.seeded('x'), options);
    const two = (context?: Record<string, unknown>) => battle(army('bob', ['tanks', 1]), army('alice', ['tanks', 1]), { context });
    expect(fight(battle([{ id: 'm1', nation: 'bob', type: 'musketmen' }], army('alice', ['tanks', 1])))).toThrow(
      /unit m1 \(bob\) is "musketmen", which the unit table does not list/,
    );
    expect(fight({ ...two(), sides: [...two().sides, { nation: 'carol', role: 'attacker', units: [] }] })).toThrow(/exactly one attacker and one defender/);
    expect(fight(two({ technologies: { bob: 3 } }))).toThrow(/how many technologies alice controls/);
    expect(fight(two({ settlement: true }))).toThrow(CivAdvancedError);
    expect(fight(two(), { ciaPairing: 'weakest' })).toThrow(/civ-advanced options: ciaPairing/);
  });
});
