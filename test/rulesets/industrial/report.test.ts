// The industrial starter game told as a GM tells it: the season, the phases' news with nations and
// provinces by name, a battle with its dice, a nation's own treasury only in its own report; and its
// map, which draws the turn's moves and battles and keys each province's works (port, factory,
// railroad...) with a legend for them.
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { Dice } from '../../../src/engine/index.ts';
import { openGame, type Game } from '../../../src/game/open-game.ts';
import { parseMessage } from '../../../src/orders/parse-message.ts';
import { buildLegend } from '../../../src/render/legend.ts';
import { buildScene } from '../../../src/render/map-scene.ts';
import { renderMap } from '../../../src/render/render-map.ts';
import { renderGmSummary, renderPrivateReport, renderPublicUpdate } from '../../../src/render/report.ts';
import { reportOf } from '../../../src/render/report-common.ts';
import type { TurnRecord } from '../../../src/store/turn-record.ts';
import { TEST_OUTPUT } from '../../render/support.ts';

/** The Discourse update without its bold, so sentences read as words. */
const words = (text: string) => text.replaceAll('**', '');
const starter = (file: string) => readFileSync(new URL(`../../../examples/starter/industrial/${file}`, import.meta.url), 'utf8');

/** One turn of the game from its orders in players' words, as the store records it. */
function play(game: Game, texts: Record<string, string>, seed: string): TurnRecord {
  const orders = Object.fromEntries(
    Object.keys(game.state.nations).map((n) => [
      n,
      parseMessage({ ruleset: game.ruleset, map: game.map, nation: n, text: texts[n] ?? '', state: game.state }).orders,
    ]),
  );
  const dice = Dice.seeded(seed);
  const { state, events } = game.ruleset.adjudicate(game.ctx, game.state, orders, dice);
  return {
    step: game.state.turn,
    turn: game.state.turn,
    phase: game.state.phase,
    seed,
    dice: dice.draws,
    orders,
    events,
    stateBefore: game.state,
    stateAfter: state,
    ordersVersion: 0,
    mails: [],
    committedAt: '2027-01-04T18:00:00.000Z',
  };
}

