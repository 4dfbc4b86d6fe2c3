// A map with no geometry, drawn as a clean schematic: each province a box (land) or a rounded
// lozenge (sea) in its owner's colour, borders as lines (solid where armies may cross, dashed blue
// for sea lanes only fleets use), the same marks and legend as key-image maps.
import sharp from 'sharp';
import type { MapGraph } from '../engine/index.ts';
import { buildLegend, TERRITORY_TINT } from './legend.ts';
import type { MapScene } from './map-scene.ts';
import { MAP_COLOURS, tint } from './palette.ts';
import { provinceMarks, type Mark } from './province-marks.ts';
import { layoutGraph, type Point } from './schematic-layout.ts';
import { svgDocument, xml } from './svg-text.ts';
import { FONT_FAMILY } from './fonts.ts';
import { eventSvg } from './map-symbols.ts';
import { arrowShapes, haloOf, shapeSvg } from './turn-drawing.ts';
import type { LabelLayout, Rect } from './label-placement.ts';
import type { DrawnMap } from './render-map.ts';
import { labelLines, placeSchematicLabels } from './schematic-labels.ts';

const f = (n: number) => Number(n.toFixed(1));

export interface SchematicMapInput {
  scene: MapScene;
  map: MapGraph;
}

const NODE_WIDTH = 110;
const NODE_HEIGHT = 66;
const SYMBOL = 18;
const BADGE = 16;
/** A sea's lozenge: rounded enough to read as a sea, not so much that a two-line name cannot keep clear of its ends. */
const SEA_CORNER = 22;
const LABEL = 12;
const LINE_HEIGHT = LABEL * 1.2;
/** A move's shaft and head need this much room between the boxes (arrow-shapes.ts); short of it an arrow reaches into them. */
const SHORTEST_ARROW = 30;
/** Clear page around every box: a box on the picture's edge reads as cut off (Edinburgh, issue #33). */
export const SCHEMATIC_MARGIN = 12;
/**
 * A big map is drawn smaller so its picture stays one a forum reader can open: at most this many
 * pixels (a 4,600x3,450 map), its boxes packed in a grid of cells (a box with a margin around it)
 * and everything scaled down, but never below MIN_SCALE, where labels are 9 px: past that the
 * picture grows instead, since a map whose names cannot be read is no map.
 */
export const SCHEMATIC_MAX_PIXELS = 16_000_000;
export const SCHEMATIC_MIN_SCALE = 0.75;
const CELL = { width: NODE_WIDTH + 12, height: NODE_HEIGHT + 14 };
/** Spare cells let the layout keep neighbours near each other and continents apart. */
const CELLS_PER_PROVINCE = 1.3;

export interface SchematicLayout {
  /** The page in layout pixels, where boxes are NODE_WIDTH x NODE_HEIGHT. */
  width: number;
  height: number;
  positions: Map<string, Point>;
  /** How much the drawing is scaled: 1 except for a big map (see SCHEMATIC_MAX_PIXELS). */
  scale: number;
}

/** The size of a province's box in layout pixels (before the scale). */
export const SCHEMATIC_BOX = { width: NODE_WIDTH, height: NODE_HEIGHT } as const;

/**
 * Where each province goes: the positions stored in map.yaml (`position: [x, y]` on every province,
 * as `adjutant map layout` writes them) when the map has them, else a layout computed from the map
 * alone, so the same map looks the same in every game and in every export.
 */
export function schematicPositions(map: MapGraph): SchematicLayout {
  const page = storedPositions(map) ?? computedPositions(map);
  return { ...page, scale: Math.min(1, Math.max(SCHEMATIC_MIN_SCALE, Math.sqrt(SCHEMATIC_MAX_PIXELS / (page.width * page.height)))) };
}

