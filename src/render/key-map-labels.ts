// Where a key-image map writes each province's name and puts its badges. The name goes above the
// unit marks at the province's centre; when an arrow, a badge, a mark or another name is in the
// way, to the nearest free spot around, with a leader line back when it no longer touches them
// (label-placement.ts: the standard map's Clyde and Edinburgh, Liverpool and Yorkshire overlapped,
// issue #33). A province's badges sit in a row left of its name and go where the name goes, so they
// mark the province they belong to and lie on no other name.
import type { Point, Polygon } from './arrow-shapes.ts';
import { placeLabels, type Badge, type LabelLayout, type LabelRequest, type Obstacle, type PlacedLabel, type Rect, type Spot } from './label-placement.ts';
import type { MarkBlock } from './province-marks.ts';

export interface KeyLabelInput {
  ids: readonly string[];
  centres: ReadonlyArray<Point | null>;
  /** Each name's bitmap size (0 wide when it has none), and the rows its ink (halo included) takes. */
  sizes: ReadonlyArray<{ width: number; height: number; inkTop: number; inkHeight: number }>;
  blocks: readonly MarkBlock[];
  /** How many badges each province shows. */
  badges: readonly number[];
  symbol: number;
  labelSize: number;
  arrows: Polygon[][];
  bounds: Rect;
}

export interface KeyLabels {
  layout: LabelLayout;
  /** Each province's badges' top-left corners, in its badge order. */
  badgeAt: Point[][];
  /** Where each name's bitmap goes (its top-left corner), by province id. */
  nameAt: Map<string, Point>;
}

const GAP = 2;
/** Between a badge and the next, or the name. */
const BADGE_GAP = 3;

/** How far above the province's centre the name first goes, to leave room for its marks below. */
function labelLift(block: MarkBlock, labelSize: number): number {
  return block.marks.length ? block.height / 2 + labelSize * 0.15 : 0;
}

/** Centre of the first row of marks: under the name, the name and marks centred together. */
export function firstRowCentre(centreY: number, block: MarkBlock, labelSize: number, symbol: number): number {
  return centreY + (labelSize * 1.3 - block.height) / 2 + symbol / 2;
}

export function placeKeyLabels(input: KeyLabelInput): KeyLabels {
  const { ids, centres, sizes, blocks, symbol, labelSize } = input;
  const obstacles: Obstacle[] = input.arrows.flat().map((points) => ({ points }));
  const groups = new Map<string, Group>();
  const requests: LabelRequest[] = [];
  ids.forEach((id, n) => {
    const centre = centres[n];
    if (!centre) return;
    const block = blocks[n];
    const marks = marksRect(centre, block, labelSize, symbol);
    if (block.marks.length) obstacles.push({ rect: marks });
    const group = groupOf(sizes[n], input.badges[n], symbol);
    if (!group.width) return;
    const bitmap: Point = [Math.round(centre[0] - sizes[n].width / 2), Math.round(centre[1] - labelLift(block, labelSize) - sizes[n].height / 2)];
    // The group is placed by its ink: the blank rows of the name's bitmap may lie on anything.
    const first: Point = [bitmap[0] - group.name[0], bitmap[1] - group.name[1]];
    groups.set(id, group);
    requests.push({
      id,
      width: group.width,
      height: group.height,
      first: { x: first[0], y: first[1] },
      more: () => nearby(first, marks, group.width, group.height, symbol),
    });
  });
  const placed = placeLabels(requests, obstacles, input.bounds);
  const badges: Badge[] = [];
  const badgeAt: Point[][] = ids.map(() => []);
  const nameAt = new Map<string, Point>();
  const labels: PlacedLabel[] = [];
  const order = new Map(ids.map((id, n) => [id, n]));
  for (const { id, rect, leader } of placed) {
    const group = groups.get(id)!;
    const [x, y] = [rect.x + group.name[0], rect.y + group.name[1]];
    nameAt.set(id, [x, y]);
    for (const [bx, by] of group.badges) {
      badgeAt[order.get(id)!].push([rect.x + bx, rect.y + by]);
      badges.push({ x: rect.x + bx, y: rect.y + by, width: symbol, height: symbol, province: id });
    }
    const { width, inkTop, inkHeight } = sizes[order.get(id)!];
    if (width) labels.push({ id, rect: { x, y: y + inkTop, width, height: inkHeight }, leader });
  }
  return { layout: { bounds: input.bounds, labels, arrows: input.arrows, badges }, badgeAt, nameAt };
}

/** A name with its badges in a row on its left, placed as one: where each goes inside the group's box. */
interface Group {
  width: number;
  height: number;
  /** The name bitmap's top-left corner. */
  name: Point;
  /** Each badge's top-left corner, nearest the name first. */
  badges: Point[];
}

