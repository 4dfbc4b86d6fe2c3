import { describe, expect, it } from 'vitest';
import { context, play, resultOf, stateOf, units } from './small-map.ts';

describe('warfare retreats', () => {
  // Red takes Hillfort with support; green's two armies stand off in Midmarch.
  const dislodging = () =>
    play(context(), stateOf(units('red A ash', 'red A red', 'blue A hil', 'green A bay', 'green A cape')), {
      red: ['A ash - hil', 'A red S A ash - hil'],
      blue: ['A hil H'],
      green: ['A bay - mid', 'A cape - mid'],
    });

  it("offers only empty neighbours, never the attacker's province nor one left empty by a standoff", () => {
    const { state, events } = dislodging();
    expect(events).toContainEqual(
      expect.objectContaining({ type: 'unit.dislodged', unit: 'u3', from: 'hil', by: 'ash', retreats: ['low'], audience: 'public' }),
    );
    expect(resultOf(events, 'blue', 0)).toMatchObject({ type: 'order.failed', reason: 'DISLODGED' });
    expect(state.phase).toBe('retreats');
    expect(state.extra.dislodged).toEqual([{ unit: expect.objectContaining({ id: 'u3', province: 'hil' }), by: 'ash', retreats: ['low'] }]);
    expect(state.units.map((u) => u.province).sort()).toEqual(['bay', 'cape', 'hil', 'red']);
  });

  it('moves a retreating unit and goes on to the Fall orders; a retreat elsewhere disbands it', () => {
    const { state } = dislodging();
    const retreated = play(context(), state, { blue: ['A hil R low'] });
    expect(retreated.state.units).toContainEqual(expect.objectContaining({ id: 'u3', province: 'low' }));
    expect(retreated.events).toContainEqual(expect.objectContaining({ type: 'unit.retreated', unit: 'u3', from: 'hil', to: 'low' }));
    expect(retreated.state).toMatchObject({ phase: 'orders', extra: { season: 'fall', dislodged: [] } });

    const refused = play(context(), state, { blue: ['A hil R mid'] });
    expect(resultOf(refused.events, 'blue', 0)).toMatchObject({ type: 'order.failed', reason: 'RETREAT_NOT_ALLOWED' });
    expect(refused.events).toContainEqual(expect.objectContaining({ type: 'unit.disbanded', unit: 'u3', reason: 'NO_ORDER' }));
    expect(refused.state.units.some((u) => u.id === 'u3')).toBe(false);
  });

  it('disbands both units that retreat to the same province, and a unit given no retreat order', () => {
    const state = stateOf(units('red A ash'), { phase: 'retreats' });
    state.extra.dislodged = [
      { unit: { id: 'b1', type: 'army', nation: 'blue', province: 'hil' }, by: 'red', retreats: ['low', 'mid'] },
      { unit: { id: 'g1', type: 'army', nation: 'green', province: 'vale' }, by: 'pal', retreats: ['low'] },
      { unit: { id: 'g2', type: 'army', nation: 'green', province: 'inn' }, by: 'bsh', retreats: ['pal'] },
    ];
    const { state: after, events } = play(context(), state, { blue: ['A hil R low'], green: ['A vale R low'] });
    expect(resultOf(events, 'blue', 0)).toMatchObject({ type: 'order.failed', reason: 'RETREAT_BOUNCED' });
    expect(resultOf(events, 'green', 0)).toMatchObject({ type: 'order.failed', reason: 'RETREAT_BOUNCED' });
    expect(events.filter((e) => e.type === 'unit.disbanded').map((e) => [e.unit, e.reason])).toEqual([
      ['b1', 'RETREAT_BOUNCED'],
      ['g1', 'RETREAT_BOUNCED'],
      ['g2', 'NO_ORDER'],
    ]);
    expect(after.units.map((u) => u.id)).toEqual(['u1']);
  });

  it('refuses supports, convoys and holds in the retreat phase, and orders for units that were not dislodged', () => {
    const state = stateOf(units('red A ash', 'red F nth'), { phase: 'retreats' });
    state.extra.dislodged = [{ unit: { id: 'b1', type: 'army', nation: 'blue', province: 'hil' }, by: 'ash', retreats: ['low'] }];
    const { events } = play(context(), state, { red: ['A ash S A hil - low', 'F nth C A hil - low', 'A ash - hil'], blue: ['A hil H'] });
    expect([0, 1].map((i) => resultOf(events, 'red', i)?.reason)).toEqual(['WRONG_PHASE', 'WRONG_PHASE']);
    expect(resultOf(events, 'red', 2)?.reason).toBe('WRONG_PHASE');
    expect(resultOf(events, 'blue', 0)?.reason).toBe('WRONG_PHASE');
    expect(events).toContainEqual(expect.objectContaining({ type: 'unit.disbanded', unit: 'b1', reason: 'NO_ORDER' }));
    const notDislodged = play(context(), { ...state, units: units('red A ash', 'red F nth') }, { red: ['A ash R low'] });
    expect(resultOf(notDislodged.events, 'red', 0)?.reason).toBe('NOT_DISLODGED');
  });

  it('disbands at once a dislodged unit with nowhere to go, and skips the retreat phase', () => {
    // Blue in Vale is dislodged from Lowmere; Palace Rock is held and Gate Isle (its portal) too.
    const { state, events } = play(context(), stateOf(units('red A low', 'red A pal', 'blue A vale', 'green F isle')), {
      red: ['A low - vale', 'A pal S A low - vale'],
    });
    expect(events).toContainEqual(expect.objectContaining({ type: 'unit.disbanded', unit: 'u3', reason: 'NO_RETREAT' }));
    expect(state).toMatchObject({ phase: 'orders', extra: { season: 'fall', dislodged: [] } });
  });

  it('lets a unit retreat through the linked portal', () => {
    const { state } = play(context(), stateOf(units('red A low', 'red A pal', 'blue A vale')), { red: ['A low - vale', 'A pal S A low - vale'] });
    expect(state.extra.dislodged[0].retreats).toEqual(['isle']);
  });

  it('names the coast a fleet retreats to: one reachable coast is enough when coasts are lenient, not when strict', () => {
    const { state } = play(context(), stateOf(units('red F bay', 'red F red', 'green F nth')), { red: ['F bay - nth', 'F red S F bay - nth'] });
    expect(state.extra.dislodged[0].retreats).toEqual(['sth', 'isle', 'blu', 'cape/nc']);
    const lenient = play(context(), state, { green: ['F nth R cape'] });
    expect(lenient.state.units).toContainEqual(expect.objectContaining({ nation: 'green', province: 'cape', coast: 'nc' }));
    const strict = play(context({ coasts: 'strict' }), state, { green: ['F nth R cape'] });
    expect(resultOf(strict.events, 'green', 0)?.reason).toBe('COAST_REQUIRED');
    const named = play(context({ coasts: 'strict' }), state, { green: ['F nth R cape/nc'] });
    expect(resultOf(named.events, 'green', 0)?.type).toBe('order.succeeded');
  });
});
