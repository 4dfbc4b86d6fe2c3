// Golden updates of the rulesets without a render fixture of their own, from their starter games:
// a CNES turn with an alliance, a battle and a razing, from orders as players write them; the
// industrial opening turn's deployments. Every flavour, and one private report each, by name.
// UPDATE_GOLDEN=1 rewrites the files in test/render/golden/ (then read the diff).
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { loadGame } from '../../src/game/load-game.ts';
import { flavourIds } from '../../src/render/flavours.ts';
import { renderPrivateReport, renderPublicUpdate } from '../../src/render/report.ts';
import { expectGolden, playStarter } from './support.ts';

const STARTERS = fileURLToPath(new URL('../../examples/starter/', import.meta.url));
const deadline = new Date('2026-12-11T20:00:00Z');

describe('starter game updates', () => {
  it.each(flavourIds())('CNES: a turn with an alliance, a battle and a razing, for %s', async (flavour) => {
    const game = await loadGame(path.join(STARTERS, 'cnes'));
    const record = playStarter(
      game,
      {
        red: 'Move tank from Redwood to Midmarch then Bluecastle\nfighters in rha support mid\nurbanize Red Hills\nbuy 2 infantry in Redhaven\nally with green',
        blue: 'bombers in bca support mid\nmove 2 infantry bca - mid\nBlue Peaks artillery fortify',
        green: 'ally with red\n2 militia gjn -> mid\nraze the port in gpl',
      },
      'starter turn',
    );
    const update = renderPublicUpdate(game, record, { flavour, nextDeadline: deadline }).text;
    expectGolden(`cnes-update-${flavour}.txt`, update);
    expect(update).toContain('Midmarch');
    expect(update).not.toMatch(/\b(red|blue|green)\b/);
    if (flavour === 'xenforo') expectGolden('cnes-report-red.txt', renderPrivateReport(game, record, 'red', { nextDeadline: deadline }).text);
  });

  it.each(flavourIds())('industrial: the opening deployments, for %s', async (flavour) => {
    const game = await loadGame(path.join(STARTERS, 'industrial'));
    const record = playStarter(game, {}, 'opening');
    const update = renderPublicUpdate(game, record, { flavour, nextDeadline: deadline }).text;
    expectGolden(`industrial-update-${flavour}.txt`, update);
    // The nation by name, whatever markup the flavour wraps it in.
    expect(update.replace(/\[[^\]]*\]|\*\*/g, '')).toContain('France deploys');
    if (flavour === 'xenforo') expectGolden('industrial-report-fra.txt', renderPrivateReport(game, record, 'fra', { nextDeadline: deadline }).text);
  });
});
