import { cp, mkdtemp, readFile, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import '../support/fixture-claims/index.ts';
import { loadGame, validateGameFolder } from '../../src/game/load-game.ts';
import { formatProblem } from '../../src/game/problems.ts';

const FIXTURE = path.join(import.meta.dirname, '../fixtures/claims');

async function brokenCopy(file: string, edit: (text: string) => string): Promise<string> {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'adjutant-game-'));
  await cp(FIXTURE, dir, { recursive: true });
  await writeFile(path.join(dir, file), edit(await readFile(path.join(dir, file), 'utf8')));
  return dir;
}

async function problemLines(dir: string): Promise<string[]> {
  return (await validateGameFolder(dir)).map((p) => formatProblem({ ...p, file: path.basename(p.file) }));
}

describe('game folders', () => {
  it("loads a valid folder with its map, options and the ruleset's starting state", async () => {
    const game = await loadGame(FIXTURE);
    expect(game.id).toBe('claims');
    expect(game.map.province('sou').aliases).toEqual(['South']);
    expect(game.ctx.options).toEqual({ bonus: 0 });
    expect(Object.keys(game.state.nations)).toEqual(['red', 'blue']);
    expect(game.config.schedule?.reminders).toEqual(['24h', '2h']);
    expect(await validateGameFolder(FIXTURE)).toEqual([]);
  });

  it('names a border to a province that does not exist, with the line', async () => {
    const dir = await brokenCopy('map.yaml', (t) => t.replace('- [mid, sou]', '- [mid, sout]'));
    expect(await problemLines(dir)).toEqual(['map.yaml:18: borders[1]: the border names "sout", which is not a province of this map (did you mean "sou"?).']);
  });

  it("gives provinces the aliases of the map's aliases section", async () => {
    const dir = await brokenCopy('map.yaml', (t) => `${t}aliases:\n  nv: nor\n  grey: bay\n`);
    const game = await loadGame(dir);
    expect(game.map.province('nor').aliases).toEqual(['nv']);
    expect(game.map.province('bay').aliases).toEqual(['grey']);
  });

  it('refuses aliases that name no province, or hide another province, with the line', async () => {
    const dir = await brokenCopy(
      'map.yaml',
      (t) => `${t.replace('aliases: [South]', 'aliases: [South, Midvale]')}aliases:\n  nv: nort\n  S.V.: bay\n  "!": sou\n  Nv: sou\n  n-v: mid\n`,
    );
    expect(await problemLines(dir)).toEqual([
      'map.yaml:12: provinces.sou.aliases[1]: "Midvale" is already the id or name of "mid"; an alias cannot name "sou" as well.',
      'map.yaml:22: aliases.nv: the alias names "nort", which is not a province of this map (did you mean "nor"?).',
      'map.yaml:24: aliases.!: the alias "!" has no letters or digits to match.',
      'map.yaml:26: aliases.n-v: "n-v" is written like an alias of "sou" above; an entry here names one province.',
    ]);
  });

  it('names an unknown ruleset and lists the known ones', async () => {
    const dir = await brokenCopy('game.yaml', (t) => t.replace('ruleset: fixture-claims', 'ruleset: fixture-claim'));
    const [line] = await problemLines(dir);
    expect(line).toMatch(/^game\.yaml:2: ruleset: there is no ruleset "fixture-claim" \(did you mean "fixture-claims"\?\); known rulesets: .*fixture-claims/);
  });

  it('points at a mistyped field and suggests the right one', async () => {
    const dir = await brokenCopy('game.yaml', (t) => t.replace('    colour: "#2e86c1"', '    color: "#2e86c1"'));
    const lines = await problemLines(dir);
    expect(lines).toContain('game.yaml:21: nations.blue.color: "color" is not a field here (did you mean "colour"?).');
    expect(lines).toContain('game.yaml:20: nations.blue.colour: this field is required (string).');
  });

  it('reports a key given twice with the line of the second', async () => {
    const dir = await brokenCopy('map.yaml', (t) => t.replace(/^provinces:\n/m, 'provinces:\n  nor: { name: Again, kind: land }\n'));
    const text = await readFile(path.join(dir, 'map.yaml'), 'utf8');
    const second = text.split('\n').findIndex((l) => /^ {2}nor:\n?$/.test(l)) + 1;
    expect(await problemLines(dir)).toEqual([`map.yaml:${second}: this is not valid YAML (Map keys must be unique).`]);
  });

  it('reports bad YAML with its line', async () => {
    const dir = await brokenCopy('game.yaml', (t) => t.replace('  bonus: 0', '  bonus: [0'));
    const lines = await problemLines(dir);
    expect(lines.length).toBeGreaterThan(0);
    expect(lines[0]).toMatch(/^game\.yaml:\d+: this is not valid YAML/);
  });

  it('reports every problem at once, one line each', async () => {
    const dir = await brokenCopy('game.yaml', (t) =>
      t
        .replace('email: gm@adjutant.test', 'email: not-an-address')
        .replace('timezone: Europe/London', 'timezone: Europe/Londn')
        .replace('bonus: 0', 'bonus: lots'),
    );
    const lines = await problemLines(dir);
    expect(lines).toEqual(
      expect.arrayContaining([
        'game.yaml:9: gm.email: this is not an email address.',
        expect.stringMatching(/^game\.yaml:6: timezone: this is not a time zone name/),
        expect.stringMatching(/^game\.yaml:4: options\.bonus: expected number/),
      ]),
    );
  });

  it('names a bad minimum notice or turn rule in the schedule, with the line', async () => {
    const dir = await brokenCopy('game.yaml', (t) =>
      t.replace('  start: 2026-12-01T20:00:00Z', '  start: 2026-12-01T20:00:00Z\n  minimumNotice: an hour\n  keep: fridays'),
    );
    const lines = await problemLines(dir);
    expect(lines).toContain('game.yaml:13: schedule.minimumNotice: write a duration like "30m", "24h", "3d" or "1w".');
    expect(lines).toEqual(expect.arrayContaining([expect.stringMatching(/^game\.yaml:14: schedule\.keep: .*"slots".*"length"/)]));
  });

  it('refuses two nations played from one address, naming the nation that has it', async () => {
    const dir = await brokenCopy('game.yaml', (t) => t.replace('player2@adjutant.test', 'Player1@adjutant.test'));
    const lines = await problemLines(dir);
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatch(
      /^game\.yaml:\d+: nations\.blue\.player\.email: player1@adjutant\.test already plays red: each nation needs an address of its own/,
    );
  });

  it.each([
    ['board-nes', 'gold: 10', 'gold: ten', '"ten"'],
    ['industrial', 'gold: 25', 'gold: -5', '-5'],
  ])('refuses a %s nation whose starting %s is not a number, naming the nation', async (starter, from, to, shown) => {
    const dir = await mkdtemp(path.join(os.tmpdir(), 'adjutant-game-'));
    await cp(path.join(import.meta.dirname, '../../examples/starter', starter), dir, { recursive: true });
    const text = await readFile(path.join(dir, 'game.yaml'), 'utf8');
    expect(text).toContain(from);
    await writeFile(path.join(dir, 'game.yaml'), text.replace(from, to));
    expect((await problemLines(dir)).join('\n')).toMatch(new RegExp(`: gold must be a number, 0 or more; got ${shown.replace('-', '\\-')}\\.`));
  });

  it('checks a saved state against the map and the nations', async () => {
    const dir = await brokenCopy('game.yaml', (t) => t);
    await writeFile(
      path.join(dir, 'state.yaml'),
      [
        'turn: 2',
        'phase: orders',
        'nations:',
        '  red: { id: red, name: Redmark }',
        '  blue: { id: blue, name: Bluevale }',
        'provinces:',
        '  nor: { owner: green }',
        'units:',
        '  - { id: a1, type: army, nation: red, province: middle }',
        'nextUnitId: 2',
        'extra: {}',
        '',
      ].join('\n'),
    );
    expect(await problemLines(dir)).toEqual([
      'state.yaml:7: provinces.nor.owner: "green" is not a nation of this game.',
      'state.yaml:9: units[0].province: "middle" is not a province of the map.',
    ]);
  });

  it('says when there is no game folder at all', async () => {
    expect(await problemLines('/nonexistent/adjutant-game')).toEqual(['adjutant-game: there is no game folder here.']);
  });
});
