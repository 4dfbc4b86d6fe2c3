// Board NES battles fought by civ-advanced: attacks that break off and fall back (to land, aboard
// ship, or lost with nowhere to go), and battles of several nations split into pairs.
import { describe, expect, it } from 'vitest';
import { Dice, type GameEvent } from '../../../src/engine/index.ts';
import { army, context, fleet, play, resultOf, startState } from './support.ts';

const era4 = context(undefined, { combat: 'civ-advanced', era: 4 });
const swordsmen = (prefix: string, nation: string, province: string, n: number) =>
  Array.from({ length: n }, (_, i) => army(`${prefix}${i + 1}`, nation, province, { unitKind: 'swordsmen' }));
const battles = (events: readonly GameEvent[]) => events.filter((e) => e.type === 'battle.fought');

describe('civ-advanced attacks that break off', () => {
  // A lone tank (20 points) against six swordsmen holding their settlement in the modern era: the
  // defenders' wave of one never deals 20, the tank's best 25 + 4 - 6 x 4 never deals 5.
  it('puts armies that landed back aboard the fleet they came from', () => {
    const state = startState(era4);
    state.units.push(fleet('f1', 'red', 'iri'), army('t1', 'red', 'iri', { aboard: 'f1', unitKind: 'tanks' }), ...swordsmen('s', 'blue', 'cly', 6));
    const { state: after, events } = play(era4, state, { red: [{ kind: 'unload', province: 'iri', target: 'cly' }] }, Dice.forced([]));
    expect(battles(events)).toMatchObject([
      { place: 'cly', winner: 'blue', killed: [], message: 'Battle in Clyde: blue (6) against red (1); the attack broke off and blue held.' },
    ]);
    expect(events).toContainEqual(expect.objectContaining({ type: 'units.fell-back', nation: 'red', from: 'cly', to: 'iri', units: ['t1'], lost: [] }));
    expect(after.units.find((u) => u.id === 't1')).toMatchObject({ province: 'iri', aboard: 'f1' });
    expect(after.provinces.cly.owner).toBe('blue');
    expect(resultOf(events, 'red', 0).message).toContain('the attack broke off, 1 fell back to Irish Sea');
  });

  it('loses the armies whose way back another nation has taken', () => {
    const state = startState(era4);
    state.units.push(army('t1', 'red', 'wal', { unitKind: 'tanks' }), ...swordsmen('s', 'green', 'lvp', 7));
    const { state: after, events } = play(
      era4,
      state,
      {
        red: [{ kind: 'move', unitType: 'army', province: 'wal', target: 'lvp' }],
        // One swordsman walks into Wales as the tank walks out: they pass each other.
        green: [{ kind: 'move', unitType: 'army', province: 'lvp', target: 'wal' }],
      },
      Dice.forced([]),
    );
    expect(battles(events)).toMatchObject([
      {
        place: 'lvp',
        winner: 'green',
        sides: [
          { nation: 'green', units: 6 },
          { nation: 'red', units: 1 },
        ],
      },
    ]);
    expect(events).toContainEqual(
      expect.objectContaining({
        type: 'units.fell-back',
        nation: 'red',
        units: [],
        lost: ['t1'],
        message: "red's attack on Liverpool broke off: all 1 had nowhere to fall back to and were lost.",
      }),
    );
    expect(after.units.some((u) => u.id === 't1')).toBe(false);
    expect(resultOf(events, 'red', 0).message).toContain('1 had nowhere to fall back to and were lost');
  });
});

describe('civ-advanced battles of several nations', () => {
  const era1 = context(undefined, { combat: 'civ-advanced', era: 1 });

  it('lets an attacker that aims at a nation fight it first', () => {
    const state = startState(era1);
    // Wales is white and empty: red and green arrive together, and red (first in the game's order) stands as defender.
    state.units.push(...swordsmen('r', 'red', 'lon', 1), ...swordsmen('g', 'green', 'lvp', 1), ...swordsmen('b', 'blue', 'mid', 1));
    const { events } = play(
      era1,
      state,
      {
        red: [{ kind: 'move', unitType: 'army', province: 'lon', target: 'wal' }],
        green: [{ kind: 'move', unitType: 'army', province: 'lvp', target: 'wal' }],
        blue: [
          { kind: 'move', unitType: 'army', province: 'mid', target: 'wal' },
          { kind: 'aim', nation: 'green' },
        ],
      },
      Dice.seeded('pairs'),
    );
    const fought = battles(events);
    // Blue comes before green in the game's order of attackers, and aims at green: its first pair.
    expect(fought[0]).toMatchObject({
      place: 'wal',
      part: 1,
      sides: [
        { nation: 'green', role: 'defender' },
        { nation: 'blue', role: 'attacker' },
      ],
    });
    expect(fought.every((b) => b.sides && (b.sides as unknown[]).length === 2)).toBe(true);
    expect(resultOf(events, 'blue', 1).type).toBe('order.succeeded');
  });

  it('at sea, fights only the nations an attack links', () => {
    const state = startState(era1);
    state.units.push(fleet('f1', 'red', 'nth', { unitKind: 'galleons' }), fleet('f2', 'blue', 'nth'), fleet('f3', 'green', 'nth'));
    const { events } = play(era1, state, { red: [{ kind: 'naval-attack', province: 'nth', nation: 'blue' }] }, Dice.seeded('sea'));
    const fought = battles(events);
    expect(fought.length).toBeGreaterThan(0);
    for (const b of fought) expect((b.sides as Array<{ nation: string }>).map((s) => s.nation).sort()).toEqual(['blue', 'red']);
  });
});
