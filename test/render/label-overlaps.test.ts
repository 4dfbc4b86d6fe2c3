// Names a forum reader can read at a glance (issue #33): on every starter game's map and every test
// map, with a turn drawn on it, no name overlaps another name, an arrow or a badge, and none is cut
// off at the picture's edge. The geometry here is the test's own, not the placement's. The pictures
// are written to test-output/render/ to be looked at.
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadGame } from '../../src/game/load-game.ts';
import type { Game } from '../../src/game/open-game.ts';
import type { Point, Polygon } from '../../src/render/arrow-shapes.ts';
import type { LabelLayout, Rect } from '../../src/render/label-placement.ts';
import { drawMap } from '../../src/render/render-map.ts';
import { reportOf } from '../../src/render/report-common.ts';
import type { TurnRecord } from '../../src/store/turn-record.ts';
import { TEST_OUTPUT, WARFARE_ORDERS, adjudicate, fixtureGame, playStarter, everyArmyClaims } from './support.ts';

/** Each starter game's turns, in players' words; the last is drawn. */
const TURNS: Record<string, Array<Record<string, string>>> = {
  'board-nes': [
    {
      red: 'Move army lon -> mid (claim)\nMove fleet nth -> eng',
      blue: 'Move 2 army edi -> yor',
      green: 'Move army lvp -> wal (claim)',
    },
  ],
  cnes: [
    {
      red: 'Move tank from Redwood to Midmarch then Bluecastle\nfighters in rha support mid\nurbanize Red Hills\nbuy 2 infantry in Redhaven\nally with green',
      blue: 'bombers in bca support mid\nmove 2 infantry bca - mid\nBlue Peaks artillery fortify',
      green: 'ally with red\n2 militia gjn -> mid\nraze the port in gpl',
    },
  ],
  industrial: [
    {
      fra: 'Deploy 4 infantry in Paris\nDeploy artillery in par\nDeploy general in par\nDeploy warship in Brest',
      ger: 'Deploy 4 infantry in ruh\nDeploy artillery in ruh\nDeploy general in ber',
      gbr: 'Deploy 2 infantry in lon\nDeploy 3 warships in lon\nDeploy battleship in lon',
    },
    { fra: 'March 4 infantry par -> bur\nBuild fort in par', ger: 'Rail ruh -> mun' },
    { ger: 'Invade mun -> bur', gbr: 'Sail 3 warships lon -> nth' },
  ],
  warfare: [
    {
      england: 'F lon - nth\nF edi - nwg\nA lvp - yor',
      france: 'A par - bur\nA mar - spa\nF bre - mao',
      germany: 'A mun - ruh\nA ber - mun\nF kie - hol',
      italy: 'A ven - pie\nA rom - apu\nF nap - ion',
      austria: 'A vie - gal\nA bud - ser\nF tri - alb',
      russia: 'A mos - ukr\nA war - gal\nF sev - bla\nF stp/sc - bot',
      turkey: 'F ank - bla\nA con - bul\nA smy - con',
    },
    {
      england: 'F nth - nwy\nF nwg - bar\nA yor - lon',
      france: 'A bur H\nA spa - por\nF mao - bre',
      germany: 'A ruh - bur\nA mun S A ruh - bur\nF hol - bel',
      italy: 'A pie - mar\nA apu - nap\nF ion - tun',
      austria: 'A gal - rum\nA ser - bul\nF alb - gre',
      russia: 'A ukr - sev\nA war - gal\nF sev - rum\nF bot - swe',
      turkey: 'F ank - bla\nA bul - gre\nA con - bul',
    },
  ],
};

const STARTERS = 'examples/starter';

async function starterTurn(starter: string): Promise<[Game, TurnRecord]> {
  let game = await loadGame(path.join(STARTERS, starter));
  let record!: TurnRecord;
  for (const [i, texts] of TURNS[starter].entries()) {
    record = playStarter(game, texts, `labels ${i}`);
    if (i < TURNS[starter].length - 1) game = { ...game, state: record.stateAfter };
  }
  return [game, record];
}

/** The turn drawn on the game's map as the update draws it, written to test-output/render/NAME.png. */
async function drawn(name: string, game: Game, record: TurnRecord, keyImage?: Buffer): Promise<LabelLayout> {
  const view = game.ruleset.publicView(game.ctx, record.stateAfter, record.events);
  const colours = Object.fromEntries(Object.entries(game.config.nations).map(([id, n]) => [id, n.colour]));
  const marks = reportOf(game).turnMarks(game.ctx, view);
  const { png, labels } = await drawMap({ map: game.map, view, title: game.config.title, caption: 'A turn', colours, marks, keyImage });
  mkdirSync(TEST_OUTPUT, { recursive: true });
  writeFileSync(path.join(TEST_OUTPUT, `${name}.png`), png);
  return labels;
}

function readMapImage(folder: string): Buffer | undefined {
  const name = /^image:\s*(\S+)/m.exec(readFileSync(path.join(folder, 'map.yaml'), 'utf8'))?.[1];
  return name ? readFileSync(path.join(folder, name)) : undefined;
}