function computedPositions(map: MapGraph): Omit<SchematicLayout, 'scale'> {
  const ids = map.ids();
  const pairs = new Map<string, [string, string]>();
  for (const b of map.borders) pairs.set([b.a.province, b.b.province].sort().join('\n'), [b.a.province, b.b.province]);
  const edges = [...pairs.values()];
  const options = { seed: ids.join(','), nodeWidth: NODE_WIDTH, nodeHeight: NODE_HEIGHT, margin: SCHEMATIC_MARGIN };
  const area = Math.max(1, ids.length) * NODE_WIDTH * NODE_HEIGHT * 4.2;
  const width = Math.max(640, Math.round(Math.sqrt((area * 4) / 3)));
  const height = Math.max(480, Math.round((width * 3) / 4));
  if (width * height <= SCHEMATIC_MAX_PIXELS) return { width, height, positions: layoutGraph(ids, edges, { ...options, width, height }) };
  const cells = Math.ceil(ids.length * CELLS_PER_PROVINCE);
  const columns = Math.ceil(Math.sqrt((cells * 4 * CELL.height) / (3 * CELL.width)));
  const rows = Math.ceil(cells / columns);
  const grid = { width: columns * CELL.width, height: rows * CELL.height };
  return { ...grid, positions: layoutGraph(ids, edges, { ...options, ...grid, cell: CELL }) };
}

function storedPositions(map: MapGraph): Omit<SchematicLayout, 'scale'> | null {
  const positions = new Map<string, Point>();
  for (const p of map.provinces.values()) {
    const at = p.attributes.position;
    if (!Array.isArray(at) || at.length !== 2 || !at.every((v) => typeof v === 'number' && Number.isFinite(v))) return null;
    positions.set(p.id, [at[0], at[1]]);
  }
  if (!positions.size) return null;
  // A GM's positions may put a box over the top or left edge: the whole drawing moves in, unchanged otherwise.
  const xs = [...positions.values()].map((p) => p[0]);
  const ys = [...positions.values()].map((p) => p[1]);
  const dx = Math.max(0, SCHEMATIC_MARGIN + NODE_WIDTH / 2 - Math.min(...xs));
  const dy = Math.max(0, SCHEMATIC_MARGIN + NODE_HEIGHT / 2 - Math.min(...ys));
  for (const [id, [x, y]] of positions) positions.set(id, [x + dx, y + dy]);
  const right = Math.max(...xs) + dx + NODE_WIDTH / 2 + SCHEMATIC_MARGIN;
  const bottom = Math.max(...ys) + dy + NODE_HEIGHT / 2 + SCHEMATIC_MARGIN;
  return { width: Math.max(640, right), height: Math.max(480, bottom), positions };
}

/** The schematic as SVG: its size, its elements, and where its names went. */
export interface SchematicSvg {
  width: number;
  height: number;
  /** The elements inside the document (svgDocument): each province a group with `data-province`, units with `data-unit`, arrows with `data-arrow`. */
  body: string;
  labels: LabelLayout;
}

export async function drawSchematicMap(input: SchematicMapInput): Promise<DrawnMap> {
  const { width, height, body, labels } = await schematicSvg(input);
  // A schematic is a few flat colours and their anti-aliased edges: a palette PNG draws it the same
  // at a third of the bytes, which matters for a big map readers load on the game's page.
  const png = await sharp(svgDocument(width, height, body))
    .png({ palette: true, compressionLevel: 6 })
    .toBuffer();
  return { png, labels };
}

