// A nation's private map: the position it orders from (the game's current state, read through the
// ruleset's public view like every map) with its own unit stacks in a halo of its colour, and its
// orders in force drawn as the arrows and marks its update would draw of them (the ruleset's
// report `orderMarks`). Drawn by the one map pipeline (map-scene.ts, then the schematic or the
// key-image renderer) and given as SVG: every province a `data-province`, every unit stack a
// `data-unit` (with `data-nation`, and `data-own` for the nation's own), every arrow a `data-arrow`.
// Only the orders it is given are drawn, and only in this nation's name: the caller gives this
// nation's orders alone.
import type { Order, TurnMarks } from '../engine/index.ts';
import type { Game } from '../game/open-game.ts';
import { buildScene } from './map-scene.ts';
import type { MapHits } from './render-map.ts';
import { drawKeyMap } from './render-key-map.ts';
import { schematicSvg } from './render-schematic-map.ts';
import { nationColours, reportOf, stepLabel } from './report-common.ts';
import { svgDocument, xml } from './svg-text.ts';

export interface NationMapInput {
  game: Game;
  nation: string;
  /** This nation's orders in force for the current step, and no other nation's. */
  orders: readonly Order[];
  /** The province-key PNG (map.yaml `image`); without it the map is a schematic. */
  keyImage?: Buffer;
}

/** What the map draws of the nation's orders: the ruleset's `orderMarks`, kept to this nation's name. */
export function nationOrderMarks(game: Game, nation: string, orders: readonly Order[]): Pick<TurnMarks, 'arrows' | 'provinces'> {
  const marks = reportOf(game).orderMarks?.(game.ctx, nation, orders) ?? { arrows: [], provinces: [] };
  return { arrows: marks.arrows.filter((a) => a.nation === nation), provinces: marks.provinces };
}

/** "Spring 1901: Austria's orders in force" under the game's title. */
export function nationMapCaption(game: Game, nation: string): string {
  const { turn, phase } = game.state;
  return `${stepLabel(game, { turn, phase, stateBefore: game.state })}: ${game.config.nations[nation]?.name ?? nation}'s orders in force`;
}

/** The nation's map as an SVG document. */
export async function drawNationMap({ game, nation, orders, keyImage }: NationMapInput): Promise<string> {
  const view = game.ruleset.publicView(game.ctx, game.state, []);
  const colours = nationColours(game);
  // The ruleset's lasting marks of the position (features, unit shapes), as the starting map draws them; the orders' arrows and marks.
  const marks: TurnMarks = { ...reportOf(game).turnMarks(game.ctx, view), ...nationOrderMarks(game, nation, orders) };
  const scene = buildScene({ map: game.map, view, title: game.config.title, caption: nationMapCaption(game, nation), colours, marks, highlight: nation });
  if (!keyImage) {
    const drawn = await schematicSvg({ scene, map: game.map });
    return svgDocument(drawn.width, drawn.height, drawn.body).toString('utf8');
  }
  const drawn = await drawKeyMap({ scene: () => scene, map: game.map, keyImage });
  return keyMapSvg(drawn.png, drawn.hits!);
}

const f = (n: number) => Number(n.toFixed(1));

/**
 * A key-image map is painted in pixels: its picture goes in whole, with over it a layer that draws
 * nothing but names what lies where (each province at its centre, each unit stack, each arrow), for
 * a page to find with the same attributes as on a schematic.
 */
function keyMapSvg(png: Buffer, hits: MapHits): string {
  const parts = [`<image href="data:image/png;base64,${png.toString('base64')}" x="0" y="0" width="${hits.width}" height="${hits.height}"/>`];
  parts.push('<g fill="transparent" stroke="none">');
  for (const p of hits.provinces) parts.push(`<circle data-province="${xml(p.id)}" cx="${f(p.x)}" cy="${f(p.y)}" r="6"/>`);
  for (const a of hits.arrows) {
    const polygons = a.polygons.map((poly) => `<polygon points="${poly.map(([x, y]) => `${f(x)},${f(y)}`).join(' ')}"/>`).join('');
    parts.push(`<g data-arrow="${xml(a.kind)}" data-from="${xml(a.from)}" data-to="${xml(a.to)}" data-nation="${xml(a.nation)}">${polygons}</g>`);
  }
  for (const u of hits.units) {
    const own = u.own ? ' data-own="true"' : '';
    parts.push(
      `<rect data-province="${xml(u.province)}" data-unit="${xml(u.type)}" data-nation="${xml(u.nation)}"${own} x="${u.x}" y="${u.y}" width="${u.width}" height="${u.height}"/>`,
    );
  }
  parts.push('</g>');
  return svgDocument(hits.width, hits.height, parts.join('')).toString('utf8');
}
