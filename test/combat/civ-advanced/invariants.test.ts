// Random battles from the default unit table: whatever the armies, plans and dice, every phase keeps
// the document's rules (wave sizes, totals, older-era-first casualties, aircraft one per unit).
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { Dice, type Battle, type Combatant } from '../../../src/engine/index.ts';
import { civAdvancedCombat, defaultUnitTable, type TotalStep } from '../../../src/combat/civ-advanced/index.ts';
import { end, phases } from './armies.ts';

const kinds = Object.keys(defaultUnitTable);
const chartOrder: TotalStep[] = ['base', 'aircraft', 'unit modifiers', 'scientific superiority', 'CIA', 'settlement penalty'];

const armyOf = (nation: string) =>
  fc
    .array(fc.constantFrom(...kinds), { minLength: 1, maxLength: 9 })
    .map((list): Combatant[] => list.map((unitKind, i) => ({ id: `${nation}${i}`, nation, type: 'army', unitKind })));
const planOf = fc.option(
  fc.record(
    {
      wave: fc.array(fc.constantFrom(...kinds, 'cavalry', 'infantry')),
      casualties: fc.array(fc.constantFrom(...kinds)),
      aircraftSupport: fc.constantFrom('cavalry', 'infantry', 'artillery', 'naval'),
    },
    { requiredKeys: [] },
  ),
  { nil: undefined },
);
const contextOf = fc.record({
  settlement: fc.boolean(),
  era: fc.integer({ min: 1, max: 4 }),
  greatWall: fc.boolean(),
  technologies: fc.record({ bob: fc.nat(12), alice: fc.nat(12) }),
});

describe('civ-advanced invariants', () => {
  it('every phase of any battle follows the rules', () => {
    fc.assert(
      fc.property(armyOf('bob'), armyOf('alice'), planOf, planOf, contextOf, fc.string(), (bob, alice, bobPlan, alicePlan, context, seed) => {
        const battle: Battle = {
          place: 'x',
          sides: [
            { nation: 'bob', role: 'attacker', units: bob, plan: bobPlan },
            { nation: 'alice', role: 'defender', units: alice, plan: alicePlan },
          ],
          context,
        };
        const dice = Dice.seeded(seed);
        const result = civAdvancedCombat.fight(battle, dice);
        const unit = new Map([...bob, ...alice].map((u) => [u.id, defaultUnitTable[u.unitKind as string]]));
        const regular = (ids: readonly string[]) => ids.filter((id) => unit.get(id)!.class !== 'aircraft');
        const standing = { bob: regular(bob.map((u) => u.id)), alice: regular(alice.map((u) => u.id)) };
        let rolls = 0;

        for (const record of phases(result)) {
          const size = Math.min(standing.bob.length, standing.alice.length);
          for (const s of record.sides) {
            const nation = s.nation as 'bob' | 'alice';
            expect(s.wave).toHaveLength(size);
            if (standing[nation].length === size) expect([...s.wave].sort()).toEqual([...standing[nation]].sort());
            expect(s.lines.map((l) => chartOrder.indexOf(l.step))).toEqual([...s.lines.map((l) => chartOrder.indexOf(l.step))].sort((a, b) => a - b));
            expect(s.lines.reduce((n, l) => n + l.amount, 0)).toBe(s.total);
            expect(s.damage).toBe(Math.max(0, s.total));
            rolls += s.rolls.length;

            const lostRegular = regular(s.lost);
            const points = (id: string) => 5 * unit.get(id)!.era;
            expect(lostRegular.every((id) => s.wave.includes(id))).toBe(true);
            expect(s.absorbed).toBe(lostRegular.reduce((n, id) => n + points(id), 0));
            const spared = s.wave.filter((id) => !lostRegular.includes(id));
            if (spared.length) {
              expect(s.damageTaken - s.absorbed).toBeLessThan(Math.min(...spared.map(points)));
              if (lostRegular.length)
                expect(Math.max(...lostRegular.map((id) => unit.get(id)!.era))).toBeLessThanOrEqual(Math.min(...spared.map((id) => unit.get(id)!.era)));
            }
            if (s.aircraft) {
              const supported = s.wave.filter((id) => unit.get(id)!.class === s.aircraft!.support);
              expect(s.aircraft.flying.length).toBeLessThanOrEqual(supported.length);
              const planesLost = s.lost.filter((id) => unit.get(id)!.class === 'aircraft');
              expect(planesLost.length).toBe(Math.min(s.aircraft.flying.length, lostRegular.filter((id) => supported.includes(id)).length));
            }
            standing[nation] = standing[nation].filter((id) => !lostRegular.includes(id));
          }
        }

        expect(dice.draws).toHaveLength(rolls);
        const last = end(result);
        expect(new Set(result.killed).size).toBe(result.killed.length);
        expect([...result.killed, ...last.survivors.bob, ...last.survivors.alice].sort()).toEqual([...bob, ...alice].map((u) => u.id).sort());
        if (last.reason === 'destroyed') {
          expect(standing.bob.length === 0 || standing.alice.length === 0).toBe(true);
          const alive = (['bob', 'alice'] as const).filter((n) => standing[n].length > 0);
          expect(result.winner).toBe(alive.length === 1 ? alive[0] : null);
        } else {
          expect(result.winner).toBe('alice');
        }
        for (const nation of ['bob', 'alice'] as const) {
          if (standing[nation].length === 0) expect(last.survivors[nation]).toEqual([]);
        }
      }),
      { numRuns: 300 },
    );
  });
});
