// CNES heat combat with forced dice: each rule of "Resolving Battles" and "Special Rules" on the
// smallest battle that shows it. Dice go, per shot: [d20 critical], d6 to hit, d6 evasion, then
// d3 pierce and d3 armour against armoured targets; side 0 shoots first, then side 1; medics last.
import { describe, expect, it } from 'vitest';
import { Dice, type Battle, type Combatant } from '../../src/engine/index.ts';
import { fightHeats, killChance, starterCards, type Fighter } from '../../src/combat/cnes-heat/index.ts';
import { hitBonus } from '../../src/combat/cnes-heat/shots.ts';

const u = (id: string, nation: string, type: string, fields: Partial<Combatant> = {}): Combatant => ({ id, nation, type, ...fields });

function battle(a: Combatant[], d: Combatant[], roles: ['attacker' | 'defender', 'attacker' | 'defender'] = ['attacker', 'defender']): Battle {
  return {
    place: 'mid',
    sides: [
      { nation: a[0]?.nation ?? 'red', role: roles[0], units: a },
      { nation: d[0]?.nation ?? 'blue', role: roles[1], units: d },
    ],
  };
}

const oneHeat = { heats: 1, criticalHits: false };

function fighter(type: keyof typeof starterCards, fields: Partial<Fighter> = {}): Fighter {
  const card = starterCards[type];
  return { id: type, nation: 'x', side: 0, cardId: type, card, power: card.atk, eva: card.eva, ap: card.ap, arm: card.arm, splashCount: 0, ...fields };
}

