// A CNES turn rendered as players and forum readers get it: the battle as a story with names, its
// heats in the reports of the nations that fought, and an update with no dice and no $.
import { describe, expect, it } from 'vitest';
import { Dice, type Order } from '../../../src/engine/index.ts';
import { loadGame } from '../../../src/game/load-game.ts';
import { renderGmSummary, renderPrivateReport, renderPublicUpdate } from '../../../src/render/report.ts';
import type { TurnRecord } from '../../../src/store/turn-record.ts';
import { STARTER } from './support.ts';

const ORDERS: Record<string, Order[]> = {
  red: [
    { kind: 'move', province: 'rwd', unitKind: 'tank', target: 'bca', via1: 'mid' },
    { kind: 'improve', province: 'rhl', improvement: 'urban' },
    { kind: 'buy', province: 'rha', unitKind: 'infantry', count: 2 },
  ],
  blue: [
    { kind: 'move', province: 'bca', unitKind: 'infantry', count: 2, target: 'mid' },
    { kind: 'fortify', province: 'bpk', unitKind: 'artillery' },
  ],
  green: [],
};

describe('cnes reports', async () => {
  const game = await loadGame(STARTER);
  const dice = Dice.seeded('cnes reports');
  const { state, events } = game.ruleset.adjudicate(game.ctx, game.state, ORDERS, dice);
  const record: TurnRecord = {
    step: 1,
    turn: 1,
    phase: 'orders',
    seed: 'cnes reports',
    dice: dice.draws,
    orders: ORDERS,
    events,
    stateBefore: game.state,
    stateAfter: state,
    ordersVersion: 0,
    mails: [],
    committedAt: '2026-12-04T20:00:00.000Z',
  };

  it('tells the public the battle by names, without dice or $', () => {
    const update = renderPublicUpdate(game, record, { flavour: 'xenforo' }).text;
    expect(update).toMatch(/Red Republic.*'s tank clashed with .*Blue Dominion.*'s 2 infantry in Midmarch; /);
    expect(update).toContain('Urbanized');
    expect(update).toContain('Red Hills');
    expect(update).not.toMatch(/Heat 1|\$|\bmid\b|\bbca\b/);
  });

  it('gives the nations that fought the heats, and the GM every one', () => {
    const blue = renderPrivateReport(game, record, 'blue').text;
    expect(blue).toContain('Heat 1:');
    expect(blue).toMatch(/Blue Dominion's infantry \(\w+\) shoots Red Republic's tank \(\w+\)/);
    expect(renderPrivateReport(game, record, 'green').text).not.toContain('Heat 1:');
    expect(renderGmSummary(game, record).text).toContain('Heat 1:');
  });
});