/** The schematic's drawing, before it is made a picture: the PNG above, or the SVG of a nation's private map. */
export async function schematicSvg({ scene, map }: SchematicMapInput): Promise<SchematicSvg> {
  const { width, height, positions, scale } = schematicPositions(map);
  const legend = buildLegend(scene, 1, true);
  const colours = new Map(scene.nations.map((n) => [n.id, n.colour]));
  const lines = labelLines(map);
  const parts: string[] = [`<rect width="100%" height="100%" fill="${MAP_COLOURS.background}"/>`];
  if (scale < 1) parts.push(`<g transform="scale(${scale})">`);
  parts.push(...borderLines(map, positions));

  const { nameTop, marks } = drawBoxes(scene, positions, colours, lines, parts);
  // Arrows run from box edge to box edge, off the names; between boxes too close for that, they reach in.
  const arrows = arrowShapes(
    scene,
    (id) => positions.get(id) ?? null,
    SYMBOL * 1.6,
    (ux, uy, length) => {
      const edge = Math.min(NODE_WIDTH / 2 / Math.abs(ux || 1e-9), NODE_HEIGHT / 2 / Math.abs(uy || 1e-9));
      return Math.max(0.6 * edge, Math.min(edge + 2, (length - SHORTEST_ARROW) / 2));
    },
  );
  for (const { arrow, shape } of arrows)
    parts.push(
      `<g data-arrow="${arrow.kind}" data-from="${xml(arrow.from)}" data-to="${xml(arrow.to)}" data-nation="${xml(arrow.nation)}">${shapeSvg(shape, colours.get(arrow.nation) ?? '#444444', haloOf(arrow))}</g>`,
    );
  const badges: Rect[] = [];
  for (const province of scene.provinces) {
    const [cx, cy] = positions.get(province.id)!;
    province.events.forEach((e, i) => {
      const badge = { x: cx + NODE_WIDTH / 2 - (BADGE + 2) * (i + 1), y: cy - NODE_HEIGHT / 2 - BADGE / 3, width: BADGE, height: BADGE };
      badges.push(badge);
      parts.push(`<g data-mark="${e}" data-province="${xml(province.id)}">${eventSvg(e, badge.x, badge.y, BADGE)}</g>`);
    });
  }
  const bounds = { x: 0, y: 0, width, height };
  const box = { width: NODE_WIDTH, height: NODE_HEIGHT };
  const seas = new Set(scene.provinces.filter((p) => p.kind === 'sea').map((p) => p.id));
  const input = {
    positions,
    box,
    seas,
    seaCorner: SEA_CORNER,
    size: LABEL,
    lineHeight: LINE_HEIGHT,
    marks,
    nameTop,
    arrows: arrows.map((a) => a.shape.cover),
    badges,
    bounds,
  };
  const labels = await placeSchematicLabels(input, lines);
  for (const { id, rect } of labels.labels) {
    const cy = positions.get(id)![1];
    const outside = rect.y + rect.height <= cy - NODE_HEIGHT / 2 || rect.y >= cy + NODE_HEIGHT / 2;
    parts.push(nameSvg(id, lines.get(id)!, rect, seas.has(id) ? MAP_COLOURS.coast : MAP_COLOURS.label, outside));
  }
  if (scale < 1) parts.push('</g>');
  const drawn = { width: Math.ceil(width * scale), height: Math.ceil(height * scale) };
  parts.push(`<g transform="translate(${drawn.width} 0)">${legend.body}</g>`);
  const total = { width: drawn.width + legend.width, height: Math.max(drawn.height, legend.height) };
  return { ...total, body: parts.join(''), labels };
}