describe('the industrial starter game in its reports and on its map', () => {
  const { game: opened } = openGame('starter', { 'game.yaml': starter('game.yaml'), 'map.yaml': starter('map.yaml') });
  let game = opened!;
  const opening = play(
    game,
    {
      fra: 'Deploy 4 infantry in Paris\nDeploy artillery in par\nDeploy general in par\nDeploy warship in Brest',
      ger: 'Deploy 4 infantry in ruh\nDeploy artillery in ruh\nDeploy general in ber',
      gbr: 'Deploy 2 infantry in lon\nDeploy 3 warships in lon\nDeploy battleship in lon',
    },
    'opening',
  );
  game = { ...game, state: opening.stateAfter };
  const summer = play(game, { fra: 'March 4 infantry par -> bur\nBuild fort in par', ger: 'Rail ruh -> mun' }, 'summer');
  game = { ...game, state: summer.stateAfter };
  const autumn = play(game, { ger: 'Invade mun -> bur' }, 'autumn');

  it('tells the opening deployment by nation and province names, under the season just played', () => {
    const update = words(renderPublicUpdate({ ...opened!, state: opening.stateBefore }, opening, { flavour: 'discourse' }).text);
    expect(update).toContain('The spring of 1861 is over; summer 1861 begins.');
    expect(update).toContain('France deploys 4 infantry in Paris.');
    expect(update).toContain('Britain deploys a battleship in London.');
    expect(update).not.toMatch(/\b(fra|ger|gbr|par|lon)\b/);
  });

  it('tells moves, rail and production as a GM writes them; the treasury only to its nation', () => {
    const update = words(renderPublicUpdate(game, summer, { flavour: 'discourse' }).text);
    expect(update).toContain("France's 4 infantry march from Paris to Burgundy and occupy it.");
    expect(update).toContain('Prussia moves 4 infantry and an artillery by rail from Ruhr to Munich.');
    expect(update).toContain('Britain sent no orders; its forces stood where they were.');
    expect(update).not.toContain('Treasury');
    const france = renderPrivateReport(game, summer, 'fra').text;
    expect(france).toMatch(/Treasury: 20 gold at the start, \d+ income, 6 spent on builds; \d+ gold now\./);
    expect(renderPrivateReport(game, summer, 'ger').text).not.toContain('spent on builds');
  });

  it('tells a nation that sent no orders at the opening, and the GM, what was missing and which default was applied', () => {
    const silent = play(opened!, { fra: 'Deploy 4 infantry in Paris\nDeploy artillery in par\nDeploy general in par\nDeploy warship in Brest' }, 'silent');
    const told =
      /You sent no orders while requirements stood unmet: deploy \d+ more infantry[^.]*\. The rules' defaults were applied: the starting resources left undeployed were placed in your capital\./;
    expect(renderPrivateReport(opened!, silent, 'gbr').text).toMatch(told);
    expect(renderGmSummary(opened!, silent).text).toMatch(told);
    expect(renderPrivateReport(opened!, silent, 'fra').text).not.toMatch(told);
  });

  it('tells a battle with the totals, the winner and the casualties, and its dice apart', () => {
    const combat = autumn.events.find((e) => e.type === 'land.combat')!;
    const result = combat.result as { attacker: { sum: number }; defender: { sum: number } };
    const update = words(renderPublicUpdate({ ...game, state: autumn.stateBefore }, autumn, { flavour: 'discourse' }).text);
    expect(update).toContain(`Prussia attacks Burgundy, held by France: ${result.attacker.sum} against ${result.defender.sum}.`);
    expect(update).toMatch(/(Prussia|France) wins by \d+; (Prussia|France) takes \d+ casualt(y|ies)\./);
    expect(update).toMatch(/Prussia: dice [\d ]+, [+-]\d+ on each/);
    expect(update).toContain('France completes a fort in Paris.');
  });

  it("draws the moves and every province's works, named in the legend in the document's words", async () => {
    const view = game.ruleset.publicView(game.ctx, summer.stateAfter, summer.events);
    const marks = reportOf(game).turnMarks(game.ctx, view);
    expect(marks.arrows).toContainEqual({ kind: 'move', from: 'par', to: 'bur', ok: true, nation: 'fra' });
    expect(marks.arrows).toContainEqual({ kind: 'move', from: 'ruh', to: 'mun', ok: true, nation: 'ger' });
    expect(marks.features!.filter((f) => f.province === 'par').map((f) => f.feature)).toEqual(['industry', 'railroad']);
    // The fort ordered in summer is completed in autumn: marked as built, and drawn from then on.
    const after = reportOf(game).turnMarks(game.ctx, game.ruleset.publicView(game.ctx, autumn.stateAfter, autumn.events));
    expect(after.provinces).toContainEqual({ province: 'par', mark: 'structure' });
    expect(after.provinces).toContainEqual({ province: 'bur', mark: 'battle' });
    expect(after.features!.filter((f) => f.province === 'par').map((f) => f.feature)).toEqual(['industry', 'railroad', 'fortification']);
    expect(marks.features).toContainEqual({ province: 'lon', feature: 'port' });
    const scene = buildScene({ map: game.map, view, title: 'T', caption: 'C', marks: after });
    const legend = buildLegend(scene, 1).body;
    for (const words of ['Port', 'Factory', 'Railroad', 'Fort']) expect(legend).toContain(`>${words}</text>`);
    const input = { map: game.map, view, title: game.config.title, caption: 'After spring 1861' };
    const [plain, keyed] = await Promise.all([renderMap({ ...input, marks: { ...marks, features: [] } }), renderMap({ ...input, marks })]);
    expect(keyed.equals(plain)).toBe(false);
    mkdirSync(TEST_OUTPUT, { recursive: true });
    writeFileSync(path.join(TEST_OUTPUT, 'industrial-turn.png'), keyed);
  });
});
