// A schematic's names: each province's name written on its box, on one line or two (every province
// by its id when a name does not fit), measured as it is drawn, and placed clear of arrows, badges,
// unit marks and other names (label-placement.ts). A name first goes above its box's marks; when
// something is in the way, to the top or bottom of the box, left or right; then just outside the
// box, above or below it, clear of the other boxes.
import type { MapGraph } from '../engine/index.ts';
import type { Point, Polygon } from './arrow-shapes.ts';
import { placeLabels, type LabelLayout, type LabelRequest, type Obstacle, type Rect, type Spot } from './label-placement.ts';
import { renderLines } from './text-bitmaps.ts';

const LINE_CHARACTERS = 14;
/** Between a name and the edge of its box. */
const PAD = 3;

export interface SchematicLabelInput {
  positions: ReadonlyMap<string, Point>;
  box: { width: number; height: number };
  /** Sea provinces, drawn as lozenges: their names stay about centred, off the rounded ends. */
  seas: ReadonlySet<string>;
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
    requests.push({ id, width, height, first, more: () => spots(box, first.y, width, height, input.seas.has(id)) });
  }
  return { bounds: input.bounds, labels: placeLabels(requests, obstacles, input.bounds), arrows: input.arrows, badges: input.badges };
}

/** Above the marks, then at the top or the bottom of the box, centred, left or right (a lozenge's: near the centre); then outside it, above or below. */
function spots(box: Rect, top: number, width: number, height: number, lozenge: boolean): Spot[] {
  const centred = box.x + (box.width - width) / 2;
  // A lozenge's name only slides a little, into its rounded ends.
  const xs = lozenge ? [0, -6, 6, -12, 12].map((dx) => centred + dx) : [centred, box.x + PAD, box.x + box.width - PAD - width];
  const rows = [top, box.y + PAD, box.y + box.height - PAD - height, box.y - 2 - height, box.y + box.height + 2];
  // The first of them, centred above the marks, is the first spot already tried.
  return rows.flatMap((y) => xs.map((x) => ({ x, y }))).slice(1);
}