/** Each province's box and its marks, drawn into `parts`; where its name goes first (above the marks) and where the marks are. */
function drawBoxes(
  scene: MapScene,
  positions: ReadonlyMap<string, Point>,
  colours: ReadonlyMap<string, string>,
  lines: ReadonlyMap<string, string[]>,
  parts: string[],
): { nameTop: Map<string, number>; marks: Map<string, Rect | null> } {
  const nameTop = new Map<string, number>();
  const marks = new Map<string, Rect | null>();
  for (const province of scene.provinces) {
    const [cx, cy] = positions.get(province.id)!;
    const owner = province.owner ? colours.get(province.owner) : undefined;
    const sea = province.kind === 'sea';
    const fill = sea ? MAP_COLOURS.sea : owner ? tint(owner, TERRITORY_TINT) : MAP_COLOURS.unclaimedLand;
    const stroke = sea ? MAP_COLOURS.coast : MAP_COLOURS.border;
    const radius = sea ? SEA_CORNER : 6;
    parts.push(
      `<g data-province="${xml(province.id)}"><rect x="${cx - NODE_WIDTH / 2}" y="${cy - NODE_HEIGHT / 2}" width="${NODE_WIDTH}" height="${NODE_HEIGHT}" rx="${radius}" fill="${fill}" stroke="${stroke}" stroke-width="2"/>`,
    );
    const block = provinceMarks(province, colours, SYMBOL);
    const count = lines.get(province.id)!.length;
    const top = cy - (count * LINE_HEIGHT + (block.marks.length ? block.height + 5 : 0)) / 2;
    nameTop.set(province.id, top);
    const rowCentre = top + count * LINE_HEIGHT + 5 + SYMBOL / 2;
    marks.set(province.id, block.marks.length ? { x: cx - block.width / 2, y: rowCentre - SYMBOL / 2, width: block.width, height: block.height } : null);
    for (const mark of block.marks) {
      parts.push(`<g transform="translate(${cx + mark.x} ${rowCentre + mark.y})"${unitData(mark)}>${mark.svg}`);
      for (const t of mark.texts) {
        parts.push(
          `<text x="${t.cx}" y="${t.cy + SYMBOL * 0.3}" text-anchor="middle" font-family="${FONT_FAMILY}" font-size="${Math.round(SYMBOL * 0.7)}" font-weight="bold" fill="${t.colour}">${xml(t.text)}</text>`,
        );
      }
      parts.push('</g>');
    }
    parts.push('</g>');
  }
  return { nameTop, marks };
}

/** A unit stack's data attributes: its type, nation, and whether it is the private map's own. */
function unitData(mark: Mark): string {
  if (!mark.unit) return '';
  return ` data-unit="${xml(mark.unit.type)}" data-nation="${xml(mark.unit.nation)}"${mark.unit.own ? ' data-own="true"' : ''}`;
}

/** A province's name where it was placed (a click on it is a click on the province); outside its box, on a halo of the page over the border lines. */
function nameSvg(id: string, lines: readonly string[], rect: Rect, colour: string, outside: boolean): string {
  const halo = outside ? ` stroke="${MAP_COLOURS.background}" stroke-width="3" paint-order="stroke"` : '';
  return lines
    .map(
      (line, i) =>
        `<text data-province="${xml(id)}" x="${f(rect.x + rect.width / 2)}" y="${f(rect.y + (i + 0.8) * LINE_HEIGHT)}" text-anchor="middle" font-family="${FONT_FAMILY}" font-size="${LABEL}" font-weight="bold" fill="${colour}"${halo}>${xml(line)}</text>`,
    )
    .join('');
}

/** Borders as lines between the boxes: solid where armies cross, dashed blue where only fleets do. */
function borderLines(map: MapGraph, positions: ReadonlyMap<string, Point>): string[] {
  const lanes = new Map<string, { a: string; b: string; army: boolean }>();
  for (const border of map.borders) {
    const [a, b] = [border.a.province, border.b.province].sort();
    const lane = lanes.get(`${a}\n${b}`) ?? { a, b, army: false };
    lane.army ||= border.units.includes('army');
    lanes.set(`${a}\n${b}`, lane);
  }
  return [...lanes.values()].map((lane) => {
    const [x1, y1] = positions.get(lane.a)!;
    const [x2, y2] = positions.get(lane.b)!;
    const style = lane.army ? `stroke="${MAP_COLOURS.border}" stroke-width="2"` : `stroke="${MAP_COLOURS.coast}" stroke-width="2" stroke-dasharray="7 5"`;
    return `<line x1="${x1}" y1="${y1}" x2="${x2}" y2="${y2}" ${style}/>`;
  });
}
