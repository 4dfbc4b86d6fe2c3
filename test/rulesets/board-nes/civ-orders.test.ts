// The civ-advanced orders in board NES notation and in plain words: purchases by kind and battle plans.
import { describe, expect, it } from 'vitest';
import type { Order } from '../../../src/engine/index.ts';
import { boardNes } from '../../../src/rulesets/board-nes/index.ts';
import { context, startState } from './support.ts';

const civ = context(undefined, { combat: 'civ-advanced', era: 1 });

describe('civ-advanced orders in board NES', () => {
  it('writes them in canonical notation', () => {
    const cases: Array<[Order, string]> = [
      [{ kind: 'buy-unit', unitKind: 'swordsmen', province: 'lon', count: 2 }, 'Buy 2 swordsmen in lon'],
      [{ kind: 'buy-unit', unitKind: 'galleon', province: 'lon', sea: 'nth' }, 'Buy galleon in lon at nth'],
      [
        { kind: 'battle-plan', wave: ['swordsmen', 'catapults'], aircraftSupport: 'cavalry', casualties: ['chariots'] },
        'Battle plan: wave swordsmen, catapults; aircraft support cavalry; casualties chariots',
      ],
      [{ kind: 'battle-plan', aircraftSupport: ['infantry', 'artillery'] }, 'Battle plan: aircraft support infantry, artillery'],
      [{ kind: 'battle-plan' }, 'Battle plan: default'],
    ];
    for (const [order, text] of cases) expect(boardNes.formatOrder(order)).toBe(text);
  });

  it("describes them in plain words, with the table's names", () => {
    expect(boardNes.describeOrder(civ, { kind: 'buy-unit', unitKind: 'Swordsman', province: 'lon', count: 2 })).toBe('You buy 2 swordsmen in London.');
    expect(boardNes.describeOrder(civ, { kind: 'buy-unit', unitKind: 'galleons', province: 'lon', sea: 'nth' })).toBe(
      'You buy 1 galleon in London, put to sea in North Sea.',
    );
    expect(boardNes.describeOrder(civ, { kind: 'battle-plan', casualties: ['machinegunners'] })).toBe(
      'From now on your battles follow this plan: casualties machinegunners.',
    );
    expect(boardNes.describeOrder(civ, { kind: 'battle-plan' })).toBe('From now on your battles follow the default choices.');
  });

  it('checks a purchase by kind as it checks any purchase: gold, and a Military Base or City of yours', () => {
    const state = startState(civ);
    const check = (order: Order, ahead: Order[] = []) => boardNes.validate(civ, state, 'red', order, ahead);
    expect(check({ kind: 'buy-unit', unitKind: 'galleons', province: 'lon' })).toMatchObject({ ok: false, code: 'NAME_THE_SEA' });
    expect(check({ kind: 'buy-unit', unitKind: 'chariots', province: 'mid' })).toMatchObject({ ok: false, code: 'NOT_YOUR_PROVINCE' });
    expect(check({ kind: 'buy-unit', unitKind: 'tanks', province: 'lon', count: 5 })).toEqual({ ok: true });
    expect(check({ kind: 'buy-unit', unitKind: 'tanks', province: 'lon' }, [{ kind: 'buy-unit', unitKind: 'tanks', province: 'lon', count: 5 }])).toMatchObject(
      {
        ok: false,
        code: 'CANNOT_AFFORD',
        message: 'Buying 1 tank costs 2 gold but you have 0 left: you are 2 gold short.',
      },
    );
    expect(check({ kind: 'buy-unit', province: 'lon' })).toMatchObject({ ok: false, code: 'MALFORMED_ORDER' });
  });
});
