// The CNES ruleset end to end without services: orders as players write them go through the real
// parser, are validated and adjudicated, and the views keep each nation's secrets.
import { readFileSync } from 'node:fs';
import { mkdtemp, readdir } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { Dice, type RulesetContext, type Sentence } from '../../../src/engine/index.ts';
import type { CnesOptions } from '../../../src/rulesets/cnes/options.ts';
import { loadGame } from '../../../src/game/load-game.ts';
import { newGame } from '../../../src/game/new-game.ts';
import { openGame } from '../../../src/game/open-game.ts';
import { bareOrder } from '../../../src/orders/check-orders.ts';
import { parseMessage } from '../../../src/orders/parse-message.ts';
import { rulesets } from '../../../src/rulesets/index.ts';
import { cnesReport } from '../../../src/rulesets/cnes/report.ts';
import type { CnesState } from '../../../src/rulesets/cnes/state.ts';
import { STARTER } from './support.ts';

describe('the cnes ruleset', () => {
  it('is registered, and its starter game opens with every terrain and feature', async () => {
    expect(rulesets.get('cnes').title).toBe('CNES');
    const game = await loadGame(STARTER);
    const terrains = new Set([...game.map.provinces.values()].map((p) => p.terrain).filter(Boolean));
    const features = new Set([...game.map.provinces.values()].flatMap((p) => p.features));
    expect([...terrains].sort()).toEqual(['desert', 'jungle', 'temperate', 'tundra']);
    expect([...features].sort()).toEqual(['forest', 'hill', 'mountain']);
    expect(game.state.units.filter((u) => u.nation === 'red').map((u) => u.type)).toEqual(['infantry', 'infantry', 'tank', 'officer', 'fighter']);
    expect((game.ctx.options.cards as Record<string, unknown>).tank).toMatchObject({ atk: 3, arm: 2, ap: 2 });
  });

  it('makes a new game folder with `game new`', async () => {
    const dir = path.join(await mkdtemp(path.join(os.tmpdir(), 'cnes-new-')), 'game');
    expect(await newGame(dir, 'cnes')).toEqual(['cards.yaml', 'game.yaml', 'map.yaml']);
    expect((await readdir(dir)).sort()).toEqual(['cards.yaml', 'game.yaml', 'map.yaml']);
    await expect(loadGame(dir)).resolves.toMatchObject({ ruleset: { id: 'cnes' } });
  });

  it('reports a mistake in the unit cards file with its line', () => {
    const files = Object.fromEntries(['game.yaml', 'map.yaml', 'cards.yaml'].map((f) => [f, readFileSync(path.join(STARTER, f), 'utf8')]));
    files['cards.yaml'] = files['cards.yaml']
      .replace('tank:      { class: ground, atk: 3,', 'tank:      { class: ground, atk: -3,')
      .replace('fighter:   { class: air,', 'fighter:   { class: air, speed: 2,');
    const { game, problems } = openGame('broken', files);
    expect(game).toBeUndefined();
    const lines = files['cards.yaml'].split('\n');
    expect(problems).toEqual(
      expect.arrayContaining([
        expect.objectContaining({
          file: 'cards.yaml',
          line: lines.findIndex((l) => l.includes('atk: -3')) + 1,
          field: 'cards.tank.atk',
          message: expect.stringContaining('0 or more'),
        }),
        expect.objectContaining({ file: 'cards.yaml', line: lines.findIndex((l) => l.includes('speed')) + 1, field: 'cards.fighter.speed' }),
      ]),
    );
  });

  it("plays a turn from orders as players write them, and keeps each nation's secrets", async () => {
    const game = await loadGame(STARTER);
    const texts: Record<string, string> = {
      red: 'Hi GM,\n\nMove tank from Redwood to Midmarch then Bluecastle\nfighters in rha support mid\nurbanize Red Hills\nbuy 2 infantry in Redhaven\nally with green\n\nRed',
      blue: 'bombers in bca support mid\nmove 2 infantry bca - mid\nBlue Peaks artillery fortify',
      green: 'ally with red\n2 militia gjn -> mid\nraze the port in gpl',
    };
    const orders = Object.fromEntries(
      Object.entries(texts).map(([nation, text]) => {
        const parsed = parseMessage({ ruleset: game.ruleset, map: game.map, nation, text, state: game.state });
        expect(parsed.errors, nation).toEqual([]);
        return [nation, parsed.orders.map(bareOrder)];
      }),
    );
    expect(orders.red).toHaveLength(5);
    for (const [nation, list] of Object.entries(orders)) {
      list.forEach((order, i) => expect(game.ruleset.validate(game.ctx, game.state, nation, order, list.slice(0, i)), `${nation} ${i}`).toEqual({ ok: true }));
    }
    const { state, events } = game.ruleset.adjudicate(game.ctx, game.state, orders, Dice.seeded('starter turn'));
    const s = state as CnesState;
    expect(s.turn).toBe(2);
    expect(s.provinces.rhl.urban).toBe(true);
    expect(s.extra.relations?.['green|red']).toBe('allied');
    expect(s.nations.red.gold).toBe(20 - 10 - 4 + (events.find((e) => e.type === 'ledger' && e.nation === 'red')!.ledger as { income: number }).income);
    expect(events.some((e) => e.type === 'battle.fought' && e.place === 'mid')).toBe(true);

    const pub = game.ruleset.publicView(game.ctx, state, events);
    const red = game.ruleset.privateView(game.ctx, state, events, 'red');
    const blue = game.ruleset.privateView(game.ctx, state, events, 'blue');
    expect(red.gold).toBe(s.nations.red.gold);
    expect(JSON.stringify(pub)).not.toContain('"gold"');
    expect(JSON.stringify(pub)).not.toContain('razing.started');
    expect(pub.events.some((e) => e.type === 'battle.heats' || e.type === 'ledger' || e.type.startsWith('order.'))).toBe(false);
    expect(JSON.stringify(blue)).not.toContain('raze port');
    expect(blue.events.filter((e) => e.type === 'ledger').map((e) => e.nation)).toEqual(['blue']);
    expect((blue.orders as Array<{ order: string }>).map((o) => o.order)).toEqual(['bomber bca support mid', '2 infantry bca - mid', 'artillery bpk fortify']);
    // Blue fought in Midmarch: its report tells the battle, with the heats shot by shot beside it;
    // the public update tells the same story without the dice.
    const ctx = game.ctx as RulesetContext<CnesOptions>;
    const words = (line: Sentence) => line.map((p) => (typeof p === 'string' ? p : 'nation' in p ? `<${p.nation}>` : `[${p.province}]`)).join('');
    const [own] = cnesReport.battles(ctx, blue.events);
    expect(words(own.title)).toBe('Clash in [mid]');
    expect(words(own.story)).toMatch(/^<\w+>'s tank and fighter with <green>'s 2 militia clashed with <\w+>'s .* in \[mid\]; <\w+> lost .*\.$/);
    expect(words(own.dice[0])).toBe('Heat 1:');
    expect(words(own.dice[1])).toMatch(/^ {2}<(red|blue|green)>'s \S+ \(\w+\) shoots <(red|blue|green)>'s \S+ \(\w+\): /);
    const [told] = cnesReport.battles(ctx, pub.events);
    expect(told.story).toEqual(own.story);
    expect(told.dice).toEqual([]);
    // News names nations and provinces as phrases render turns into names, never as bare ids.
    const news = [...cnesReport.publicNews(ctx, pub), ...cnesReport.privateNews(ctx, blue)].flatMap((s) => s.lines);
    expect(news.length).toBeGreaterThan(3);
    for (const line of news)
      expect(line.filter((p) => typeof p === 'string').join(''), words(line)).not.toMatch(/\b(red|blue|green|rha|rwd|rhl|bca|bpk|bfj|gjn|gpl|mid|isl)\b/);
    expect(news.map(words)).toEqual(expect.arrayContaining(['<red> urbanized [rhl].', '<green> and <red> are allied.']));

    // The update's table counts public facts only; the map draws improvements, digging in, aircraft and ships.
    const table = cnesReport.updateTable(ctx, pub);
    expect(table.columns).toEqual(['Provinces', 'Urbanized', 'Industrialized', 'Ground units', 'Aircraft', 'Ships']);
    expect(table.rows.find((r) => r.nation === 'red')!.cells).toEqual([4, 2, 0, 6, 1, 0]);
    const marks = cnesReport.turnMarks(ctx, pub);
    expect(marks.features).toEqual(
      expect.arrayContaining([
        { province: 'rha', feature: 'urban' },
        { province: 'rha', feature: 'port' },
        { province: 'bca', feature: 'industry' },
        { province: 'bpk', feature: 'fortification', level: 1 },
        { province: 'rhl', feature: 'urban' },
      ]),
    );
    expect(marks.unitShapes).toMatchObject({ fighter: 'aircraft', bomber: 'aircraft', destroyer: 'fleet' });
    expect(marks.unitShapes).not.toHaveProperty('tank');
    expect(marks.arrows).toEqual(expect.arrayContaining([{ kind: 'move', from: 'rwd', to: 'mid', ok: true, nation: 'red' }]));
    expect(marks.provinces).toEqual(
      expect.arrayContaining([
        { province: 'mid', mark: 'battle' },
        { province: 'mid', mark: 'captured' },
        { province: 'rhl', mark: 'structure' },
      ]),
    );
  });
});
