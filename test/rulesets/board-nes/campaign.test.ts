// Several turns chained: build, move, fight, collect; debts carried into the next turn's disbands.
import { describe, expect, it } from 'vitest';
import { Dice, type GameEvent } from '../../../src/engine/index.ts';
import { boardNes } from '../../../src/rulesets/board-nes/index.ts';
import type { BoardNesState } from '../../../src/rulesets/board-nes/state.ts';
import { context, resultOf, unitsAt } from './support.ts';

const ctx = context();

function ledgerOf(state: BoardNesState, events: GameEvent[], nation: string) {
  return boardNes.privateView(ctx, state, events, nation).ledger as Record<string, number>;
}

describe('a board NES campaign', () => {
  it('builds, moves, fights and collects over four turns', () => {
    let state = boardNes.setup(ctx, [
      { id: 'red', name: 'Redmark', attributes: { gold: 10, units: [{ type: 'army', province: 'lon' }] } },
      { id: 'blue', name: 'Bluevale', attributes: { gold: 10, units: [{ type: 'army', province: 'edi' }] } },
      { id: 'green', name: 'Greenwood', attributes: { gold: 10 } },
    ]);
    expect(state.nations.blue.taxIncome).toBe(5);

    // Turn 1: red buys an army, walks the old one into the white Midlands and claims it, and trades.
    let turn = boardNes.adjudicate(
      ctx,
      state,
      {
        red: [
          { kind: 'buy-unit', unitType: 'army', province: 'lon' },
          { kind: 'move', unitType: 'army', province: 'lon', target: 'mid', count: 'all', claim: true },
          { kind: 'caravan', nation: 'blue', count: 2, escorts: 1 },
        ],
        blue: [{ kind: 'steal', nation: 'red', mode: 'count', count: 1 }],
      },
      Dice.seeded('turn 1'),
    );
    state = turn.state;
    expect(state.turn).toBe(2);
    expect(unitsAt(state, 'red', 'lon')).toHaveLength(1); // the new army stayed behind
    expect(unitsAt(state, 'red', 'mid')).toHaveLength(1);
    expect(state.provinces.mid.owner).toBe('red');
    // 10 - 2 (army) - 3 (caravans, escort) + 6 tax (city 3, base 1, town 2) + 2 (one caravan back) - 2 upkeep
    expect(ledgerOf(state, turn.events, 'red')).toMatchObject({ start: 10, spent: 5, tax: 6, caravans: 2, upkeep: 2, total: 11 });
    expect(state.nations.blue.gold).toBe(10 + 5 + 1 - 1);

    // Turn 2: both armies gather in York; last turn's caravans are gone for good.
    turn = boardNes.adjudicate(
      ctx,
      state,
      {
        red: [
          { kind: 'move', unitType: 'army', province: 'lon', target: 'yor' },
          { kind: 'move', unitType: 'army', province: 'mid', target: 'yor' },
        ],
      },
      Dice.seeded('turn 2'),
    );
    state = turn.state;
    expect(unitsAt(state, 'red', 'yor')).toHaveLength(2);
    expect(ledgerOf(state, turn.events, 'red')).toMatchObject({ start: 11, caravans: 0, tax: 6, total: 15 });
    expect(turn.events.some((e) => e.type === 'caravans.returned')).toBe(false);

    // Turn 3: red attacks Edinburgh, held by one army and the City's Militia.
    // X = 2; blue rolls d4 = 1, red d4 = 4: blue loses 4/2 = 2 (both), red loses 1/2 rounded down = 0.
    const dice = Dice.forced([1, 4]);
    turn = boardNes.adjudicate(ctx, state, { red: [{ kind: 'move', unitType: 'army', province: 'yor', target: 'edi', count: 2 }] }, dice);
    state = turn.state;
    expect(dice.unusedForced).toBe(0);
    expect(resultOf(turn.events, 'red', 0).type).toBe('order.succeeded');
    expect(state.provinces.edi).toEqual({ owner: 'red', structure: 'military-base' });
    expect(unitsAt(state, 'blue', 'edi')).toHaveLength(0);
    expect(state.nations.red.taxIncome).toBe(3 + 1 + 2 + 1);
    expect(state.nations.blue.taxIncome).toBe(2);

    // Turn 4: the new province pays; blue can now be sent only 2 caravans.
    const verdict = boardNes.validate(ctx, state, 'red', { kind: 'caravan', nation: 'blue', count: 3 }, []);
    expect(verdict).toMatchObject({ ok: false, code: 'CARAVAN_LIMIT' });
    turn = boardNes.adjudicate(ctx, state, {}, Dice.seeded('turn 4'));
    expect(ledgerOf(turn.state, turn.events, 'red')).toMatchObject({ tax: 7, upkeep: 2 });
    expect(turn.state.turn).toBe(5);
  });

  it('carries a debt into the next turn, whose disbands the nation must name', () => {
    let state = boardNes.setup(ctx, [
      { id: 'red', name: 'Redmark', attributes: { gold: 0, units: [{ type: 'army', province: 'lon', count: 7 }] } },
      { id: 'blue', name: 'Bluevale' },
    ]);
    let turn = boardNes.adjudicate(ctx, state, {}, Dice.seeded('a'));
    state = turn.state;
    expect(state.nations.red.gold).toBe(4 - 7);
    expect(turn.events.find((e) => e.type === 'gold.short')).toMatchObject({ mustDisband: 3, audience: ['red'] });

    // Red names only one unit: two more go, newest first, and the GM alone is told.
    turn = boardNes.adjudicate(ctx, state, { red: [{ kind: 'disband', unitType: 'army', province: 'lon' }] }, Dice.seeded('b'));
    expect(turn.state.units).toHaveLength(4);
    const defaulted = turn.events.find((e) => e.type === 'disband.defaulted');
    expect(defaulted?.audience).toEqual([]);
    expect(boardNes.privateView(ctx, turn.state, turn.events, 'red').events).not.toContainEqual(defaulted);
    expect(ledgerOf(turn.state, turn.events, 'red')).toMatchObject({ start: -3, debtCleared: 3, left: 0, tax: 4, upkeep: 4, total: 0 });
  });
});
