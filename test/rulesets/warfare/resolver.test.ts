import { describe, expect, it } from 'vitest';
import { Dice, MapBuilder, Registry, type CombatSystem, type Order } from '../../../src/engine/index.ts';
import { warfare } from '../../../src/rulesets/warfare/index.ts';
import { warfareOptions } from '../../../src/rulesets/warfare/options.ts';
import type { WarfareState } from '../../../src/rulesets/warfare/state.ts';

/** A line of land provinces p0 - p1 - ... with an army in each of the first `armies`. */
function line(provinces: number, armies: number, target: (i: number) => number) {
  const builder = new MapBuilder();
  for (let i = 0; i < provinces; i++) builder.land(`p${i}`);
  for (let i = 0; i + 1 < provinces; i++) builder.border(`p${i}`, `p${i + 1}`);
  if (provinces > 2) builder.border(`p${provinces - 1}`, 'p0');
  const ctx = { map: builder.build(), options: warfareOptions.parse({}), combat: new Registry<CombatSystem>('combat system') };
  const nations = { red: { id: 'red', name: 'Red' }, blue: { id: 'blue', name: 'Blue' } };
  const units = Array.from({ length: armies }, (_, i) => ({ id: `a${i}`, type: 'army', nation: i % 2 ? 'red' : 'blue', province: `p${i}` }));
  const orders: Record<string, Order[]> = { red: [], blue: [] };
  units.forEach((u, i) => orders[u.nation].push({ kind: 'move', unitType: 'army', province: u.province, target: `p${target(i)}` }));
  const state: WarfareState = {
    turn: 1,
    phase: 'orders',
    nations,
    provinces: {},
    units,
    nextUnitId: armies,
    extra: { season: 'spring', year: 1901, dislodged: [] },
  };
  return warfare.adjudicate(ctx, state, orders, Dice.forced([]));
}

describe('the warfare resolver', () => {
  it("resolves a line of 5,000 armies, each moving into the next one's province, without running out of stack", () => {
    const { state } = line(5001, 5000, (i) => i + 1);
    expect(state.units.map((u) => u.province)).toEqual(Array.from({ length: 5000 }, (_, i) => `p${i + 1}`));
  });

  it('moves every unit of a ring that rotates, and none when one of them is blocked', () => {
    expect(line(6, 6, (i) => (i + 1) % 6).state.units.map((u) => u.province)).toEqual(['p1', 'p2', 'p3', 'p4', 'p5', 'p0']);
    // p5's army holds instead (it is ordered into its own province), so the ring jams behind it.
    expect(line(6, 6, (i) => (i === 5 ? 5 : (i + 1) % 6)).state.units.map((u) => u.province)).toEqual(['p0', 'p1', 'p2', 'p3', 'p4', 'p5']);
  });
});
