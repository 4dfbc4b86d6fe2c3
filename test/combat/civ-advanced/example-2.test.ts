// Example 2 (Aircraft) of the civ-advanced document: the first phase exactly, then the battle to its
// end with seeded dice. docs/rules/civ-advanced-combat.md explains where the document's sums differ.
import { describe, expect, it } from 'vitest';
import { Dice, type Battle } from '../../../src/engine/index.ts';
import { civAdvancedCombat } from '../../../src/combat/civ-advanced/index.ts';
import { army, end, kindsOf, phases, runningTotals, side } from './armies.ts';

const battle: Battle = {
  place: 'plains',
  sides: [
    {
      nation: 'bob',
      role: 'attacker',
      units: army('bob', ['tanks', 3], ['machinegunners', 3], ['biplanes', 2]),
      // "He declares that his biplanes will support his tanks"; "destroy his three machinegunners".
      plan: { aircraftSupport: 'cavalry', casualties: ['machinegunners'] },
    },
    {
      nation: 'alice',
      role: 'defender',
      units: army('alice', ['tanks', 8], ['knights', 2]),
      // "Alice declares her wave as 4 tanks and 2 knights."
      plan: { wave: ['knights', 'tanks'] },
    },
  ],
};

// Bob's six dice total 16 (the document's "gets an 18 ... to get 64" only adds up as 16 x 4 = 64),
// his biplanes "a 7"; Alice's tanks "a 12", her knights "a 9".
const bobDice = [3, 3, 3, 3, 2, 2];
const phaseOneRest = [3, 4, 3, 3, 3, 3, 4, 5];

describe('civ-advanced, Example 2 (Aircraft)', () => {
  const dice = Dice.forcedThenSeeded([...bobDice, ...phaseOneRest], 'example-2');
  const result = civAdvancedCombat.fight(battle, dice);
  const one = phases(result)[0];

  it('phase 1: Bob puts everything forward, with both biplanes supporting his tanks', () => {
    const bob = side(one, 'bob');
    expect(bob.waveChoice).toBe('whole army');
    expect(kindsOf(bob.wave)).toEqual({ tanks: 3, machinegunners: 3 });
    expect(bob.aircraft).toEqual({ support: 'cavalry', choice: 'battle plan', flying: ['bob-biplanes-1', 'bob-biplanes-2'], idle: [] });
    expect(dice.draws[6].purpose).toBe('civ-advanced in plains, phase 1, bob aircraft roll 1/2');
  });

  it('phase 1: Bob does 64 + 7 = 71 damage with no modifiers', () => {
    const bob = side(one, 'bob');
    expect(runningTotals(bob)).toEqual({ base: 64, aircraft: 71, 'unit modifiers': 71, CIA: 71 });
    expect(bob.total).toBe(71);
  });

  it("phase 1: Alice's 4 tanks and 2 knights roll 48 + 18 = 66, plus the CIA bonus", () => {
    const alice = side(one, 'alice');
    expect(alice.waveChoice).toBe('battle plan');
    expect(kindsOf(alice.wave)).toEqual({ tanks: 4, knights: 2 });
    expect(alice.lines[0].detail).toBe('4 dice (modern) showing 3 3 3 3 = 12 x 4 = 48; 2 dice (medieval) showing 4 5 = 9 x 2 = 18');
    expect(runningTotals(alice).base).toBe(66);
    // Three cavalry match Bob's three machinegunners; she pairs her tanks (+4 each), not the "+6
    // for 3 of her medieval cavalry" the document gives (she has only 2 knights in the wave).
    expect(alice.lines.find((l) => l.step === 'CIA')).toMatchObject({ amount: 12, detail: '3 cavalry against infantry: +12' });
    expect(alice.total).toBe(78);
  });

  it('phase 1: Bob loses his three machinegunners; Alice her two knights first, then two tanks', () => {
    expect(kindsOf(side(one, 'bob').lost)).toEqual({ machinegunners: 3 });
    expect(side(one, 'bob').absorbed).toBe(60);
    expect(kindsOf(side(one, 'alice').lost)).toEqual({ knights: 2, tanks: 2 });
    expect(side(one, 'alice').absorbed).toBe(60);
  });

  it('continues until one side wins, every phase following the wave and aircraft rules', () => {
    const rest = phases(result).slice(1);
    expect(rest.length).toBeGreaterThan(0);
    const standing = { bob: 3, alice: 6 };
    for (const record of rest) {
      const [bob, alice] = [side(record, 'bob'), side(record, 'alice')];
      const size = Math.min(standing.bob, standing.alice);
      expect([bob.wave.length, alice.wave.length]).toEqual([size, size]);
      if (bob.aircraft) expect(bob.aircraft.flying.length).toBeLessThanOrEqual(bob.wave.length);
      standing.bob -= bob.lost.filter((id) => !id.includes('biplanes')).length;
      standing.alice -= alice.lost.length;
    }
    const last = end(result);
    expect(result.winner).not.toBeNull();
    const loser = result.winner === 'bob' ? 'alice' : 'bob';
    expect(last.survivors[loser]).toEqual([]);
    expect(standing[loser]).toBe(0);
    expect(standing[result.winner as 'bob' | 'alice']).toBeGreaterThan(0);
    expect(new Set(result.killed).size).toBe(result.killed.length);
    // Every unit either died or survived, never both.
    const survivors = Object.values(last.survivors).flat();
    expect(survivors.filter((id) => result.killed.includes(id))).toEqual([]);
    expect(survivors.length + result.killed.length).toBe(3 + 3 + 2 + 8 + 2);
  });

  it('replays exactly from the same dice', () => {
    const again = civAdvancedCombat.fight(battle, Dice.forcedThenSeeded([...bobDice, ...phaseOneRest], 'example-2'));
    expect(again).toEqual(result);
  });

  it('read as "18 x 4 = 72", Bob does 79 damage, and the casualties are the same', () => {
    const eighteen = civAdvancedCombat.fight(battle, Dice.forcedThenSeeded([3, 3, 3, 3, 3, 3, ...phaseOneRest], 'example-2'));
    const first = phases(eighteen)[0];
    expect(runningTotals(side(first, 'bob'))).toMatchObject({ base: 72, aircraft: 79 });
    expect(kindsOf(side(first, 'alice').lost)).toEqual({ knights: 2, tanks: 2 });
    expect(kindsOf(side(first, 'bob').lost)).toEqual({ machinegunners: 3 });
  });
});
