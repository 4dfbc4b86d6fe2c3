// A key-image map's badges (a battle, a capture, a dislodged unit...) stay beside their province's
// name wherever the name was moved to keep clear of arrows and other names, and lie on no name
// (issue #33). Counted on the demo world and the standard map with turns that move many names; the
// pictures are written to test-output/render/badges-*.png to be looked at.
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadGame } from '../../src/game/load-game.ts';
import type { Game } from '../../src/game/open-game.ts';
import type { LabelLayout, Rect } from '../../src/render/label-placement.ts';
import { drawMap } from '../../src/render/render-map.ts';
import { reportOf } from '../../src/render/report-common.ts';
import type { TurnRecord } from '../../src/store/turn-record.ts';
import { TEST_OUTPUT, adjudicate, playStarter, everyArmyClaims } from './support.ts';

const overlap = (a: Rect, b: Rect) => a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;
/** The gap between two boxes, 0 when they touch or overlap. */
const gap = (a: Rect, b: Rect) => Math.hypot(Math.max(0, a.x - b.x - b.width, b.x - a.x - a.width), Math.max(0, a.y - b.y - b.height, b.y - a.y - a.height));

/** Every badge on a name, on another badge, or away from its own province's name: "Burgundy's badge on Munich". */
function badgeProblems(layout: LabelLayout, name: (id: string) => string): string[] {
  const problems: string[] = [];
  const labelOf = new Map(layout.labels.map((l) => [l.id, l.rect]));
  layout.badges.forEach((badge, i) => {
    const own = badge.province!;
    for (const label of layout.labels) if (overlap(badge, label.rect)) problems.push(`${name(own)}'s badge on ${name(label.id)}`);
    for (const other of layout.badges.slice(i + 1)) if (overlap(badge, other)) problems.push(`${name(own)}'s badge on ${name(other.province!)}'s`);
    // Beside the name: no further from it than the province's row of badges reaches.
    const row = layout.badges.filter((b) => b.province === own).length;
    const label = labelOf.get(own);
    if (!label || gap(badge, label) > row * (badge.width + 3)) problems.push(`${name(own)}'s badge away from its name`);
  });
  return problems;
}

async function drawn(file: string, game: Game, record: TurnRecord, keyImage: Buffer): Promise<LabelLayout> {
  const view = game.ruleset.publicView(game.ctx, record.stateAfter, record.events);
  const colours = Object.fromEntries(Object.entries(game.config.nations).map(([id, n]) => [id, n.colour]));
  const marks = reportOf(game).turnMarks(game.ctx, view);
  const { png, labels } = await drawMap({ map: game.map, view, title: game.config.title, caption: 'A turn', colours, marks, keyImage });
  writeFileSync(path.join(TEST_OUTPUT, file), png);
  return labels;
}

describe('badges beside the names they mark, on key-image maps', () => {
  it('the demo world after every army marched out to claim: no badge on a name or away from its own', async () => {
    const game = await loadGame('examples/demo-world');
    const orders = everyArmyClaims(game);
    const layout = await drawn('badges-demo-world.png', game, adjudicate(game, orders, []), readFileSync('examples/demo-world/key.png'));
    // A capture badge for each claim, and names with badges moved aside off the arrows.
    expect(layout.badges.length).toBeGreaterThan(10);
    const centre = (id: string) => game.map.province(id).attributes.centre as [number, number];
    const badged = new Set(layout.badges.map((b) => b.province));
    const moved = layout.labels.filter((l) => badged.has(l.id) && Math.abs(l.rect.x + l.rect.width / 2 - centre(l.id)[0]) > 2);
    expect(moved.length).toBeGreaterThan(2);
    expect(badgeProblems(layout, (id) => game.map.province(id).name)).toEqual([]);
  });

  it('the standard map after a year of orders: the badge of a dislodged army beside its name', async () => {
    let game = await loadGame('examples/starter/warfare');
    const spring = playStarter(
      game,
      {
        england: 'F lon - nth\nF edi - nwg\nA lvp - yor',
        france: 'A par - bur\nA mar - spa\nF bre - mao',
        germany: 'A mun - ruh\nA ber - kie\nF kie - den',
        russia: 'A mos - ukr\nA war - gal\nF sev - rum\nF stp/sc - bot',
        austria: 'A vie - gal\nA bud - ser\nF tri - alb',
        turkey: 'F ank - bla\nA con - bul\nA smy - arm',
        italy: 'A ven - tyr\nA rom - ven\nF nap - ion',
      },
      'badges spring',
    );
    game = { ...game, state: spring.stateAfter };
    const fall = playStarter(
      game,
      {
        england: 'F nth - nwy\nF nwg - bar\nA yor - lon',
        france: 'A bur H\nA spa - por\nF mao - bre',
        germany: 'A ruh - bur\nA kie - hol\nF den - swe',
        russia: 'A ukr - sev\nA war - gal\nF rum S A ser - bul\nF bot - swe',
        austria: 'A ser - bul\nF alb - gre\nA vie - gal',
        turkey: 'A bul H\nF bla - ank\nA arm - sev',
        italy: 'A tyr - mun\nA ven - tri\nF ion - tun',
      },
      'badges fall',
    );
    const layout = await drawn('badges-standard.png', game, fall, readFileSync('examples/starter/warfare/key.png'));
    // Bulgaria's army is dislodged: its badge goes with the name, which the arrows into it push aside.
    expect(layout.badges.map((b) => b.province)).toContain('bul');
    expect(badgeProblems(layout, (id) => game.map.province(id).name)).toEqual([]);
  });
});
