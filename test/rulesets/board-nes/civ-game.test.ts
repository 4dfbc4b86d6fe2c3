// A board NES game fought with civ-advanced, end to end: a game folder with its own unit table,
// units bought by kind, a standing battle plan, a battle, and the reports that tell of it.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { Dice, type Order } from '../../../src/engine/index.ts';
import { openGame, type Game, type GameFiles } from '../../../src/game/open-game.ts';
import { renderPrivateReport, renderPublicUpdate } from '../../../src/render/report.ts';
import type { BoardNesState } from '../../../src/rulesets/board-nes/state.ts';
import type { TurnRecord } from '../../../src/store/turn-record.ts';
import { MAP_FILE } from './support.ts';

const UNITS = `units:
  legions:   { singular: legion, era: 1, class: infantry, modifier: 2 }
  archers:   { singular: archer, era: 1, class: artillery, modifier: 1 }
  horsemen:  { singular: horseman, era: 1, class: cavalry }
  triremes:  { singular: trireme, era: 1, class: naval }
`;

function gameYaml(options: string): string {
  return `title: Iron and Bronze
ruleset: board-nes
options:
${options}
map: map.yaml
timezone: UTC
gm: { name: Grace the GM, email: gm@adjutant.test }
schedule: { weekly: fri 20:00 }
nations:
  red:
    name: Redmark
    colour: "#e6194b"
    attributes: { gold: 20, technologies: 4, units: [{ kind: legions, province: yor, count: 3 }] }
  blue:
    name: Bluevale
    colour: "#4363d8"
    attributes: { technologies: 2, units: [{ type: army, province: edi }] }
  green: { name: Greenwood, colour: "#3cb44b" }
`;
}

const CIV_OPTIONS = '  combat: civ-advanced\n  era: 1\n  civAdvanced: { defaultUnitKinds: { army: archers, fleet: triremes } }';

function files(options = CIV_OPTIONS, units: string | undefined = UNITS): GameFiles {
  return { 'game.yaml': gameYaml(options), 'map.yaml': readFileSync(MAP_FILE, 'utf8'), ...(units !== undefined && { 'units.yaml': units }) };
}

function open(given: GameFiles): Game {
  const { game, problems } = openGame('iron-and-bronze', given);
  if (!game) throw new Error(problems.map((p) => `${p.file}:${p.line ?? ''} ${p.field ?? ''} ${p.message}`).join('\n'));
  return game;
}

function turn(game: Game, state: BoardNesState, orders: Record<string, Order[]>, dice: number[], step: number): TurnRecord {
  const forced = Dice.forced(dice);
  const result = game.ruleset.adjudicate(game.ctx, state, orders, forced);
  expect(forced.unusedForced).toBe(0);
  return {
    step,
    turn: state.turn,
    phase: state.phase,
    seed: 'forced',
    dice: forced.draws,
    orders,
    events: result.events,
    stateBefore: state,
    stateAfter: result.state,
    ordersVersion: 1,
    mails: [],
    committedAt: '2030-01-01T00:00:00Z',
  };
}

