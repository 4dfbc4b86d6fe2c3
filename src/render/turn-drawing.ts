// A turn's arrows painted the two ways maps are drawn: SVG for schematic maps and the legend,
// pixels for key-image maps. Both paint the polygons of arrow-shapes.ts, halo first.
import { arrowShape, type ArrowShape, type Point } from './arrow-shapes.ts';
import { rgb, type Canvas } from './canvas.ts';
import type { MapScene, SceneArrow } from './map-scene.ts';
import type { EventSymbol } from './map-symbols.ts';

/** Retreats get a dark halo, so they are not taken for the turn's moves. */
export const haloOf = (arrow: Pick<SceneArrow, 'kind'>) => (arrow.kind === 'retreat' ? '#000000' : '#ffffff');

const points = (polygon: readonly Point[]) => polygon.map(([x, y]) => `${x.toFixed(1)},${y.toFixed(1)}`).join(' ');

export function shapeSvg(shape: ArrowShape, colour: string, halo: string): string {
  return [
    ...shape.halo.map((p) => `<polygon points="${points(p)}" fill="${halo}"/>`),
    ...shape.body.map((p) => `<polygon points="${points(p)}" fill="${colour}"/>`),
  ].join('');
}

/**
 * Each arrow with the shape it takes between the two centres; arrows too short to draw are left out.
 * `clearance` says how far from a centre an arrow starts, given its direction (unit vector) and the
 * distance between the centres.
 */
export function arrowShapes(
  scene: MapScene,
  centre: (province: string) => Point | null,
  symbol: number,
  clearance: (ux: number, uy: number, length: number) => number = () => symbol * 0.8,
): Array<{ arrow: SceneArrow; shape: ArrowShape }> {
  const drawn: Array<{ arrow: SceneArrow; shape: ArrowShape }> = [];
  // Supports and convoys under moves, moves under retreats: the most important on top.
  const rank = { support: 0, convoy: 1, move: 2, retreat: 3 } as const;
  for (const arrow of [...scene.arrows].sort((a, b) => rank[a.kind] - rank[b.kind])) {
    const from = centre(arrow.from);
    const to = centre(arrow.to);
    const length = from && to ? Math.hypot(to[0] - from[0], to[1] - from[1]) : 0;
    const shape =
      from && to && length
        ? arrowShape(arrow.kind, from, to, arrow.ok, symbol, clearance((to[0] - from[0]) / length, (to[1] - from[1]) / length, length))
        : null;
    if (shape) drawn.push({ arrow, shape });
  }
  return drawn;
}

export function paintArrows(canvas: Canvas, shapes: ReturnType<typeof arrowShapes>, colours: ReadonlyMap<string, string>): void {
  for (const { arrow, shape } of shapes) {
    const halo = rgb(haloOf(arrow));
    const colour = rgb(colours.get(arrow.nation) ?? '#444444');
    for (const p of shape.halo) canvas.fillConvex(p, halo);
    for (const p of shape.body) canvas.fillConvex(p, colour);
  }
}

/** What the legend explains of the turn: the arrow kinds and province marks this map shows. */
export function turnKeys(scene: MapScene): { arrows: Array<{ kind: SceneArrow['kind']; ok: boolean }>; events: EventSymbol[] } {
  const arrows: Array<{ kind: SceneArrow['kind']; ok: boolean }> = [];
  for (const kind of ['move', 'support', 'convoy', 'retreat'] as const) {
    for (const ok of [true, false]) if (scene.arrows.some((a) => a.kind === kind && a.ok === ok)) arrows.push({ kind, ok });
  }
  const present = new Set(scene.provinces.flatMap((p) => p.events));
  const events = (['battle', 'captured', 'dislodged', 'destroyed', 'built', 'disbanded', 'structure'] as const).filter((e) => present.has(e));
  return { arrows, events };
}
