import { describe, expect, it } from 'vitest';
import { MapBuilder, MapError, Registry, type CombatSystem } from '../../../src/engine/index.ts';
import { rulesets } from '../../../src/rulesets/index.ts';
import { warfare } from '../../../src/rulesets/warfare/index.ts';
import { landmarkProblems } from '../../../src/rulesets/warfare/landmarks.ts';
import { warfareOptions } from '../../../src/rulesets/warfare/options.ts';
import { context, order, play, resultOf, smallMap, stateOf, units } from './small-map.ts';

describe('the warfare ruleset', () => {
  it('is registered, and its options default to the 2023 rulebook', () => {
    expect(rulesets.get('warfare')).toBe(warfare);
    expect(warfareOptions.parse({})).toEqual({
      edition: '2023',
      coasts: 'lenient',
      implicitConvoyFallback: true,
      convoyChains: true,
      ownership: 'fall',
      revealOrders: true,
      startYear: 1901,
    });
  });

  it('sets up home provinces owned by their kingdoms, with listed units or an army in each home province', () => {
    const state = warfare.setup(context(), [
      { id: 'red', name: 'Redmark', attributes: { units: ['F red', 'A ash'] } },
      { id: 'blue', name: 'Bluevale' },
    ]);
    expect(state.provinces).toMatchObject({ red: { owner: 'red' }, ash: { owner: 'red' }, blu: { owner: 'blue' }, mid: { owner: null }, nth: { owner: null } });
    expect(state.units.map((u) => `${u.nation} ${u.type} ${u.province}`)).toEqual(['red fleet red', 'red army ash', 'blue army blu', 'blue army bsh']);
    expect(state).toMatchObject({ phase: 'orders', extra: { season: 'spring', year: 1901, dislodged: [] } });
  });

  it('refuses a map whose linked portals do not come in exactly one pair', () => {
    const lonely = new MapBuilder()
      .land('a', 'A', { attributes: { landmark: 'linked-portal' } })
      .land('b', 'B', { attributes: { landmark: 'castle' } })
      .build();
    expect(landmarkProblems(lonely)).toEqual([
      'b: "castle" is not a landmark (known: supply-center, linked-portal, mercenary-company, place-of-power, person-of-interest, ancient-ruins).',
      'a map has exactly two linked portals, or none; this one has 1 (a).',
    ]);
    const ctx = { map: lonely, options: warfareOptions.parse({}), combat: new Registry<CombatSystem>('combat system') };
    expect(() => warfare.setup(ctx, [])).toThrow(MapError);
    expect(landmarkProblems(smallMap())).toEqual([]);
  });

  it('moves units between the linked portals as if they were adjacent', () => {
    const { state, events } = play(context(), stateOf(units('red A vale')), { red: ['A vale - isle'] });
    expect(resultOf(events, 'red', 0)?.type).toBe('order.succeeded');
    expect(state.units[0].province).toBe('isle');
  });

  it('checks orders when they are sent, with the same rules as at the deadline', () => {
    const ctx = context();
    const state = stateOf(units('red A ash', 'blue A bsh', 'red F nth'));
    const check = (nation: string, text: string, accepted: string[] = []) => warfare.validate(ctx, state, nation, order(text), accepted.map(order));
    expect(check('red', 'A ash - hil')).toEqual({ ok: true });
    expect(check('red', 'A ash - mid')).toMatchObject({ ok: false, code: 'NOT_ADJACENT' });
    expect(check('red', 'A bsh - pal')).toMatchObject({ ok: false, code: 'NOT_YOUR_UNIT' });
    expect(check('red', 'A ash - hil', ['A ash H'])).toMatchObject({ ok: false, code: 'ALREADY_ORDERED' });
    expect(check('red', 'F nth - mid')).toMatchObject({ ok: false, code: 'FLEET_INLAND' });
    expect(check('red', 'A ash R low')).toMatchObject({ ok: false, code: 'WRONG_PHASE' });
    expect(check('red', 'F nth - cape')).toEqual({ ok: true });
    expect(warfare.validate(context({ coasts: 'strict' }), state, 'red', order('F nth - cape'), [])).toMatchObject({ ok: false, code: 'COAST_REQUIRED' });
    expect(check('green', 'A ash H')).toMatchObject({ ok: false, code: 'NOT_YOUR_UNIT' });
    expect(check('purple', 'A ash H')).toMatchObject({ ok: false, code: 'NO_SUCH_NATION' });
  });

  it('writes orders in the canonical notation and in plain words', () => {
    const written = [
      'A ash H',
      'F nth - cape/nc',
      'A red - blu via convoy',
      'A hil S A ash - low',
      'F nth S F blu',
      'F nth C A red - blu',
      'A hil R low',
      'A hil D',
      'Build F cape/sc',
      'Waive',
    ];
    expect(written.map((w) => warfare.formatOrder(order(w)))).toEqual(written);
    expect(warfare.describeOrder(context(), order('F nth - cape/nc'))).toBe('Your fleet in North Water moves to The Cape (north coast).');
    expect(warfare.describeOrder(context(), order('A hil S A ash - low'))).toBe('Your army in Hillfort supports the army in Ashfield moving to Lowmere.');
    expect(warfare.orderKinds.map((k) => k.kind)).toEqual(['hold', 'move', 'support', 'convoy', 'retreat', 'disband', 'build', 'waive']);
  });

  it('shows each kingdom its own order results and everyone the board, the moves and the published orders', () => {
    const ctx = context();
    const { state, events } = play(ctx, stateOf(units('red A ash', 'blue A hil', 'red A red')), {
      red: ['A ash - hil', 'A red S A ash - hil'],
      blue: ['A hil - ash'],
    });
    const mine = warfare.privateView(ctx, state, events, 'blue');
    expect(mine.events.filter((e) => e.type === 'order.failed').map((e) => e.nation)).toEqual(['blue']);
    const everyone = warfare.publicView(ctx, state, events);
    expect(everyone.events.some((e) => e.type === 'order.succeeded' || e.type === 'order.failed')).toBe(false);
    expect(everyone.events.map((e) => e.type)).toEqual(expect.arrayContaining(['move.bounced', 'unit.moved', 'unit.dislodged', 'orders.revealed']));
    expect(everyone).toMatchObject({ season: 'spring', year: 1901, dislodged: [{ unit: { province: 'hil', nation: 'blue' }, by: 'ash' }] });
    expect(everyone.landmarks).toContainEqual({ province: 'hil', landmarks: ['mercenary-company'], owner: null });
  });

  it('publishes every order as given with its result, each kingdom in the order its orders came', () => {
    const given = { blue: ['A hil - ash', 'A hil H'], purple: ['A mid H'], red: ['A ash - hil', 'A nowhere H', 'A red S A ash - hil'] };
    const { events } = play(context(), stateOf(units('red A ash', 'blue A hil', 'red A red')), given);
    const revealed = events.find((e) => e.type === 'orders.revealed');
    expect(revealed?.orders).toEqual([
      { nation: 'blue', given: order('A hil - ash'), ok: false, reason: 'BOUNCED' },
      { nation: 'blue', given: order('A hil H'), ok: false, reason: 'ALREADY_ORDERED' },
      { nation: 'purple', given: order('A mid H'), ok: false, reason: 'NO_SUCH_NATION' },
      { nation: 'red', given: order('A ash - hil'), ok: true },
      { nation: 'red', given: order('A nowhere H'), ok: false, reason: 'UNKNOWN_PROVINCE' },
      { nation: 'red', given: order('A red S A ash - hil'), ok: true },
    ]);
  });

  it('never changes the state it is given, whatever the phase', () => {
    const ctx = context();
    const fall = stateOf(units('red A ash', 'red A red', 'blue A hil', 'red F nth'), { season: 'fall' });
    const before = structuredClone(fall);
    const moved = play(ctx, fall, { red: ['A ash - hil', 'A red S A ash - hil', 'F nth - cape'] });
    expect(fall).toEqual(before);
    const afterMove = structuredClone(moved.state);
    const retreated = play(ctx, moved.state, { blue: ['A hil R low'] });
    expect(moved.state).toEqual(afterMove);
    expect(retreated.state.phase).toBe('adjustments');
    const afterRetreat = structuredClone(retreated.state);
    play(ctx, retreated.state, { red: ['Build A ash'] });
    expect(retreated.state).toEqual(afterRetreat);
  });

  it('keeps orders between the kingdoms involved when the GM does not publish them', () => {
    const ctx = context({ revealOrders: false });
    const { events } = play(ctx, stateOf(units('red A ash', 'blue A low', 'green A mid')), { red: ['A ash - low'], green: ['A mid - hil'] });
    expect(events.find((e) => e.type === 'orders.revealed')).toBeUndefined();
    expect(events.find((e) => e.type === 'move.bounced')).toMatchObject({ by: ['low'], audience: ['red', 'blue'] });
  });
});
