// Where a map's names go: clear of its arrows, badges, unit marks and each other (issue #33: a name
// under an arrow or another name cannot be read at a glance). Each label has a first spot and more
// it may take, best first. A label whose first spot nothing covers, not even another label's first
// spot, stays there; the others, in turn, take their first spot that nothing covers and no label
// placed so far, else the least covered one. A spot away from what the label names carries a
// leader line back to it. Pure geometry: each kind of map gives its own spots and obstacles.
import { band, type Point, type Polygon } from './arrow-shapes.ts';
import { boxesMeet, boxMeetsPolygon, boxShape, polygonShape, shapesMeet, type Rect, type Shape } from './label-geometry.ts';

export type { Rect } from './label-geometry.ts';

/** Something no label may cover: a box (a badge, a unit mark) or a convex polygon (an arrow's part). */
export interface Obstacle {
  rect?: Rect;
  points?: Polygon;
  /** The one label that may lie on it: a schematic province's name on its own box. */
  owner?: string;
}

export interface Spot {
  /** The label's top-left corner. */
  x: number;
  y: number;
  /** Where a leader line from the label goes, when the spot is away from what it names. */
  leaderTo?: Point;
}

export interface LabelRequest {
  id: string;
  width: number;
  height: number;
  first: Spot;
  /** The spots to try when the first is covered, best first; asked for only then, as a big map has thousands of labels. */
  more(): Spot[];
}

export interface PlacedLabel {
  id: string;
  rect: Rect;
  /** From the label's edge to what it names. */
  leader: [Point, Point] | null;
}

/** Where each label went, and what a map draws that labels must stay clear of: what a test measures. */
export interface LabelLayout {
  /** The picture the labels must stay inside (a schematic's page before its scale, a key image). */
  bounds: Rect;
  labels: PlacedLabel[];
  /** Each arrow's cover (arrow-shapes.ts): its halo, a failed move's dashes as one band. */
  arrows: Polygon[][];
  badges: Badge[];
}

/** A badge drawn beside a province's name, and the province it marks where the map says. */
export interface Badge extends Rect {
  province?: string;
}

/** A leader line is drawn this wide, and no later label may cover it. */
export const LEADER_WIDTH = 1.5;
/** A leader line stops this short of what it points at, so it does not run into the marks. */
const LEADER_SHORT = 3;
const CELL = 48;

interface Entry extends Shape {
  owner?: string;
  /** The query that last counted it: an item in several cells is counted once. */
  seen: number;
}

/** Obstacles and placed labels by the grid cells (over the picture) they touch, so a spot is checked against its neighbours only. */
class Grid {
  private readonly cells: Array<Entry[] | undefined>;
  private readonly columns: number;
  private readonly rows: number;
  private query = 0;

  constructor(private readonly bounds: Rect) {
    this.columns = Math.max(1, Math.ceil(bounds.width / CELL));
    this.rows = Math.max(1, Math.ceil(bounds.height / CELL));
    this.cells = new Array(this.columns * this.rows);
  }

  add(shape: Shape, owner?: string): void {
    const entry: Entry = { box: shape.box, points: shape.points, corners: shape.corners, owner, seen: 0 };
    const [x0, x1] = [this.column(shape.box.x), this.column(shape.box.x + shape.box.width)];
    const [y0, y1] = [this.row(shape.box.y), this.row(shape.box.y + shape.box.height)];
    for (let cy = y0; cy <= y1; cy++) {
      for (let cx = x0; cx <= x1; cx++) (this.cells[cy * this.columns + cx] ??= []).push(entry);
    }
  }

  /** How many items these shapes (a label, its leader line) cover, not counting the label's own. */
  covered(shapes: readonly Shape[], id: string, stopAt = Infinity): number {
    const query = ++this.query;
    let count = 0;
    for (const shape of shapes) if ((count += this.count(shape, id, query, stopAt - count)) >= stopAt) break;
    return count;
  }

  /** How many items one shape covers that this query has not counted yet, up to `stopAt`. */
  count(shape: Shape, id: string, query = ++this.query, stopAt = Infinity): number {
    const { box } = shape;
    const [x0, x1] = [this.column(box.x), this.column(box.x + box.width)];
    const [y0, y1] = [this.row(box.y), this.row(box.y + box.height)];
    let count = 0;
    for (let cy = y0; cy <= y1; cy++) {
      for (let cx = x0; cx <= x1; cx++) {
        const cell = this.cells[cy * this.columns + cx];
        if (!cell) continue;
        for (const entry of cell) {
          if (entry.seen === query || entry.owner === id || !boxesMeet(box, entry.box) || !shapesMeet(shape, entry)) continue;
          entry.seen = query;
          if (++count >= stopAt) return count;
        }
      }
    }
    return count;
  }

