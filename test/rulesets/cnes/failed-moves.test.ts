// CNES moves that fail, and what the public learns of them (docs/rules/cnes.md, "A failed move"):
// a unit seen entering a province and losing the battle there is a public fact, drawn as a move
// that failed; where its orders would have taken it next, and a move halted before enemies, stay
// in its own nation's report.
import { describe, expect, it } from 'vitest';
import { Dice, type RulesetContext } from '../../../src/engine/index.ts';
import { loadGame } from '../../../src/game/load-game.ts';
import type { Game } from '../../../src/game/open-game.ts';
import { renderPrivateReport, renderPublicUpdate } from '../../../src/render/report.ts';
import { cnesReport } from '../../../src/rulesets/cnes/report.ts';
import type { CnesOptions } from '../../../src/rulesets/cnes/options.ts';
import type { CnesState } from '../../../src/rulesets/cnes/state.ts';
import type { TurnRecord } from '../../../src/store/turn-record.ts';
import { playStarter } from '../../render/support.ts';
import { STARTER, unit } from './support.ts';

/** What the public update is made of (events, news, battles, map marks) and the update itself, as one text to search. */
function publicText(game: Game, record: TurnRecord): string {
  const ctx = game.ctx as RulesetContext<CnesOptions>;
  const view = game.ruleset.publicView(ctx, record.stateAfter, record.events);
  const made = [view.events, cnesReport.publicNews(ctx, view), cnesReport.battles(ctx, view.events), cnesReport.turnMarks(ctx, view)];
  return JSON.stringify(made) + renderPublicUpdate(game, record, { flavour: 'discourse' }).text;
}

describe('a CNES attack that loses its battle', async () => {
  const starter = await loadGame(STARTER);
  const state = structuredClone(starter.state) as CnesState;
  // Red's tank is ordered through Midmarch, which Blue's tank holds, on to Greenjungle.
  state.units = [unit('t1', 'tank', 'red', 'rwd'), unit('t2', 'tank', 'blue', 'mid')];
  state.provinces.mid.owner = 'blue';
  const game: Game = { ...starter, state, ctx: { ...starter.ctx, options: { ...starter.ctx.options, heats: 1, criticalHits: false } } };
  // One heat: Blue's tank hits and pierces (6 against 1, 3 against 1), Red's misses (1 against 6).
  const record = playStarter(game, { red: 'tank rwd - mid - gjn' }, 'lost attack', Dice.forced([6, 1, 3, 1, 1, 6]));

  it('is public: the step into the battle, turned back, drawn as a move that failed', () => {
    expect(record.events).toContainEqual(expect.objectContaining({ type: 'battle.fought', place: 'mid', winner: 'blue', killed: ['t1'] }));
    expect(record.events).toContainEqual({ type: 'move.turned-back', unit: 't1', unitKind: 'tank', nation: 'red', from: 'rwd', to: 'mid', audience: 'public' });
    const view = game.ruleset.publicView(game.ctx, record.stateAfter, record.events);
    expect(cnesReport.turnMarks(game.ctx as RulesetContext<CnesOptions>, view).arrows).toEqual([
      { kind: 'move', from: 'rwd', to: 'mid', ok: false, nation: 'red' },
    ]);
  });

  it('keeps where its orders would have taken it next to its own nation', () => {
    expect(publicText(game, record)).not.toMatch(/gjn|Greenjungle/);
    // Blue, who fought the tank, learns no more than the public (Green's report lists Greenjungle as its own).
    expect(renderPrivateReport(game, record, 'blue').text).not.toMatch(/Greenjungle/);
    expect(renderPrivateReport(game, record, 'red').text).toContain('Greenjungle');
  });
});

describe('a CNES move halted before enemies', async () => {
  const game = await loadGame(STARTER);
  // Red's tank and Green's militia win Midmarch; the tank's order goes on to Bluecastle, which Blue holds.
  const record = playStarter(
    game,
    {
      red: 'Move tank from Redwood to Midmarch then Bluecastle\nally with green',
      blue: 'move 2 infantry bca - mid',
      green: 'ally with red\n2 militia gjn -> mid',
    },
    'starter turn',
  );
  const halted = { type: 'move.halted', unit: 't3', province: 'mid', before: 'bca', nation: 'red', audience: ['red'] };

  it('is told to its nation alone, and never drawn', () => {
    expect(record.events).toContainEqual(expect.objectContaining(halted));
    expect(record.events.some((e) => e.type === 'unit.moved' && e.nation === 'red' && e.to === 'bca')).toBe(false);
    expect(publicText(game, record)).not.toContain('move.halted');
    const view = game.ruleset.publicView(game.ctx, record.stateAfter, record.events);
    const arrows = cnesReport.turnMarks(game.ctx as RulesetContext<CnesOptions>, view).arrows;
    expect(arrows.filter((a) => a.nation === 'red')).toEqual([{ kind: 'move', from: 'rwd', to: 'mid', ok: true, nation: 'red' }]);
    const words = 'stopped in Midmarch: enemies hold Bluecastle';
    expect(renderPrivateReport(game, record, 'red').text).toContain(words);
    for (const nation of ['blue', 'green']) expect(renderPrivateReport(game, record, nation).text, nation).not.toContain(words);
    expect(renderPublicUpdate(game, record, { flavour: 'discourse' }).text).not.toContain(words);
  });
});
