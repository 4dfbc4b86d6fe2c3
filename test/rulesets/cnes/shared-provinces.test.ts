// "Combat is joined whenever units from unallied factions occupy the same province": after a turn no
// province holds units of two nations that are not allied. The cases the property test found.
import { describe, expect, it } from 'vitest';
import { Dice, type GameEvent } from '../../../src/engine/index.ts';
import { cnes } from '../../../src/rulesets/cnes/index.ts';
import { friendly, type CnesState } from '../../../src/rulesets/cnes/state.ts';
import { Random, randomMap, randomOrders, randomState } from './generate.ts';
import { context, play, startState, unit } from './support.ts';

/** Pairs of nations that are not allied and stand together on the ground. */
function unalliedNeighbours(ctx: ReturnType<typeof context>, state: CnesState): string[] {
  const found: string[] = [];
  for (const province of new Set(state.units.map((u) => u.province))) {
    const nations = [...new Set(state.units.filter((u) => u.province === province && ctx.options.cards[u.type].alt === 0).map((u) => u.nation))];
    for (const [i, a] of nations.entries()) for (const b of nations.slice(i + 1)) if (!friendly(state, a, b)) found.push(`${a} and ${b} in ${province}`);
  }
  return found;
}

const relationEvents = (events: GameEvent[], nation: string) =>
  events.filter((e) => e.type === 'relation.changed' && (e.nation === nation || e.with === nation));

describe('cnes: unallied armies never share a province after a turn', () => {
  it('a nation allied with both sides of a battle stands aside, and its alliances hold', () => {
    const ctx = context();
    const state = startState(ctx);
    state.extra.relations = { 'blue|red': 'war', 'green|red': 'allied', 'blue|green': 'allied' };
    state.units.push(
      unit('g1', 'militia', 'green', 'mid'),
      unit('r1', 'tank', 'red', 'rwd'),
      unit('b1', 'infantry', 'blue', 'bca'),
      unit('b2', 'officer', 'blue', 'bpk', { veterancy: 4 }),
      unit('g2', 'anti-air', 'green', 'rwd'),
    );
    const { state: after, events } = play(ctx, state, {
      red: [{ kind: 'move', province: 'rwd', unitKind: 'tank', target: 'mid' }],
      blue: [{ kind: 'move', province: 'bca', unitKind: 'infantry', target: 'mid' }],
      green: [{ kind: 'move', province: 'rwd', unitKind: 'anti-air', target: 'bpk' }],
    });
    const battle = events.find((e) => e.type === 'battle.fought' && e.place === 'mid')!;
    expect((battle.sides as Array<{ nations: string[] }>).flatMap((s) => s.nations).sort()).toEqual(['blue', 'red']);
    expect(relationEvents(events, 'green')).toEqual([]);
    expect(after.extra.relations).toMatchObject({ 'blue|green': 'allied', 'green|red': 'allied' });
    expect(after.units.find((u) => u.id === 'g1')?.province).toBe('mid');
    expect(after.units.find((u) => u.id === 'g2')?.province).toBe('bpk');
    expect(unalliedNeighbours(ctx, after)).toEqual([]);
  });

  it('an anti-air unit entering a province held only by an enemy officer wins it, and the officer goes', () => {
    const ctx = context();
    const state = startState(ctx);
    state.extra.relations = { 'blue|green': 'war', 'green|red': 'allied' };
    state.units.push(unit('b2', 'officer', 'blue', 'bpk', { veterancy: 4 }), unit('g2', 'anti-air', 'green', 'rwd'));
    const { state: after, events } = play(ctx, state, { green: [{ kind: 'move', province: 'rwd', unitKind: 'anti-air', target: 'bpk' }] });
    expect(events.find((e) => e.type === 'battle.fought' && e.place === 'bpk')).toMatchObject({ winner: 'green' });
    expect(after.units.filter((u) => u.province === 'bpk').map((u) => u.id)).toEqual(['g2']);
    expect(after.provinces.bpk.owner).toBe('green');
    expect(unalliedNeighbours(ctx, after)).toEqual([]);
  });

  it('replays property seed 5: the ally of both sides keeps its alliance and shares a province with its ally', () => {
    const rnd = new Random(5);
    const ctx = context(randomMap(rnd, rnd.int(3, 7), rnd.int(2, 4)));
    let state = randomState(rnd, ctx, rnd.int(2, 4), rnd.int(2, 8));
    for (let t = 0; t < 4; t++) {
      const orders = randomOrders(rnd, ctx, state);
      state = cnes.adjudicate(ctx, state, orders, Dice.seeded(`p5-${t}`)).state;
      expect(unalliedNeighbours(ctx, state), `turn ${t}`).toEqual([]);
    }
    // n3 was allied with n1 and n2 while they fought in p1-2; its anti-air joined n2's officer in p0-2.
    expect(friendly(state, 'n2', 'n3')).toBe(true);
  });
});