describe('a board NES game with civ-advanced combat', () => {
  const game = open(files());
  const start = game.state as BoardNesState;

  it('takes its unit table from units.yaml and its units and technologies from game.yaml', () => {
    expect(Object.keys((game.ctx.options as { civAdvanced: { units: object } }).civAdvanced.units)).toEqual(['legions', 'archers', 'horsemen', 'triremes']);
    expect(start.nations.red.technologies).toBe(4);
    expect(start.units.map((u) => [u.nation, u.province, u.unitKind])).toEqual([
      ['red', 'yor', 'legions'],
      ['red', 'yor', 'legions'],
      ['red', 'yor', 'legions'],
      ['blue', 'edi', 'archers'], // no kind given: the game's default for armies
    ]);
  });

  // Turn 1: red buys a horseman and sets a plan; blue buys an archer by its type alone.
  const first = turn(
    game,
    start,
    {
      red: [
        { kind: 'buy-unit', unitKind: 'horseman', province: 'yor' },
        { kind: 'battle-plan', wave: ['horsemen', 'legions'] },
      ],
      blue: [{ kind: 'buy-unit', unitType: 'army', province: 'edi' }],
    },
    [],
    1,
  );
  const afterFirst = first.stateAfter as BoardNesState;

  it('buys units by kind and keeps the plan in the state', () => {
    expect(first.events.filter((e) => e.type === 'order.failed')).toEqual([]);
    expect(afterFirst.units.filter((u) => u.builtTurn === 1).map((u) => [u.nation, u.unitKind])).toEqual([
      ['red', 'horsemen'],
      ['blue', 'archers'],
    ]);
    expect(afterFirst.nations.red.battlePlan).toEqual({ wave: ['horsemen', 'legions'] });
    expect(renderPrivateReport(game, first, 'red').text).toContain('1 horseman bought in York');
  });

  // Turn 2: red's four units attack Edinburgh (a City: its Militia, infantry of the game's era,
  // stands with blue's two archers). Red picks its wave of three by its standing plan.
  // Red 5 5 5 = 15, +4 legions, +3 technologies (3 units, 2 ahead), +3 CIA (2 legions against 2
  // archers, the horseman against the Militia), -3 settlement = 22: all three defenders die.
  // Blue 1 1 1 = 3, +2 archers, +1 (an archer against the horseman) = 6: red loses its horseman.
  const second = turn(game, afterFirst, { red: [{ kind: 'move', unitType: 'army', province: 'yor', target: 'edi', count: 'all' }] }, [5, 5, 5, 1, 1, 1], 2);
  const battle = second.events.find((e) => e.type === 'battle.fought')!;

  it('fights the battle with the unit table, the plan, the technologies and the settlement', () => {
    expect(battle).toMatchObject({
      combat: 'civ-advanced',
      place: 'edi',
      winner: 'red',
      sides: [
        { nation: 'blue', units: 3 },
        { nation: 'red', units: 4 },
      ],
    });
    const [phase] = battle.rounds as Array<{ sides: Array<{ nation: string; total: number; wave: string[]; lines: Array<{ step: string; amount: number }> }> }>;
    const red = phase.sides.find((s) => s.nation === 'red')!;
    expect(red.total).toBe(22);
    expect(Object.fromEntries(red.lines.map((l) => [l.step, l.amount]))).toEqual({
      base: 15,
      'unit modifiers': 4,
      'scientific superiority': 3,
      CIA: 3,
      'settlement penalty': -3,
    });
    expect(phase.sides.find((s) => s.nation === 'blue')!.total).toBe(6);
    expect(second.stateAfter.provinces.edi).toEqual({ owner: 'red', structure: 'military-base' });
    expect(second.stateAfter.units.filter((u) => u.province === 'edi').map((u) => u.unitKind)).toEqual(['legions', 'legions', 'legions']);
  });

  it('says in the battle notes which choices the plan made and which the defaults made', () => {
    expect(battle.notes).toEqual(
      expect.arrayContaining([
        "Phase 1, red's wave: 2 legions, 1 horseman (battle plan).",
        "Phase 1, blue's wave: 1 militia, 2 archers (whole army).",
        'Phase 1, red loses 1 horseman (default: oldest first, then weakest).',
      ]),
    );
    const report = renderPrivateReport(game, second, 'red').text;
    expect(report).toContain("Note: Phase 1, red's wave: 2 legions, 1 horseman (battle plan).");
    expect(report).toContain('Note: Phase 1, red loses 1 horseman (default: oldest first, then weakest).');
    const update = renderPublicUpdate(game, second, { flavour: 'discourse' }).text;
    expect(update).toContain('red wins the battle in edi with 3 legions left.');
  });

  it("keeps the standing plan in the nation's own report only", () => {
    const red = game.ruleset.privateView(game.ctx, second.stateAfter, second.events, 'red');
    expect(red).toMatchObject({ technologies: 4, battlePlan: { wave: ['horsemen', 'legions'] } });
    expect(game.ruleset.privateView(game.ctx, second.stateAfter, second.events, 'blue')).not.toHaveProperty('battlePlan');
    expect(JSON.stringify(game.ruleset.publicView(game.ctx, second.stateAfter, second.events))).not.toContain('battlePlan');
  });
});

describe('a civ-advanced game folder with problems', () => {
  const problems = (given: GameFiles) =>
    openGame('broken', given).problems.map((p) => `${p.file}${p.line ? `:${p.line}` : ''}: ${p.field ? `${p.field}: ` : ''}${p.message}`);

  it('needs the era and default kinds that are in its table', () => {
    expect(problems(files('  combat: civ-advanced'))).toEqual([
      'game.yaml:4: options.era: civ-advanced combat needs the current era (1 ancient, 2 medieval, 3 gunpowder, 4 modern).',
      'game.yaml:4: options.civAdvanced.defaultUnitKinds.army: "swordsmen" is not in the unit table (legions, archers, horsemen, triremes).',
      'game.yaml:4: options.civAdvanced.defaultUnitKinds.fleet: "galleons" is not in the unit table (legions, archers, horsemen, triremes).',
    ]);
  });

  it('names the line of a mistake in units.yaml, and refuses a table the game does not use', () => {
    expect(problems(files(CIV_OPTIONS, 'units:\n  legions: { era: 1, class: infantry }\n  archers: { era: one, class: artillery }\n'))).toContain(
      'units.yaml:3: units.archers.era: expected number, received string.',
    );
    expect(problems(files('  startingGold: 10'))).toEqual([
      'units.yaml: this unit table is for civ-advanced combat, but the game does not use it (options.combat in game.yaml).',
      'game.yaml: nations: the board-nes ruleset cannot set this game up: red: a starting unit has the kind "legions", but unit kinds are only for games with combat: civ-advanced.',
    ]);
  });

  it('refuses a starting unit of a kind the table does not have', () => {
    const wrong = { ...files(), 'game.yaml': gameYaml(CIV_OPTIONS).replace('kind: legions', 'kind: tanks') };
    expect(problems(wrong).join('\n')).toContain(
      'red: a starting unit has the kind "tanks", which is not in the unit table (legions, archers, horsemen, triremes).',
    );
  });
});