describe('cnes heat combat', () => {
  it('hits when d6 + Atk exceeds d6 + Eva, and shots are simultaneous', () => {
    // Infantry (Atk 1) rolls 3 against the militia's 3 + Eva 0: 4 > 3, killed. The militia (Def 1) rolls 2 + 1 against 5 + 1: missed.
    const r = fightHeats(battle([u('i1', 'red', 'infantry')], [u('m1', 'blue', 'militia')]), Dice.forced([3, 3, 2, 5]), oneHeat);
    expect(r.killed).toEqual(['m1']);
    expect(r.winner).toBe('red');
    // Equal totals miss; both killed in the same heat leaves no victor.
    expect(fightHeats(battle([u('i1', 'red', 'infantry')], [u('m1', 'blue', 'militia')]), Dice.forced([2, 3, 2, 5]), oneHeat).killed).toEqual([]);
    const both = fightHeats(battle([u('i1', 'red', 'infantry')], [u('m1', 'blue', 'militia')]), Dice.forced([6, 1, 6, 1]), oneHeat);
    expect(both.killed.sort()).toEqual(['i1', 'm1']);
    expect(both.winner).toBeNull();
  });

  it('kills on a critical 20 whatever the other dice, 5% of shots', () => {
    const dice = Dice.forced([20, 1, 1, 6]);
    const r = fightHeats(battle([u('i1', 'red', 'infantry')], [u('t1', 'blue', 'tank')]), dice, { heats: 1 });
    expect(r.killed).toEqual(['t1']);
    expect(dice.draws.map((d) => d.sides)).toEqual([20, 20, 6, 6]);
    expect(killChance(fighter('militia'), fighter('tank', { eva: 20, arm: 20 }), { splash: false, criticals: true })).toBeCloseTo(0.05);
  });

  it('rolls to pierce d3 + AP against d3 + Arm only for armoured targets', () => {
    // Infantry hits the tank (6 + 1 > 1 + 0), then pierces 3 + 0 against 1 + 2: not more, the tank lives.
    const r = fightHeats(battle([u('i1', 'red', 'infantry')], [u('t1', 'blue', 'tank')]), Dice.forced([6, 1, 3, 1, 1, 6]), oneHeat);
    expect(r.killed).toEqual([]);
    expect((r.rounds[0] as { shots: unknown[] }).shots[0]).toMatchObject({ hit: [7, 1], pierce: [3, 3], kills: false });
    // The tank (AP 2) against unarmoured infantry: no pierce roll at all.
    const r2 = fightHeats(battle([u('t1', 'red', 'tank')], [u('i1', 'blue', 'infantry')]), Dice.forced([6, 1, 1, 6]), oneHeat);
    expect(r2.killed).toEqual(['i1']);
  });

  it('uses AA against fliers, with the penalties for no AA and for altitude', () => {
    const fighterPlane = fighter('fighter');
    const bomber = fighter('bomber');
    expect(hitBonus(fighter('infantry'), fighterPlane, false)).toBe(0 - 2 - 2); // AA 0, three below
    expect(hitBonus(fighter('infantry'), bomber, false)).toBe(0 - 2 - 4); // AA 0, four below
    expect(hitBonus(fighter('anti-air'), bomber, false)).toBe(3 - 4);
    expect(hitBonus(fighterPlane, bomber, false)).toBe(3); // one below: no penalty
    expect(hitBonus(fighter('infantry'), fighter('militia'), false)).toBe(1);
  });

  it('aims at the enemy it is likeliest to kill: the militia, not the bomber', () => {
    const r = fightHeats(battle([u('i1', 'red', 'infantry')], [u('b1', 'blue', 'bomber'), u('m1', 'blue', 'militia')]), Dice.seeded('aim'), { heats: 1 });
    const shots = (r.rounds[0] as { shots: Array<{ shooter: string; target: string }> }).shots;
    expect(shots.find((s) => s.shooter === 'i1')!.target).toBe('m1');
  });

  it('splash adds Atk half-power attacks with no AP, soft targets first', () => {
    const blue = [u('t1', 'blue', 'tank'), u('m1', 'blue', 'militia'), u('m2', 'blue', 'militia'), u('m3', 'blue', 'militia')];
    const r = fightHeats(battle([u('a1', 'red', 'artillery')], blue), Dice.seeded('splash'), oneHeat);
    const shots = (r.rounds[0] as { shots: Array<{ shooter: string; target: string; splash?: true }> }).shots.filter((s) => s.shooter === 'a1');
    expect(shots).toHaveLength(1 + starterCards.artillery.atk);
    expect(
      shots
        .filter((s) => s.splash)
        .map((s) => s.target)
        .sort(),
    ).toEqual(['m2', 'm3']);
    expect(shots[0]).toMatchObject({ target: 'm1' });
  });

  it('medics heal a fallen infantry-type unit on a 4 at the end of the heat', () => {
    // i1 kills blue's infantry; blue's infantry misses; the medic rolls 4 and brings i2 back.
    const r = fightHeats(battle([u('i1', 'red', 'infantry')], [u('i2', 'blue', 'infantry'), u('md', 'blue', 'medic')]), Dice.forced([6, 1, 1, 6, 4]), oneHeat);
    expect(r.killed).toEqual([]);
    expect((r.rounds[0] as { heals: unknown[] }).heals).toEqual([{ medic: 'md', roll: 4, healed: 'i2' }]);
    const r2 = fightHeats(battle([u('i1', 'red', 'infantry')], [u('i2', 'blue', 'infantry'), u('md', 'blue', 'medic')]), Dice.forced([6, 1, 1, 6, 3]), oneHeat);
    expect(r2.killed).toEqual(['i2']);
  });

  it('gives victory for more than twice the survivors, else the higher surviving proportion', () => {
    // Red 3 infantry against blue 2: one shot each way kills; red 2 of 3 survive, blue 1 of 2: 2 is not more than twice 1, and 2/3 > 1/2.
    const red = [u('r1', 'red', 'infantry'), u('r2', 'red', 'infantry'), u('r3', 'red', 'infantry')];
    const blue = [u('b1', 'blue', 'infantry'), u('b2', 'blue', 'infantry')];
    const dice = Dice.forced([6, 1, 1, 6, 1, 6, 6, 1, 1, 6]);
    const r = fightHeats(battle(red, blue), dice, oneHeat);
    expect(r.survived).toEqual([2, 1]);
    expect(r.winner).toBe('red');
    // An even proportion: the defender holds.
    const even = fightHeats(battle([u('r1', 'red', 'infantry')], [u('b1', 'blue', 'infantry')]), Dice.forced([1, 6, 1, 6]), oneHeat);
    expect(even.winner).toBe('blue');
  });

  it("adds fortification to a defender's Def and Eva", () => {
    // Militia fortified 2: Def 1 + 2, Eva 0 + 2. The infantry's 6 + 1 against 4 + 2 hits; 3 + 1 does not.
    const fortified = [u('m1', 'blue', 'militia', { fortification: 2 })];
    expect(fightHeats(battle([u('i1', 'red', 'infantry')], fortified), Dice.forced([6, 4, 1, 6]), oneHeat).killed).toEqual(['m1']);
    expect(fightHeats(battle([u('i1', 'red', 'infantry')], fortified), Dice.forced([3, 4, 1, 6]), oneHeat).killed).toEqual([]);
  });

  it('lets the best officer lead, promotes one on victory, and rolls a d20 per surviving victor for a beaten one', () => {
    // Red's officer (veterancy II) gives +2: the infantry's 2 + 1 + 2 against militia 4 + 0 hits.
    const red = [u('i1', 'red', 'infantry'), u('o1', 'red', 'officer', { veterancy: 2 }), u('o2', 'red', 'officer', { veterancy: 1 })];
    const blue = [u('m1', 'blue', 'militia'), u('o3', 'blue', 'officer')];
    const r = fightHeats(battle(red, blue), Dice.forced([2, 4, 1, 6, 20]), oneHeat);
    expect(r.killed).toEqual(['m1', 'o3']);
    expect(r.veterancy).toMatchObject({ o1: 3, o2: 1 });
    expect(r.officers).toEqual([
      { officer: 'o1', nation: 'red', promoted: 3 },
      { officer: 'o3', nation: 'blue', rolls: [20], killed: true },
    ]);
  });
});
