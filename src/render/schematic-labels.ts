// A schematic's names: each province's name written on its box, on one line or two (every province
// by its id when a name does not fit), measured as it is drawn, and placed clear of arrows, badges,
// unit marks and other names (label-placement.ts). A name first goes above its box's marks; when
// something is in the way, to the top or bottom of the box, left or right; then just outside the
// box, above or below it, clear of the other boxes. A sea's name keeps a margin from its lozenge's
// rounded outline, inside it or out: a wrapped name once touched it (issue #33).
import type { MapGraph } from '../engine/index.ts';
import type { Point, Polygon } from './arrow-shapes.ts';
import { clearOfRounded, insideRounded } from './label-geometry.ts';
import { placeLabels, type LabelLayout, type LabelRequest, type Obstacle, type Rect, type Spot } from './label-placement.ts';
import { renderLines } from './text-bitmaps.ts';

const LINE_CHARACTERS = 14;
/** Between a name and the edge of its box. */
const PAD = 3;
/** Between a sea's name and its lozenge's outline, inside it or out. */
export const LOZENGE_MARGIN = 2;

export interface SchematicLabelInput {
  positions: ReadonlyMap<string, Point>;
  box: { width: number; height: number };
  /** Sea provinces, drawn as lozenges: their names stay about centred, off the rounded ends. */
  seas: ReadonlySet<string>;
  /** The radius of a lozenge's rounded corners. */
  seaCorner: number;
  /** Font size of the names (bold), and the pitch of their lines. */
  size: number;
  lineHeight: number;
  /** Each province's marks block (its unit and feature symbols) as drawn, and its name's first spot's top. */
  marks: ReadonlyMap<string, Rect | null>;
  nameTop: ReadonlyMap<string, number>;
  arrows: Polygon[][];
  badges: Rect[];
  bounds: Rect;
}

/** A name on one line, or on two split at the space that balances them, when it fits the box; else null. */
function fitName(name: string): string[] | null {
  const length = (text: string) => [...text].length;
  if (length(name) <= LINE_CHARACTERS) return [name];
  const words = name.split(' ');
  let best: string[] | null = null;
  for (let cut = 1; cut < words.length; cut++) {
    const lines = [words.slice(0, cut).join(' '), words.slice(cut).join(' ')];
    const widest = Math.max(...lines.map(length));
    if (widest <= LINE_CHARACTERS && (!best || widest < Math.max(...best.map(length)))) best = lines;
  }
  return best;
}

/** Province names when every one fits its box, else the ids for all (the notation orders use). */
export function labelLines(map: MapGraph): Map<string, string[]> {
  const provinces = [...map.provinces.values()];
  const fitted = provinces.map((p) => fitName(p.name));
  const names = fitted.every((f) => f !== null);
  return new Map(provinces.map((p, i) => [p.id, names ? fitted[i]! : [p.id.toUpperCase()]]));
}

/** Where each province's name goes, its lines measured with the font they are drawn in. */
export async function placeSchematicLabels(input: SchematicLabelInput, lines: ReadonlyMap<string, string[]>): Promise<LabelLayout> {
  const ids = [...input.positions.keys()];
  const all = ids.flatMap((id) => lines.get(id)!);
  const widths = (await renderLines(all, { size: input.size, bold: true })).map((b) => b.width);
  const obstacles: Obstacle[] = input.arrows.flat().map((points) => ({ points }));
  for (const rect of input.badges) obstacles.push({ rect });
  const requests: LabelRequest[] = [];
  let next = 0;
  for (const id of ids) {
    const [cx, cy] = input.positions.get(id)!;
    const box = { x: cx - input.box.width / 2, y: cy - input.box.height / 2, ...input.box };
    // A name lies on its own box, never on another's.
    obstacles.push({ rect: box, owner: id });
    const marks = input.marks.get(id);
    if (marks) obstacles.push({ rect: marks });
    const count = lines.get(id)!.length;
    const [width, height] = [Math.max(...widths.slice(next, (next += count))) + 2, count * input.lineHeight];
    const first = { x: box.x + (box.width - width) / 2, y: input.nameTop.get(id)! };
    if (!input.seas.has(id)) {
      requests.push({ id, width, height, first, more: () => spots(box, first.y, width, height) });
      continue;
    }
    const clear = (at: Spot) => {
      const label = { x: at.x, y: at.y, width, height };
      return insideRounded(label, box, input.seaCorner, LOZENGE_MARGIN) || clearOfRounded(label, box, input.seaCorner, LOZENGE_MARGIN);
    };
    const [best, ...more] = [first, ...lozengeSpots(box, first.y, width, height)].filter(clear);
    requests.push({ id, width, height, first: best ?? first, more: () => more });
  }
  return { bounds: input.bounds, labels: placeLabels(requests, obstacles, input.bounds), arrows: input.arrows, badges: input.badges };
}

/** Above the marks, then at the top or the bottom of the box, centred, left or right; then outside it, above or below. */
function spots(box: Rect, top: number, width: number, height: number): Spot[] {
  const xs = [box.x + (box.width - width) / 2, box.x + PAD, box.x + box.width - PAD - width];
  const rows = [top, box.y + PAD, box.y + box.height - PAD - height, box.y - 2 - height, box.y + box.height + 2];
  // The first of them, centred above the marks, is the first spot already tried.
  return rows.flatMap((y) => xs.map((x) => ({ x, y }))).slice(1);
}

/**
 * A lozenge's: inside it (above the marks, in the middle, at the top or the bottom) near the centre,
 * off the rounded ends; then outside it, above or below and sliding up to half its width, or beside it.
 */
function lozengeSpots(box: Rect, top: number, width: number, height: number): Spot[] {
  const centred = box.x + (box.width - width) / 2;
  const inside = [top, box.y + (box.height - height) / 2, box.y + PAD, box.y + box.height - PAD - height];
  const near = [0, -6, 6, -12, 12].map((dx) => centred + dx);
  const outside = LOZENGE_MARGIN + 1;
  const slides = [0, -0.25, 0.25, -0.5, 0.5].map((k) => centred + k * box.width);
  const beside = [box.x - outside - width, box.x + box.width + outside];
  return [
    ...inside.flatMap((y) => near.map((x) => ({ x, y }))),
    ...[box.y - outside - height, box.y + box.height + outside].flatMap((y) => slides.map((x) => ({ x, y }))),
    ...[box.y + (box.height - height) / 2, box.y, box.y + box.height - height].flatMap((y) => beside.map((x) => ({ x, y }))),
  ];
}
