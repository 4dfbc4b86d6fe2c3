// A movement turn reuses its map's workspace (src/rulesets/warfare/workspace.ts), which cleans only
// the provinces the last turn wrote: no turn's result may depend on the turns adjudicated before it.
import { describe, expect, it } from 'vitest';
import { Dice, Registry, type CombatSystem, type Order, type RulesetContext } from '../../../src/engine/index.ts';
import { standardState } from '../../../src/datc/cases.ts';
import { datcFiles } from '../../../src/datc/files.ts';
import { prepareDatc } from '../../../src/datc/run-datc.ts';
import { standardMap } from '../../../src/datc/standard-map.ts';
import { warfare } from '../../../src/rulesets/warfare/index.ts';
import { warfareOptions, type WarfareOptions } from '../../../src/rulesets/warfare/options.ts';

describe('the movement workspace', () => {
  it('gives every DATC case the same results whatever cases ran before it on the map', () => {
    // Each prepareDatc builds its own map, so each run below has a workspace of its own.
    const forward = prepareDatc().map((c) => JSON.stringify(c.run()));
    const backward = prepareDatc()
      .reverse()
      .map((c) => JSON.stringify(c.run()))
      .reverse();
    expect(backward).toEqual(forward);
  });

  it('is clean for the next turn after a turn that failed half-way', () => {
    const ctx: RulesetContext<WarfareOptions> = {
      map: standardMap(datcFiles()),
      options: warfareOptions.parse({}),
      combat: new Registry<CombatSystem>('combat system'),
    };
    const units = [
      { id: 'a1', type: 'army', nation: 'eng', province: 'lon' },
      { id: 'f2', type: 'fleet', nation: 'eng', province: 'nth' },
      { id: 'a3', type: 'army', nation: 'fra', province: 'bel' },
    ];
    const orders: Record<string, Order[]> = {
      eng: [
        { kind: 'move', unitType: 'army', province: 'lon', target: 'bel' },
        { kind: 'convoy', unitType: 'fleet', province: 'nth', subject: 'lon', target: 'bel' },
      ],
      fra: [{ kind: 'hold', unitType: 'army', province: 'bel' }],
    };
    const turn = (o: Record<string, Order[]>) => warfare.adjudicate(ctx, standardState(new Map(), units, 'orders'), o, Dice.forced([]));
    const fresh = JSON.stringify(turn(orders));
    // A unit on every province of the map, then an order the check cannot read: the turn throws
    // after the board and workspace were filled.
    const crowd = ctx.map.ids().map((province, i) => ({ id: `c${i}`, type: 'army', nation: 'ger', province }));
    expect(() => warfare.adjudicate(ctx, standardState(new Map(), crowd, 'orders'), { ger: [null as unknown as Order] }, Dice.forced([]))).toThrow();
    expect(JSON.stringify(turn(orders))).toBe(fresh);
  });
});
