// Readers know nations by their names: every ruleset's private reports and updates, in every
// flavour, write a nation by the name game.yaml gives it, never by its id (orders naming another
// nation included); and a move whose units all died is reported as lost, never as done.
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { Dice, type Order } from '../../src/engine/index.ts';
import { readGameFolder } from '../../src/game/load-game.ts';
import { openGame, type Game } from '../../src/game/open-game.ts';
import { flavourIds } from '../../src/render/flavours.ts';
import { renderPrivateReport, renderPublicUpdate } from '../../src/render/report.ts';
import type { TurnRecord } from '../../src/store/turn-record.ts';
import { adjudicate, fixtureGame } from './support.ts';

const STARTERS = fileURLToPath(new URL('../../examples/starter/', import.meta.url));

/** Ids written where a reader sees them: whole words, as the id is spelled (a name may share its letters, capitalised). */
function idsIn(game: Game, text: string): string[] {
  const ids = Object.entries(game.config.nations)
    .filter(([id, n]) => id !== n.name)
    .map(([id]) => id);
  return ids.filter((id) => new RegExp(`(?<![\\w#/-])${id}(?![\\w-])`).test(text));
}

/** Every private report (text and HTML) and every flavour's update of the turn, with where each came from. */
function everyText(game: Game, record: TurnRecord): Array<[string, string]> {
  const texts: Array<[string, string]> = [];
  for (const nation of Object.keys(game.config.nations)) {
    const report = renderPrivateReport(game, record, nation);
    texts.push([`${nation}'s report`, report.text], [`${nation}'s HTML report`, report.html!]);
  }
  for (const flavour of flavourIds()) texts.push([`${flavour} update`, renderPublicUpdate(game, record, { flavour }).text]);
  return texts;
}

const leftoverIds = (game: Game, record: TurnRecord) => everyText(game, record).flatMap(([where, text]) => idsIn(game, text).map((id) => `${where}: ${id}`));

async function starter(ruleset: string): Promise<Game> {
  const { game, problems } = openGame(ruleset, await readGameFolder(path.join(STARTERS, ruleset)));
  if (!game) throw new Error(problems.map((p) => p.message).join('\n'));
  return game;
}

function play(game: Game, orders: Record<string, Order[]>): TurnRecord {
  const all = Object.fromEntries(Object.keys(game.state.nations).map((n) => [n, orders[n] ?? []]));
  const dice = Dice.seeded('nation-names');
  const { state, events } = game.ruleset.adjudicate(game.ctx, game.state, all, dice);
  return {
    step: 1,
    turn: game.state.turn,
    phase: game.state.phase,
    seed: 'nation-names',
    dice: dice.draws,
    orders: all,
    events,
    stateBefore: game.state,
    stateAfter: state,
    ordersVersion: 0,
    mails: [],
    committedAt: '2026-12-04T20:00:00.000Z',
  };
}

describe('nations by their names', () => {
  it('finds an id left in a text (the check can fail)', async () => {
    const game = await fixtureGame('board-nes');
    expect(idsIn(game, 'You send 2 caravans to blue.')).toEqual(['blue']);
    expect(idsIn(game, 'You send 2 caravans to Bluevale; [COLOR=#0000ff]')).toEqual([]);
  });

  it('board NES: caravans, thefts and battles between nations, in every report and update', async () => {
    const game = await fixtureGame('board-nes');
    const record = adjudicate(game);
    expect(renderPrivateReport(game, record, 'blue').text).toContain('Your minions steal every caravan Redmark sends you.');
    expect(leftoverIds(game, record)).toEqual([]);
  });

  it('warfare: a turn with bounces and a dislodgement, in every report and update', async () => {
    const game = await fixtureGame('warfare');
    const record = adjudicate(
      game,
      {
        germany: [
          { kind: 'move', unitType: 'army', province: 'mun', target: 'bur' },
          { kind: 'support', unitType: 'army', province: 'ruh', subjectType: 'army', subject: 'mun', target: 'bur' },
        ],
        france: [{ kind: 'hold', unitType: 'army', province: 'bur' }],
      },
      [],
    );
    expect(leftoverIds(game, record)).toEqual([]);
  });

  it.each(['board-nes', 'cnes', 'industrial', 'warfare'])('%s starter game: its first turn, in every report and update', async (ruleset) => {
    const game = await starter(ruleset);
    expect(leftoverIds(game, play(game, {}))).toEqual([]);
  });

  it('CNES and industrial: orders naming another nation are written with its name', async () => {
    const cnes = await starter('cnes');
    expect(cnes.ruleset.describeOrder(cnes.ctx, { kind: 'war', nation: 'blue' })).toBe('You declare war on Blue Dominion.');
    expect(cnes.ruleset.describeOrder(cnes.ctx, { kind: 'ally', nation: 'blue' })).toBe('You name Blue Dominion as your ally.');
    const industrial = await starter('industrial');
    expect(industrial.ruleset.describeOrder(industrial.ctx, { kind: 'attack', nation: 'ger' })).toBe("Your ships attack Prussia's ships on sight.");
  });

  it('board NES: a move whose armies all died is lost, not done', async () => {
    const game = await fixtureGame('board-nes');
    // One army against two: the defenders roll 4 on their d4, the attacker 1 on its d2.
    const record = adjudicate(game, { red: [{ kind: 'move', unitType: 'army', province: 'lvp', target: 'cly', count: 1 }] }, [4, 1, 4, 1]);
    const report = renderPrivateReport(game, record, 'red');
    expect(report.text).toMatch(
      /1\. Your army in Liverpool moves to Clyde\.\n\s+UNITS LOST: 1 army moved from Liverpool to Clyde; 0 survived the battle there\./,
    );
    expect(report.text).not.toMatch(/^\s+done/m);
    expect(report.html).toMatch(/color: #b3261e;">UNITS LOST/);
    expect(report.html).not.toContain('#1e7b34');
  });
});
