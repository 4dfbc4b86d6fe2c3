// The industrial ruleset as a GM meets it: every documented example reads as its order kind, the
// starter game opens, and a campaign from the opening deployment across a summer and a winter
// collects income in summer and winter and pays upkeep in winter only.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { Dice, type Order, type RulesetContext } from '../../../src/engine/index.ts';
import type { IndustrialOptions } from '../../../src/rulesets/industrial/options.ts';
import { openGame } from '../../../src/game/open-game.ts';
import { parseMessage } from '../../../src/orders/parse-message.ts';
import { industrial } from '../../../src/rulesets/industrial/index.ts';
import { rulesets } from '../../../src/rulesets/index.ts';
import type { IndustrialState } from '../../../src/rulesets/industrial/state.ts';
import { smallMap } from './support.ts';

const starter = (file: string) => readFileSync(new URL(`../../../examples/starter/industrial/${file}`, import.meta.url), 'utf8');

describe('industrial ruleset', () => {
  it('is registered under its id', () => {
    expect(rulesets.get('industrial')).toBe(industrial);
  });

  it('reads every documented example as its own order kind', () => {
    const map = smallMap();
    for (const kind of industrial.orderKinds) {
      for (const example of kind.examples) {
        const result = parseMessage({ ruleset: industrial, map, nation: 'fra', text: example });
        expect(result.errors, example).toEqual([]);
        expect(
          result.orders.map((o) => o.kind),
          example,
        ).toEqual([kind.kind]);
      }
    }
  });

  it('plays the starter game from its deployment across a summer and a winter', () => {
    const { game, problems } = openGame('starter', { 'game.yaml': starter('game.yaml'), 'map.yaml': starter('map.yaml') });
    expect(problems).toEqual([]);
    let state = game!.state as IndustrialState;
    const ctx = game!.ctx as RulesetContext<IndustrialOptions>;
    const read = (nation: string, text: string): Order[] => {
      const parsed = parseMessage({ ruleset: industrial, map: ctx.map, nation, text, state });
      expect(parsed.errors, text).toEqual([]);
      return parsed.orders;
    };
    const turn = (orders: Record<string, string>, seed: string) => {
      const result = industrial.adjudicate(ctx, state, Object.fromEntries(Object.entries(orders).map(([n, t]) => [n, read(n, t)])), Dice.seeded(seed));
      state = result.state;
      return result;
    };
    const view = () => industrial.publicView(ctx, state, []);
    expect(view()).toMatchObject({ season: 'spring', year: 1861 });

    // Spring 1861: the opening deployment.
    turn(
      {
        fra: 'Deploy 4 infantry in Paris\nDeploy artillery in par\nDeploy general in par\nDeploy warship in Brest',
        ger: 'Deploy 4 infantry in ruh\nDeploy artillery in ruh\nDeploy general in ber',
        gbr: 'Deploy 2 infantry in lon\nDeploy 3 warships in lon\nDeploy battleship in lon',
      },
      'spring',
    );
    expect(state.units).toHaveLength(7 + 6 + 6);
    expect(view()).toMatchObject({ season: 'summer', year: 1861 });
    const gold = () => Object.fromEntries(Object.entries(state.nations).map(([id, n]) => [id, n.gold]));

    // Summer 1861: income (France 9, Prussia 10, Britain 6); France marches into Burgundy and builds.
    const before = gold();
    const summer = turn({ fra: 'March 2 infantry par -> bur\nMuster infantry in par', ger: 'Entrench ruh', gbr: 'Sail 3 warships lon -> eng' }, 'summer');
    expect(summer.events.filter((e) => e.type === 'order.failed')).toEqual([]);
    expect(gold()).toEqual({ fra: before.fra + 9 - 3, ger: before.ger + 10, gbr: before.gbr + 6 });
    expect(state.provinces.bur).toMatchObject({ owner: null, occupier: 'fra' });

    // Autumn 1861: no income, no upkeep; Burgundy is annexed after two progress phases.
    const autumnBefore = gold();
    turn({ fra: 'Entrench bur', ger: 'Entrench ruh', gbr: 'Sail eng -> lon' }, 'autumn');
    expect(gold()).toEqual(autumnBefore);
    expect(state.provinces.bur).toMatchObject({ owner: 'fra', occupier: null });

    // Winter 1861: income again (France now 11 with Burgundy) and upkeep for every unit.
    const winterBefore = gold();
    const upkeep = (nation: string) => state.units.filter((u) => u.nation === nation).reduce((s, u) => s + ctx.options.upkeep[u.type], 0);
    const due = { fra: upkeep('fra'), ger: upkeep('ger'), gbr: upkeep('gbr') };
    turn({ fra: 'Entrench bur', ger: 'Entrench ruh', gbr: 'Entrench lon' }, 'winter');
    expect(gold()).toEqual({ fra: winterBefore.fra + 11 - due.fra, ger: winterBefore.ger + 10 - due.ger, gbr: winterBefore.gbr + 6 - due.gbr });
    expect(view()).toMatchObject({ season: 'spring', year: 1862 });
  });
});
