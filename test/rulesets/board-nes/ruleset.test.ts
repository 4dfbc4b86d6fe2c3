// The ruleset's contract: registration, options, notation, validation, purity and privacy.
import { describe, expect, it } from 'vitest';
import { Registry, visibleTo, type Battle, type CombatSystem, type Order } from '../../../src/engine/index.ts';
import { rulesets } from '../../../src/rulesets/index.ts';
import { boardNes } from '../../../src/rulesets/board-nes/index.ts';
import { boardNesOptions } from '../../../src/rulesets/board-nes/options.ts';
import { formatOrder, orderKinds, orderSchemas } from '../../../src/rulesets/board-nes/orders.ts';
import { army, context, fleet, play, resultOf, startState } from './support.ts';

const ctx = context();

describe('board-nes ruleset', () => {
  it('is registered, with options that all default', () => {
    expect(rulesets.get('board-nes')).toBe(boardNes);
    const options = boardNesOptions.parse({});
    expect(options).toMatchObject({
      combat: 'board-nes-dice',
      upkeep: 1,
      fleetCapacity: 4,
      caravanReturn: 2,
      prices: { army: 2, fleet: 3, engineeredCity: 15 },
    });
    expect(boardNes.defaultCombat).toBe(options.combat);
  });

  it('documents every order kind it understands, with examples, once for each kind of game', () => {
    expect([...new Set(orderKinds.map((k) => k.kind))].sort()).toEqual(Object.keys(orderSchemas).sort());
    for (const kind of orderKinds) expect(kind.examples.length).toBeGreaterThan(0);
    // A kind documented twice (buying units: with or without civ-advanced unit kinds) is shown to a game once.
    for (const options of [{ combat: 'board-nes-dice' }, { combat: 'civ-advanced' }]) {
      const shown = orderKinds.filter((k) => k.available?.(options) ?? true).map((k) => k.kind);
      expect(shown).toEqual([...new Set(shown)]);
    }
  });

  it('writes orders in canonical notation', () => {
    const cases: Array<[Order, string]> = [
      [{ kind: 'buy-unit', unitType: 'army', province: 'lon' }, 'Buy army in lon'],
      [{ kind: 'buy-unit', unitType: 'fleet', province: 'lon', sea: 'nth', count: 2 }, 'Buy 2 fleet in lon at nth'],
      [{ kind: 'buy-structure', structure: 'military-base', province: 'yor' }, 'Build military base in yor'],
      [{ kind: 'move', unitType: 'army', province: 'lon', target: 'wal', count: 2, claim: true }, 'Move 2 army lon -> wal (claim)'],
      [{ kind: 'move', unitType: 'army', province: 'lon', target: 'wal', count: 'all' }, 'Move all army lon -> wal'],
      [{ kind: 'load', province: 'nth', from: 'lon', count: 3 }, 'Load 3 army from lon onto nth'],
      [{ kind: 'unload', province: 'nth', target: 'yor' }, 'Unload all army from nth -> yor'],
      [{ kind: 'naval-attack', province: 'nth', nation: 'blue' }, 'Naval attack blue in nth'],
      [{ kind: 'caravan', nation: 'blue', count: 3, escorts: 1 }, 'Caravan 3 to blue with 1 escort'],
      [{ kind: 'steal', nation: 'blue', mode: 'per', count: 2, per: 5 }, 'Steal 2 per 5 from blue'],
      [{ kind: 'steal', nation: 'blue', mode: 'all-but', count: 3 }, 'Steal all but 3 from blue'],
      [{ kind: 'aim', nation: 'blue', province: 'mid' }, 'Aim at blue in mid'],
      [{ kind: 'claim', province: 'wal' }, 'Claim wal'],
    ];
    for (const [order, text] of cases) expect(formatOrder(order)).toBe(text);
  });

  it('describes orders in plain words', () => {
    expect(boardNes.describeOrder(ctx, { kind: 'move', unitType: 'army', province: 'lon', target: 'wal', count: 2, claim: true })).toBe(
      'Your 2 armies in London move to Wales and claim it.',
    );
  });

  it('tells malformed, unknown and misaddressed orders apart', () => {
    const state = startState(ctx);
    const check = (order: Order) => boardNes.validate(ctx, state, 'red', order, []);
    expect(check({ kind: 'move', unitType: 'army', province: 'lon' })).toMatchObject({ ok: false, code: 'MALFORMED_ORDER' });
    expect(check({ kind: 'build-wonder', province: 'lon' })).toMatchObject({ ok: false, code: 'UNKNOWN_ORDER' });
    expect(check({ kind: 'claim', province: 'atlantis' })).toMatchObject({ ok: false, code: 'NO_SUCH_PROVINCE' });
    expect(check({ kind: 'steal', nation: 'purple', mode: 'all' })).toMatchObject({ ok: false, code: 'NO_SUCH_NATION' });
  });

  it('refuses an order about the wrong kind of place, and a second aim at the same place', () => {
    const state = startState(ctx);
    Object.assign(state.provinces.mid, { owner: 'red', structure: 'military-base' });
    const check = (order: Order, ahead: Order[] = []) => boardNes.validate(ctx, state, 'red', order, ahead);
    expect(check({ kind: 'claim', province: 'nth' })).toMatchObject({ ok: false, code: 'NOT_LAND' });
    expect(check({ kind: 'load', province: 'lon', from: 'yor' })).toMatchObject({ ok: false, code: 'NOT_A_SEA' });
    expect(check({ kind: 'unload', province: 'lon', target: 'wal' })).toMatchObject({ ok: false, code: 'NOT_A_SEA' });
    expect(check({ kind: 'naval-attack', province: 'lon' })).toMatchObject({ ok: false, code: 'NOT_A_SEA' });
    // Midlands, with a Military Base here, is the map's one land-locked province.
    expect(check({ kind: 'buy-unit', unitType: 'fleet', province: 'mid' })).toMatchObject({ ok: false, code: 'NO_SEA' });
    expect(check({ kind: 'buy-unit', unitType: 'army', province: 'mid' })).toEqual({ ok: true });
    const aim = { kind: 'aim', nation: 'blue', province: 'yor' };
    expect(check(aim)).toEqual({ ok: true });
    expect(check(aim, [aim])).toMatchObject({ ok: false, code: 'DUPLICATE_AIM' });
    expect(check({ kind: 'aim', nation: 'green' }, [aim])).toEqual({ ok: true });
  });

  it('validates an order against those accepted ahead of it', () => {
    const state = startState(ctx);
    const buy = { kind: 'buy-structure', structure: 'engineered-city', province: 'lon' };
    expect(boardNes.validate(ctx, state, 'red', { kind: 'buy-unit', unitType: 'army', province: 'lon', count: 5 }, [])).toEqual({ ok: true });
    const second = boardNes.validate(ctx, state, 'red', { kind: 'buy-unit', unitType: 'army', province: 'lon' }, [
      { kind: 'buy-unit', unitType: 'army', province: 'lon', count: 5 },
    ]);
    expect(second).toMatchObject({ ok: false, code: 'CANNOT_AFFORD', message: expect.stringContaining('2 gold short') });
    expect(boardNes.validate(ctx, state, 'red', buy, [])).toMatchObject({ ok: false, code: 'PROVINCE_NOT_EMPTY' });
  });

  it('never changes the state it is given, and re-checks orders that reach it', () => {
    const state = startState(ctx);
    state.units.push(army('a1', 'red', 'lon'), fleet('f2', 'red', 'nth'));
    const before = structuredClone(state);
    const { events } = play(ctx, state, {
      red: [
        { kind: 'move', unitType: 'army', province: 'lon', target: 'edi' },
        { kind: 'move', unitType: 'army', province: 'lon', target: 'wal', claim: true },
      ],
      purple: [{ kind: 'claim', province: 'wal' }],
    });
    expect(state).toEqual(before);
    expect(resultOf(events, 'red', 0)).toMatchObject({ type: 'order.failed', reason: 'NOT_ADJACENT', audience: ['red'] });
    expect(resultOf(events, 'red', 1)).toMatchObject({ type: 'order.succeeded', canonical: 'Move army lon -> wal (claim)' });
    expect(resultOf(events, 'purple', 0)).toMatchObject({ reason: 'NO_SUCH_NATION' });
  });

  it('gives each order exactly one result, seen only by its nation', () => {
    const state = startState(ctx);
    state.units.push(army('a1', 'red', 'lon'), army('a2', 'blue', 'edi'), fleet('f3', 'blue', 'nth'));
    const orders = {
      red: [
        { kind: 'caravan', nation: 'blue', count: 2, escorts: 1 },
        { kind: 'steal', nation: 'blue', mode: 'all' },
        { kind: 'hold', unitType: 'army', province: 'lon' },
      ],
      blue: [
        { kind: 'caravan', nation: 'red', count: 3 },
        { kind: 'steal', nation: 'red', mode: 'count', count: 2 },
        { kind: 'naval-attack', province: 'nth' },
      ],
      green: [{ kind: 'aim', nation: 'red' }],
    };
    const { state: after, events } = play(ctx, state, orders);
    for (const [nation, list] of Object.entries(orders)) {
      list.forEach((_, i) => {
        const results = events.filter((e) => e.type.startsWith('order.') && e.nation === nation && e.order === i);
        expect(results).toHaveLength(1);
        expect(results[0].audience).toEqual([nation]);
      });
    }
    for (const nation of ['red', 'blue', 'green']) {
      const view = boardNes.privateView(ctx, after, events, nation);
      expect(view.events.every((e) => visibleTo(e, nation))).toBe(true);
      expect(JSON.stringify(view)).not.toContain('disband.defaulted');
    }
    const green = JSON.stringify(boardNes.privateView(ctx, after, events, 'green'));
    for (const secret of ['caravan.stolen', 'Caravan', 'Steal', 'caravans.returned']) expect(green).not.toContain(secret);
    const open = JSON.stringify(boardNes.publicView(ctx, after, events));
    for (const secret of ['caravan.stolen', 'Caravan', 'Steal', 'ledger', 'order.succeeded']) expect(open).not.toContain(secret);
  });

  it('starts a game from map and nation attributes', () => {
    const state = boardNes.setup(ctx, [
      { id: 'red', name: 'Redmark', attributes: { gold: 7, units: [{ type: 'fleet', province: 'nth', count: 2 }] } },
      { id: 'blue', name: 'Bluevale' },
    ]);
    expect(state.nations.red).toEqual({ id: 'red', name: 'Redmark', gold: 7, taxIncome: 4 });
    expect(state.nations.blue.gold).toBe(10);
    expect(state.provinces.lvp).toEqual({ owner: null, structure: 'military-base' }); // green is not in this game
    expect(state.units.map((u) => [u.id, u.type, u.province])).toEqual([
      ['f1', 'fleet', 'nth'],
      ['f2', 'fleet', 'nth'],
    ]);
  });

  it('fights through the combat system the game chooses, passing units, militia and aims', () => {
    const battles: Battle[] = [];
    const everyoneDies: CombatSystem = {
      id: 'everyone-dies',
      title: 'Test: every unit is destroyed',
      fight: (battle) => {
        battles.push(battle);
        return { killed: battle.sides.flatMap((s) => s.units.map((u) => u.id)), winner: null, rounds: [], notes: [] };
      },
    };
    const custom = { ...context(undefined, { combat: 'everyone-dies' }), combat: new Registry<CombatSystem>('combat system', [everyoneDies]) };
    const state = startState(custom);
    state.units.push(army('a1', 'red', 'yor', { era: 'ancient' }), army('a2', 'green', 'mid'));
    const { state: after, events } = play(custom, state, {
      red: [{ kind: 'move', unitType: 'army', province: 'yor', target: 'edi' }],
      green: [{ kind: 'move', unitType: 'army', province: 'mid', target: 'yor' }],
    });
    expect(battles.map((b) => b.place)).toEqual(['edi']);
    expect(battles[0].sides[0].units[0]).toMatchObject({ nation: 'blue', militia: true });
    expect(battles[0].sides[1].units[0]).toMatchObject({ id: 'a1', era: 'ancient' });
    expect(battles[0].context).toMatchObject({ kind: 'land', owner: 'blue', structure: 'city' });
    expect(events.find((e) => e.type === 'battle.fought')).toMatchObject({ combat: 'everyone-dies', winner: null });
    expect(after.provinces.yor.owner).toBe('green'); // taken without a fight while red was away
    expect(after.provinces.edi.owner).toBe('blue');
  });

  it("lets civ-advanced replace the dice rule, the Militia fighting as infantry of the game's era", () => {
    const civ = context(undefined, { combat: 'civ-advanced', era: 1 });
    const state = startState(civ);
    const swords = { unitKind: 'swordsmen' };
    state.units.push(army('a1', 'red', 'yor', swords), army('a2', 'red', 'yor', swords), army('a3', 'blue', 'edi', swords));
    const { events } = play(civ, state, { red: [{ kind: 'move', unitType: 'army', province: 'yor', target: 'edi', count: 2 }] });
    const battle = events.find((e) => e.type === 'battle.fought');
    expect(battle).toMatchObject({
      combat: 'civ-advanced',
      place: 'edi',
      sides: [
        { nation: 'blue', units: 2 },
        { nation: 'red', units: 2 },
      ],
    });
    expect(battle?.notes).toContainEqual(expect.stringContaining('militia'));
  });
});