/** The box holding a name's ink and its badges, centred on the name's middle row. */
function groupOf(size: KeyLabelInput['sizes'][number], count: number, symbol: number): Group {
  const { width, height, inkTop, inkHeight } = size;
  const row = count * (symbol + BADGE_GAP);
  const badgeTop = Math.round(height / 2 - symbol / 2);
  const top = count ? Math.min(inkTop, badgeTop) : inkTop;
  const bottom = count ? Math.max(inkTop + inkHeight, badgeTop + symbol) : inkTop + inkHeight;
  const badges = Array.from({ length: count }, (_, i): Point => [row - (symbol + BADGE_GAP) * (i + 1), badgeTop - top]);
  return { width: width ? row + width : row - BADGE_GAP, height: bottom - top, name: [row, -top], badges };
}

/** Where the province's marks are drawn; a point at the centre when it has none. */
function marksRect(centre: Point, block: MarkBlock, labelSize: number, symbol: number): Rect {
  if (!block.marks.length) return { x: centre[0], y: centre[1], width: 0, height: 0 };
  const top = firstRowCentre(centre[1], block, labelSize, symbol) - symbol / 2;
  return { x: centre[0] - block.width / 2 - 1, y: top - 1, width: block.width + 2, height: block.height + 2 };
}

/**
 * Spots near the first, best first: the name slid left or right by up to half its width and up or
 * down by up to one and a half heights, and set beside the marks on each side; those nearest the
 * marks (or the centre) first, then those least moved. A name that no longer touches them gets a
 * leader line.
 */
function nearby(first: Point, m: Rect, width: number, height: number, symbol: number): Spot[] {
  const [sx, sy] = [Math.max(4, Math.round(width / 4)), Math.max(4, Math.round(height / 2))];
  const { xs, ys, ranks, gaps } = scratch;
  let n = 0;
  for (let i = -2; i <= 2; i++) {
    for (let j = -3; j <= 3; j++) {
      if (!i && !j) continue;
      xs[n] = first[0] + i * sx;
      ys[n++] = first[1] + j * sy;
    }
  }
  for (const y of [m.y - GAP - height, m.y + m.height / 2 - height / 2, m.y + m.height + GAP]) {
    for (const x of [m.x - GAP - width, m.x + m.width / 2 - width / 2, m.x + m.width + GAP]) {
      xs[n] = Math.round(x);
      ys[n++] = Math.round(y);
    }
  }
  for (let k = 0; k < SPOTS; k++) {
    const cx = xs[k] + width / 2;
    const cy = ys[k] + height / 2;
    const gx = Math.max(0, Math.abs(Math.max(m.x, Math.min(cx, m.x + m.width)) - cx) - width / 2);
    const gy = Math.max(0, Math.abs(Math.max(m.y, Math.min(cy, m.y + m.height)) - cy) - height / 2);
    gaps[k] = Math.sqrt(gx * gx + gy * gy);
    ranks[k] = gaps[k] + 0.3 * Math.sqrt((xs[k] - first[0]) ** 2 + (ys[k] - first[1]) ** 2);
  }
  const spots: Spot[] = [];
  const order = rankOrder(ranks);
  for (let r = 0; r < SPOTS; r++) {
    const k = order[r];
    const x = xs[k];
    const y = ys[k];
    spots.push(gaps[k] > symbol / 2 ? { x, y, leaderTo: nearestOn(m, x + width / 2, y + height / 2) } : { x, y });
  }
  return spots;
}

/** The spots around the first: a 5 by 7 grid without its middle, and 3 by 3 around the marks. */
const SPOTS = 5 * 7 - 1 + 3 * 3;

/** Scalars in arrays made once, not points: a busy map asks for spots around thousands of names. */
const scratch = {
  xs: new Float64Array(SPOTS),
  ys: new Float64Array(SPOTS),
  ranks: new Float64Array(SPOTS),
  gaps: new Float64Array(SPOTS),
  order: new Uint8Array(SPOTS),
};

/** Indices by rank, ties in index order: a stable insertion sort, cheaper than Array.sort's callbacks for so few. */
function rankOrder(ranks: Float64Array): Uint8Array {
  const { order } = scratch;
  for (let i = 0; i < ranks.length; i++) {
    let j = i;
    for (; j > 0 && ranks[order[j - 1]] > ranks[i]; j--) order[j] = order[j - 1];
    order[j] = i;
  }
  return order;
}

const nearestOn = (r: Rect, x: number, y: number): Point => [Math.max(r.x, Math.min(x, r.x + r.width)), Math.max(r.y, Math.min(y, r.y + r.height))];
