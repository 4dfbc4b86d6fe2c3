// The geometry of label placement (label-placement.ts): boxes and convex polygons (arrow parts,
// leader lines), and whether two of them overlap, by separating axes. A big map asks whether a
// label's box meets a polygon hundreds of thousands of times: that test builds nothing.
import type { Polygon } from './arrow-shapes.ts';

export interface Rect {
  x: number;
  y: number;
  width: number;
  height: number;
}

/** A shape checked against the grid: a box, or a convex polygon with its bounding box. */
export interface Shape {
  box: Rect;
  points: Polygon | undefined;
  /** A box's corners, once a polygon needed them. */
  corners: Polygon | undefined;
}

/** Every shape made here, with the same fields in the same order: the checks stay fast (one hidden class). */
export const boxShape = (box: Rect): Shape => ({ box, points: undefined, corners: undefined });
export const polygonShape = (points: Polygon): Shape => ({ box: boundsOf(points), points, corners: undefined });

function boundsOf(polygon: Polygon): Rect {
  let [x0, y0, x1, y1] = [Infinity, Infinity, -Infinity, -Infinity];
  for (const point of polygon) {
    x0 = Math.min(x0, point[0]);
    y0 = Math.min(y0, point[1]);
    x1 = Math.max(x1, point[0]);
    y1 = Math.max(y1, point[1]);
  }
  return { x: x0, y: y0, width: x1 - x0, height: y1 - y0 };
}

export const boxesMeet = (a: Rect, b: Rect) => a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;

/**
 * Do two shapes whose boxes meet overlap? Two boxes do; otherwise separating axes: the boxes' own
 * axes are already checked, so only the polygons' edge normals remain.
 */
export function shapesMeet(a: Shape, b: Shape): boolean {
  if (!a.points && !b.points) return true;
  if (!a.points) return boxMeetsPolygon(a.box.x, a.box.y, a.box.x + a.box.width, a.box.y + a.box.height, b.points!);
  const [p, q] = [a.points, b.points ?? (b.corners ??= corners(b.box))];
  return !separates(a.points, p, q) && !separates(b.points, p, q);
}

/** A box and a convex polygon whose boxes meet: the box's corners are projected without being built, as most queries are a label's box. */
export function boxMeetsPolygon(left: number, top: number, right: number, bottom: number, polygon: Polygon): boolean {
  // Most shapes that meet have a corner of the polygon in the box: no need to look further.
  for (const point of polygon) if (point[0] > left && point[0] < right && point[1] > top && point[1] < bottom) return true;
  for (let i = 0; i < polygon.length; i++) {
    const a = polygon[i];
    const b = polygon[i + 1 === polygon.length ? 0 : i + 1];
    const nx = a[1] - b[1];
    const ny = b[0] - a[0];
    const topLeft = left * nx + top * ny;
    const topRight = right * nx + top * ny;
    const bottomLeft = left * nx + bottom * ny;
    const bottomRight = right * nx + bottom * ny;
    const p0 = Math.min(Math.min(topLeft, topRight), Math.min(bottomLeft, bottomRight));
    const p1 = Math.max(Math.max(topLeft, topRight), Math.max(bottomLeft, bottomRight));
    let q0 = Infinity;
    let q1 = -Infinity;
    for (const point of polygon) {
      const d = point[0] * nx + point[1] * ny;
      if (d < q0) q0 = d;
      if (d > q1) q1 = d;
    }
    if (p1 <= q0 || q1 <= p0) return false;
  }
  return true;
}

/** Does a normal of one of the polygon's edges separate p from q? */
function separates(polygon: Polygon | undefined, p: Polygon, q: Polygon): boolean {
  if (!polygon) return false;
  for (let i = 0; i < polygon.length; i++) {
    const a = polygon[i];
    const b = polygon[i + 1 === polygon.length ? 0 : i + 1];
    const [nx, ny] = [a[1] - b[1], b[0] - a[0]];
    let [p0, p1, q0, q1] = [Infinity, -Infinity, Infinity, -Infinity];
    for (const point of p) {
      const d = point[0] * nx + point[1] * ny;
      if (d < p0) p0 = d;
      if (d > p1) p1 = d;
    }
    for (const point of q) {
      const d = point[0] * nx + point[1] * ny;
      if (d < q0) q0 = d;
      if (d > q1) q1 = d;
    }
    if (p1 <= q0 || q1 <= p0) return true;
  }
  return false;
}

const corners = ({ x, y, width, height }: Rect): Polygon => [
  [x, y],
  [x + width, y],
  [x + width, y + height],
  [x, y + height],
];

/** A box with rounded corners of `radius` (a schematic's sea): how far a point lies outside its rounded core, from its straight middle. */
function pastCore(px: number, py: number, box: Rect, radius: number): number {
  const dx = Math.max(0, box.x + radius - px, px - (box.x + box.width - radius));
  const dy = Math.max(0, box.y + radius - py, py - (box.y + box.height - radius));
  return Math.hypot(dx, dy);
}

/** Does a label lie inside a rounded box, at least `margin` from its outline all round? */
export function insideRounded(label: Rect, box: Rect, radius: number, margin: number): boolean {
  // The rounded box shrunk by the margin is convex: the label's corners are enough.
  for (const [x, y] of corners(label)) if (pastCore(x, y, box, radius) > radius - margin) return false;
  return true;
}

/** Does a label keep at least `margin` away from a rounded box? */
export function clearOfRounded(label: Rect, box: Rect, radius: number, margin: number): boolean {
  const core = { x: box.x + radius, y: box.y + radius, width: box.width - 2 * radius, height: box.height - 2 * radius };
  const dx = Math.max(0, core.x - label.x - label.width, label.x - core.x - core.width);
  const dy = Math.max(0, core.y - label.y - label.height, label.y - core.y - core.height);
  return Math.hypot(dx, dy) >= radius + margin;
}