const corners = (r: Rect): Polygon => [
  [r.x, r.y],
  [r.x + r.width, r.y],
  [r.x + r.width, r.y + r.height],
  [r.x, r.y + r.height],
];
const within = (r: Rect, [x, y]: Point) => x > r.x && x < r.x + r.width && y > r.y && y < r.y + r.height;
const cross = (o: Point, a: Point, b: Point) => (a[0] - o[0]) * (b[1] - o[1]) - (a[1] - o[1]) * (b[0] - o[0]);
/** Inside a convex polygon: on the same side of every edge. */
const insidePolygon = (p: Point, polygon: Polygon) => {
  const sides = polygon.map((a, i) => Math.sign(cross(a, polygon[(i + 1) % polygon.length], p)));
  return sides.every((s) => s > 0) || sides.every((s) => s < 0);
};
const segmentsCross = (a: Point, b: Point, c: Point, d: Point) => cross(a, b, c) * cross(a, b, d) < 0 && cross(c, d, a) * cross(c, d, b) < 0;
const edges = (p: Polygon) => p.map((a, i) => [a, p[(i + 1) % p.length]] as const);

/** A name's box and a drawn shape share ink room: a corner of one inside the other, or edges crossing. */
function touches(r: Rect, polygon: Polygon): boolean {
  const box = corners(r);
  if (polygon.some((p) => within(r, p)) || box.some((p) => insidePolygon(p, polygon))) return true;
  return edges(box).some(([a, b]) => edges(polygon).some(([c, d]) => segmentsCross(a, b, c, d)));
}
const rectsOverlap = (a: Rect, b: Rect) => a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;

/** Every overlap and clipped name, named: "Clyde/Edinburgh", "Marseilles under arrow 3", "Kiel cut off". */
function labelProblems(layout: LabelLayout, name: (id: string) => string): string[] {
  const problems: string[] = [];
  const { labels, bounds } = layout;
  labels.forEach((a, i) => {
    for (const b of labels.slice(i + 1)) if (rectsOverlap(a.rect, b.rect)) problems.push(`${name(a.id)}/${name(b.id)}`);
    layout.arrows.forEach((arrow, n) => {
      if (arrow.some((polygon) => touches(a.rect, polygon))) problems.push(`${name(a.id)} under arrow ${n}`);
    });
    if (layout.badges.some((b) => rectsOverlap(a.rect, b))) problems.push(`${name(a.id)} under a badge`);
    const r = a.rect;
    if (r.x < bounds.x || r.y < bounds.y || r.x + r.width > bounds.x + bounds.width || r.y + r.height > bounds.y + bounds.height)
      problems.push(`${name(a.id)} cut off`);
  });
  return problems;
}

describe('names clear of arrows, badges and each other', () => {
  it.each(Object.keys(TURNS))('%s starter: no name overlaps another, an arrow or a badge, none cut off', async (starter) => {
    const [game, record] = await starterTurn(starter);
    const labels = await drawn(`labels-${starter}`, game, record, readMapImage(path.join(STARTERS, starter)));
    expect(labels.labels).toHaveLength(game.map.provinces.size);
    // The turn draws arrows and badges the names must stay clear of.
    expect(labels.arrows.length).toBeGreaterThan(1);
    expect(labels.badges.length).toBeGreaterThan(0);
    expect(labelProblems(labels, (id) => game.map.province(id).name)).toEqual([]);
  });

  it.each(['board-nes', 'warfare'])('the %s test map with its fixture turn: none overlapping, none cut off', async (folder) => {
    const game = await fixtureGame(folder);
    const record = folder === 'warfare' ? adjudicate(game, WARFARE_ORDERS, []) : adjudicate(game);
    const labels = await drawn(`labels-fixture-${folder}`, game, record);
    expect(labels.arrows.length).toBeGreaterThan(1);
    expect(labelProblems(labels, (id) => game.map.province(id).name)).toEqual([]);
  });

  it('the demo world on its key image after a turn: none overlapping, none cut off', async () => {
    const game = await loadGame('examples/demo-world');
    const orders = everyArmyClaims(game);
    const labels = await drawn('labels-demo-world', game, adjudicate(game, orders, []), readFileSync('examples/demo-world/key.png'));
    expect(labels.arrows.length).toBeGreaterThan(5);
    expect(labelProblems(labels, (id) => game.map.province(id).name)).toEqual([]);
  });

  it('the standard map before its orders: Clyde, Edinburgh, Liverpool and Yorkshire apart', async () => {
    const game = await loadGame(path.join(STARTERS, 'warfare'));
    const view = game.ruleset.publicView(game.ctx, game.state, []);
    const { labels } = await drawMap({ map: game.map, view, title: 'T', caption: 'C', keyImage: readMapImage(path.join(STARTERS, 'warfare')) });
    expect(labelProblems(labels, (id) => game.map.province(id).name)).toEqual([]);
    const british = labels.labels.filter((l) => ['cly', 'edi', 'lvp', 'yor'].includes(l.id));
    expect(british).toHaveLength(4);
  });
});
