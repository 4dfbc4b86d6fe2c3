import { describe, expect, it } from 'vitest';
import { warfare } from '../../../src/rulesets/warfare/index.ts';
import { context, order, play, resultOf, stateOf, units } from './small-map.ts';

describe('warfare adjustments', () => {
  it('gives a supply centre to the kingdom standing in it after the Fall turn, and opens the adjustments', () => {
    const { state, events } = play(context(), stateOf(units('red A hil', 'red A red', 'blue A blu', 'blue A bsh'), { season: 'fall' }), {
      red: ['A hil - mid'],
    });
    expect(state.provinces.mid).toEqual({ owner: 'red' });
    expect(events).toContainEqual(
      expect.objectContaining({ type: 'landmark.captured', province: 'mid', landmark: 'supply-center', nation: 'red', from: null, audience: 'public' }),
    );
    expect(state).toMatchObject({ phase: 'adjustments', extra: { season: 'winter', year: 1901 } });
    expect(warfare.publicView(context(), state, events).nations.find((n) => n.id === 'red')).toMatchObject({ might: 3, supplyCenters: 3, adjustment: 1 });
  });

  it('changes no owner after a Spring turn (standard), unless the GM counts every phase', () => {
    const spring = stateOf(units('red A hil'));
    expect(play(context(), spring, { red: ['A hil - mid'] }).state.provinces.mid).toBeUndefined();
    expect(play(context({ ownership: 'every-phase' }), spring, { red: ['A hil - mid'] }).state.provinces.mid).toEqual({ owner: 'red' });
  });

  it('goes straight to the next Spring when nobody has anything to adjust', () => {
    const { state } = play(context(), stateOf(units('red A ash', 'red A red', 'blue A blu', 'blue A bsh'), { season: 'fall' }), {});
    expect(state).toMatchObject({ phase: 'orders', extra: { season: 'spring', year: 1902 } });
  });

  it('builds one by one in empty home provinces the kingdom owns, and says why each refused build fails', () => {
    const state = stateOf(units('red A red', 'blue A blu'), { phase: 'adjustments', season: 'winter', owners: { mid: 'red', bsh: 'red' } });
    // Red owns red, ash, mid and bsh: four centres, one unit, three builds.
    const { state: after, events } = play(context(), state, {
      red: ['Build A mid', 'Build A red', 'Build F ash', 'Build A ash', 'Build A ash', 'Build A bsh', 'Waive', 'Build F red'],
    });
    expect([0, 1, 2, 3, 4, 5, 6, 7].map((i) => resultOf(events, 'red', i)?.reason ?? 'ok')).toEqual([
      'NOT_HOME',
      'OCCUPIED',
      'FLEET_INLAND',
      'ok',
      'ALREADY_BUILT_HERE',
      'NOT_HOME',
      'ok',
      'OCCUPIED',
    ]);
    expect(after.units).toContainEqual({ id: 'a3', type: 'army', nation: 'red', province: 'ash', builtTurn: 1 });
    expect(events).toContainEqual(expect.objectContaining({ type: 'builds.waived', nation: 'red', count: 2 }));
    expect(after).toMatchObject({ phase: 'orders', nextUnitId: 4, extra: { season: 'spring', year: 1902 } });
  });

  it('does not let a kingdom build in a home province it has lost', () => {
    const state = stateOf(units(), { phase: 'adjustments', season: 'winter', owners: { ash: 'blue', mid: 'red' } });
    expect(warfare.validate(context(), state, 'red', order('Build A ash'), [])).toMatchObject({ ok: false, code: 'NOT_OWNED' });
    expect(warfare.validate(context(), state, 'red', order('Build A red'), [])).toEqual({ ok: true });
    expect(warfare.validate(context(), state, 'red', order('Build A red'), [order('Waive'), order('Build A ash')])).toMatchObject({
      ok: false,
      code: 'TOO_MANY_BUILDS',
    });
  });

  it('counts a held Mercenary Company as one more unit the kingdom may have', () => {
    const state = stateOf(units('red A red', 'red A ash'), { phase: 'adjustments', season: 'winter', owners: { hil: 'red' } });
    expect(warfare.publicView(context(), state, []).nations.find((n) => n.id === 'red')).toMatchObject({ might: 3, mercenaries: 1, adjustment: 1 });
    expect(warfare.validate(context(), { ...state, units: units('red A hil') }, 'red', order('Build A red'), [])).toEqual({ ok: true });
  });

  it('disbands what a kingdom orders, refuses extra or repeated disbands, and refuses builds when it must disband', () => {
    const state = stateOf(units('red A red', 'red A hil', 'red A low', 'red A mid'), { phase: 'adjustments', season: 'winter' });
    // Two centres, four units: two to go.
    const { state: after, events } = play(context(), state, { red: ['Build A ash', 'A hil D', 'A hil D', 'A mid D', 'A low D'] });
    expect([0, 1, 2, 3, 4].map((i) => resultOf(events, 'red', i)?.reason ?? 'ok')).toEqual([
      'MUST_DISBAND',
      'ok',
      'ALREADY_ORDERED',
      'ok',
      'TOO_MANY_DISBANDS',
    ]);
    expect(after.units.map((u) => u.province)).toEqual(['red', 'low']);
    expect(events.filter((e) => e.reason === 'CIVIL_DISORDER')).toEqual([]);
  });

  it('removes the units farthest from the centres a kingdom owns when it gives no disbands: fleets first, then by name', () => {
    // Red owns only Redhold; Hillfort is one step away, Lowmere and South Water two.
    const state = stateOf(units('red A hil', 'red A low', 'red F sth'), { phase: 'adjustments', season: 'winter', owners: { ash: 'blue' } });
    const { state: after, events } = play(context(), state, {});
    expect(events.filter((e) => e.type === 'unit.disbanded').map((e) => [e.province, e.reason])).toEqual([
      ['sth', 'CIVIL_DISORDER'],
      ['low', 'CIVIL_DISORDER'],
    ]);
    expect(after.units.map((u) => u.province)).toEqual(['hil']);
  });

  it('completes the disbands a kingdom left short by civil disorder', () => {
    const state = stateOf(units('red A hil', 'red A low', 'red A red'), { phase: 'adjustments', season: 'winter', owners: { ash: 'blue' } });
    const { events } = play(context(), state, { red: ['A red D'] });
    expect(events.filter((e) => e.type === 'unit.disbanded').map((e) => [e.province, e.reason])).toEqual([
      ['red', 'ORDERED'],
      ['low', 'CIVIL_DISORDER'],
    ]);
  });

  it('measures civil disorder from home centres under the older rulebooks', () => {
    // 1982: Ashfield is still a home centre, though blue owns it, so Lowmere is one step away.
    const state = stateOf(units('red A hil', 'red A low', 'red A bay'), { phase: 'adjustments', season: 'winter', owners: { ash: 'blue' } });
    const removed = (edition: '2023' | '1982') =>
      play(context({ edition }), state, {})
        .events.filter((e) => e.reason === 'CIVIL_DISORDER')
        .map((e) => e.province);
    expect(removed('2023')).toEqual(['low', 'bay']);
    expect(removed('1982')).toEqual(['bay', 'hil']);
  });
});