  /** Does a box cover any item but label `id`'s own? Most spots tried are settled by the label's box alone. */
  boxCovered(left: number, top: number, right: number, bottom: number, id: string): boolean {
    const x0 = this.column(left);
    const x1 = this.column(right);
    const y1 = this.row(bottom);
    for (let cy = this.row(top); cy <= y1; cy++) {
      for (let cx = x0; cx <= x1; cx++) {
        const cell = this.cells[cy * this.columns + cx];
        if (!cell) continue;
        for (const entry of cell) {
          const { box, points } = entry;
          if (entry.owner === id || !(left < box.x + box.width && box.x < right && top < box.y + box.height && box.y < bottom)) continue;
          if (!points || boxMeetsPolygon(left, top, right, bottom, points)) return true;
        }
      }
    }
    return false;
  }

  /** The column and row a point falls in, those past the picture's edge counted in its edge cells. */
  private column(x: number): number {
    return Math.min(this.columns - 1, Math.max(0, Math.floor((x - this.bounds.x) / CELL)));
  }

  private row(y: number): number {
    return Math.min(this.rows - 1, Math.max(0, Math.floor((y - this.bounds.y) / CELL)));
  }
}

/** Is a label at this spot inside the picture? */
const inside = (at: Spot, r: LabelRequest, b: Rect) => at.x >= b.x && at.y >= b.y && at.x + r.width <= b.x + b.width && at.y + r.height <= b.y + b.height;

export function placeLabels(requests: readonly LabelRequest[], obstacles: readonly Obstacle[], bounds: Rect): PlacedLabel[] {
  const fixed = new Grid(bounds);
  for (const o of obstacles) fixed.add(o.points ? polygonShape(o.points) : boxShape(o.rect!), o.owner);
  const firsts = new Grid(bounds);
  for (const r of requests) firsts.add(drawnAt(r, r.first).shapes[0], r.id);
  const result = new Map<string, PlacedLabel>();
  // A label placed is one more obstacle for those placed after it.
  const place = (request: LabelRequest, spot: Spot) => {
    const drawn = drawnAt(request, spot);
    for (const shape of drawn.shapes) fixed.add(shape, request.id);
    result.set(request.id, { id: request.id, rect: drawn.rect, leader: drawn.leader });
  };
  const waiting: LabelRequest[] = [];
  for (const request of requests) {
    const { first } = request;
    const free = inside(first, request, bounds) && isFree(fixed, request, first) && isFree(firsts, request, first);
    if (free) place(request, first);
    else waiting.push(request);
  }
  for (const request of waiting) place(request, bestSpot(request, bounds, fixed));
  return requests.map((r) => result.get(r.id)!);
}

/** The label's rectangle at a spot, its leader line, and the shapes they cover. */
function drawnAt(request: LabelRequest, spot: Spot): { rect: Rect; leader: [Point, Point] | null; shapes: Shape[] } {
  const rect = { x: spot.x, y: spot.y, width: request.width, height: request.height };
  const leader = spot.leaderTo ? leaderOf(rect, spot.leaderTo) : null;
  const shapes = [boxShape(rect)];
  if (leader) shapes.push(polygonShape(band(leader[0], leader[1], LEADER_WIDTH)));
  return { rect, leader, shapes };
}

/** The first spot inside the picture that nothing covers, else the least covered; with none inside, the first moved in. */
function bestSpot(request: LabelRequest, bounds: Rect, grid: Grid): Spot {
  const covered: Spot[] = [];
  for (const spot of [request.first, ...request.more()]) {
    if (!inside(spot, request, bounds)) continue;
    if (isFree(grid, request, spot)) return spot;
    covered.push(spot);
  }
  let best: { spot: Spot; cover: number } | null = null;
  for (const spot of covered) {
    const n = grid.covered(drawnAt(request, spot).shapes, request.id, best?.cover ?? Infinity);
    if (!best || n < best.cover) best = { spot, cover: n };
    // Every spot here covers something: one thing is the least there is.
    if (best.cover <= 1) break;
  }
  if (best) return best.spot;
  const clamp = (v: number, low: number, size: number) => Math.max(low, Math.min(v, low + size));
  return { x: clamp(request.first.x, bounds.x, bounds.width - request.width), y: clamp(request.first.y, bounds.y, bounds.height - request.height) };
}

/** Does nothing on the grid lie under the label at this spot, or under its leader line? */
function isFree(grid: Grid, request: LabelRequest, spot: Spot): boolean {
  // The label first: most spots are taken there, and a leader line costs more to check.
  if (grid.boxCovered(spot.x, spot.y, spot.x + request.width, spot.y + request.height, request.id)) return false;
  return !spot.leaderTo || !grid.count(drawnAt(request, spot).shapes[1], request.id, undefined, 1);
}

/** From the point of the label nearest to what it names, to just short of that. */
function leaderOf(r: Rect, to: Point): [Point, Point] {
  const from: Point = [Math.max(r.x, Math.min(to[0], r.x + r.width)), Math.max(r.y, Math.min(to[1], r.y + r.height))];
  const length = Math.hypot(to[0] - from[0], to[1] - from[1]) || 1;
  const short = Math.max(0, length - LEADER_SHORT) / length;
  return [from, [from[0] + (to[0] - from[0]) * short, from[1] + (to[1] - from[1]) * short]];
}
