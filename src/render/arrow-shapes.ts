// Arrows of a turn as plain convex polygons, so the schematic (SVG) and key-image maps (pixels)
// draw the very same shapes: a move's shaft and head (dashed, with a bar where it stopped, when it
// failed), a support's thinner line ending in a ring, a convoy's line ending in a diamond, a retreat's arrow.
import type { TurnMarks } from '../engine/index.ts';

export type Point = readonly [number, number];
export type Polygon = Point[];
export type ArrowKind = TurnMarks['arrows'][number]['kind'];

export interface ArrowShape {
  /** Drawn first, a little wider, so the arrow reads on any colour. */
  halo: Polygon[];
  body: Polygon[];
  /**
   * Where no name may lie: the halo, with a dashed shaft's dashes as one band. A name between two
   * dashes would hide the arrow's course, and one band costs less to check than each dash.
   */
  cover: Polygon[];
}

/** Drawing sizes follow the map's symbol size. */
export function arrowWidth(kind: ArrowKind, symbol: number): number {
  return Math.max(2, Math.round(symbol * (kind === 'move' || kind === 'retreat' ? 0.28 : 0.16)));
}

// Points are read by index, not destructured: a big turn has thousands of arrows of many parts each.
function along(a: Point, b: Point, t: number): Point {
  return [a[0] + (b[0] - a[0]) * t, a[1] + (b[1] - a[1]) * t];
}

/** A straight band of `width` from a to b (also a label's leader line). */
export function band(a: Point, b: Point, width: number): Polygon {
  const length = Math.hypot(b[0] - a[0], b[1] - a[1]) || 1;
  const nx = (-(b[1] - a[1]) / length) * (width / 2);
  const ny = ((b[0] - a[0]) / length) * (width / 2);
  return [
    [a[0] + nx, a[1] + ny],
    [b[0] + nx, b[1] + ny],
    [b[0] - nx, b[1] - ny],
    [a[0] - nx, a[1] - ny],
  ];
}

function dashed(a: Point, b: Point, width: number, dash: number): Polygon[] {
  const length = Math.hypot(b[0] - a[0], b[1] - a[1]);
  if (length <= dash) return [band(a, b, width)];
  const parts: Polygon[] = [];
  for (let s = 0; s < length; s += dash * 1.7) parts.push(band(along(a, b, s / length), along(a, b, Math.min(length, s + dash) / length), width));
  return parts;
}

function regular(centre: Point, radius: number, sides: number, turn = 0): Polygon {
  const polygon: Polygon = [];
  for (let i = 0; i < sides; i++) {
    const angle = turn + (2 * Math.PI * i) / sides;
    polygon.push([centre[0] + radius * Math.cos(angle), centre[1] + radius * Math.sin(angle)]);
  }
  return polygon;
}

/** What the halo and the body of one arrow share: where it runs, its head (or ring) and its bar. */
interface Course {
  kind: ArrowKind;
  ok: boolean;
  symbol: number;
  start: Point;
  end: Point;
  /** Its length, and its direction as a unit vector. */
  d: number;
  ux: number;
  uy: number;
  head: number;
  bar: { half: number; thick: number };
  barAt: Point;
  dashesEnd: number;
}

/**
 * The arrow from one province's centre to another's, kept clear of the symbols at both ends
 * (`clearance` pixels). `ok` false draws the shaft dashed, with a bar across it just behind the
 * head (or ring, or diamond): where the move stopped.
 */
export function arrowShape(kind: ArrowKind, from: Point, to: Point, ok: boolean, symbol: number, clearance = symbol * 0.8): ArrowShape | null {
  const length = Math.hypot(to[0] - from[0], to[1] - from[1]);
  const width = arrowWidth(kind, symbol);
  if (length - clearance * 2 < Math.max(6, width * 3) + 4) return null;
  const start = along(from, to, clearance / length);
  const end = along(from, to, 1 - clearance / length);
  const d = Math.hypot(end[0] - start[0], end[1] - start[1]);
  const head = kind === 'move' || kind === 'retreat' ? Math.max(6, width * 3) : 0;
  const ring = Math.max(3, width * 1.6) * (kind === 'support' ? 1 : 1.3);
  // Wider than the head (or ring), so it shows on both sides of it.
  const bar = { half: Math.max(head * 0.95, ring * 1.5), thick: Math.max(2, width * 0.75) };
  const barBack = (head || ring) + bar.thick;
  // The dashes stop short of the bar, so it reads as a bar and not as one more dash.
  const dashesEnd = d - barBack - bar.thick * 1.5;
  const course: Course = {
    kind,
    ok,
    symbol,
    start,
    end,
    d,
    ux: (end[0] - start[0]) / d,
    uy: (end[1] - start[1]) / d,
    head,
    bar,
    barAt: along(start, end, 1 - barBack / d),
    dashesEnd,
  };
  const halo = parts(course, width + 3, 1.5);
  return { halo, body: parts(course, width, 0), cover: coverOf(course, halo, width + 3) };
}

/** The halo's dashes, which come first in it, as one band: the halo `w` wide keeps its bar and head. */
function coverOf(c: Course, halo: Polygon[], w: number): Polygon[] {
  if (c.ok || !(c.dashesEnd > 0)) return halo;
  return [band(c.start, along(c.start, c.end, c.dashesEnd / c.d), w), ...halo.slice(-2)];
}

/**
 * The polygons of the arrow `w` wide, `extra` grown all round (its halo). Plain functions of the
 * course, not closures made per arrow: a turn has thousands of arrows.
 */
function parts(c: Course, w: number, extra: number): Polygon[] {
  const polygons = shaft(c, w, extra);
  const { start, end, d, ux, uy, head } = c;
  if (head) {
    const tip: Point = [end[0] + ux * extra, end[1] + uy * extra];
    const back = along(start, end, 1 - (head + extra) / d);
    const half = head * 0.62 + extra;
    polygons.push([tip, [back[0] - uy * half, back[1] + ux * half], [back[0] + uy * half, back[1] - ux * half]]);
    return polygons;
  }
  const r = Math.max(3, w * 1.6) + extra / 2;
  polygons.push(c.kind === 'support' ? regular(end, r, 10) : regular(end, r * 1.3, 4));
  return polygons;
}

function shaft(c: Course, w: number, extra: number): Polygon[] {
  const { start, end, d, ux, uy, head, bar, barAt, dashesEnd } = c;
  if (c.ok) return [band(start, head ? along(start, end, 1 - head / d) : end, w)];
  const half = bar.half + extra;
  const across = band([barAt[0] - uy * half, barAt[1] + ux * half], [barAt[0] + uy * half, barAt[1] - ux * half], bar.thick + extra * 2);
  if (!(dashesEnd > 0)) return [across];
  const polygons = dashed(start, along(start, end, dashesEnd / d), w, Math.max(5, c.symbol * 0.55));
  polygons.push(across);
  return polygons;
}
