// A map drawn on a province-key image: each province filled with its owner's colour, borders
// between provinces, names, structures and unit stacks, and the legend beside it.
import sharp from 'sharp';
import type { MapGraph } from '../engine/index.ts';
import { Canvas, packRgb, rasterise, rgb } from './canvas.ts';
import { cachedKeyIndex, deepestPoints, hexKey, NO_PROVINCE, type KeyIndex } from './key-image.ts';
import { buildLegend, TERRITORY_TINT } from './legend.ts';
import type { MapScene, SceneProvince } from './map-scene.ts';
import { MAP_COLOURS, tint } from './palette.ts';
import { provinceMarks, type Mark, type MarkBlock } from './province-marks.ts';
import { eventSvg } from './map-symbols.ts';
import { inDrawingSlot } from './drawing-slots.ts';
import { renderSprites, SPRITE_PAD, type Sprite } from './sprites.ts';
import { arrowShapes, paintArrows } from './turn-drawing.ts';
import { band, type Point } from './arrow-shapes.ts';
import { firstRowCentre, placeKeyLabels } from './key-map-labels.ts';
import { LEADER_WIDTH } from './label-placement.ts';
import type { DrawnMap, MapHits } from './render-map.ts';
import { svgDocument } from './svg-text.ts';
import { renderLines, type TextBitmap } from './text-bitmaps.ts';

export class MapImageError extends Error {
  override name = 'MapImageError';
}

export interface KeyMapInput {
  /** Built while sharp's threads decode the key. */
  scene: () => MapScene;
  map: MapGraph;
  /** The province-key PNG named by map.yaml's `image`. */
  keyImage: Buffer;
}

/**
 * Symbol and label sizes follow the typical province (image area over province count): a
 * 2,000-province map gets small marks. Known from the image's size alone, so the labels and symbols
 * can be drawn while the key is still being decoded.
 */
export function markSizes(width: number, height: number, provinces: number): { symbol: number; label: number; halo: number; thickBorders: boolean } {
  const typical = Math.sqrt((width * height) / Math.max(1, provinces));
  const symbol = Math.round(Math.min(20, Math.max(9, typical / 8)));
  const label = Math.round(Math.min(15, Math.max(9, typical / 11)));
  return { symbol, label, halo: label >= 13 ? 2 : 1, thickBorders: typical > 90 };
}

const centresCache = new WeakMap<KeyIndex, Array<[number, number] | null>>();

function centreOf(map: MapGraph, index: KeyIndex, n: number): [number, number] | null {
  const given = map.province(index.provinces[n]).attributes.centre;
  if (Array.isArray(given) && given.length === 2) return [Number(given[0]), Number(given[1])];
  let computed = centresCache.get(index);
  if (!computed) centresCache.set(index, (computed = deepestPoints(index)));
  return computed[n];
}

/**
 * A PNG's size read from its header, else asked of sharp. Asking sharp sends this thread idle for
 * a round trip through sharp's thread pool (longer on a busy machine) before it can draw anything.
 */
async function imageSize(image: Buffer): Promise<{ width?: number; height?: number }> {
  // The 8-byte signature, then the IHDR chunk's length and name, then the width and the height.
  if (image.length >= 24 && image.readUInt32BE(0) === 0x89504e47 && image.readUInt32BE(4) === 0x0d0a1a0a && image.toString('latin1', 12, 16) === 'IHDR') {
    return { width: image.readUInt32BE(16), height: image.readUInt32BE(20) };
  }
  // Not a picture sharp knows: the caller says so in the map's words.
  return sharp(image)
    .metadata()
    .catch(() => ({}));
}

/**
 * The key's colours by province, and its index started on sharp's threads: before the text and
 * symbols, which would otherwise hold all of them while this thread, with nothing else to do until
 * the key is indexed, waits for its decoding; and best before the scene is built.
 */
function indexKey(map: MapGraph, keyImage: Buffer): { keys: Map<string, number>; index: Promise<KeyIndex> } {
  const keys = new Map<string, number>();
  for (const p of map.provinces.values()) if (typeof p.attributes.key === 'string') keys.set(p.id, hexKey(p.attributes.key));
  if (!keys.size) throw new MapImageError('The map has a key image but no province names its key colour (add "key: \'#rrggbb\'" to each province).');
  const index = cachedKeyIndex(keyImage, keys);
  // Awaited when drawing; this only keeps a failure from being reported as unhandled if another step fails first.
  index.catch(() => undefined);
  return { keys, index };
}

/** The map drawn on its key image, when one of the process's drawing slots is free (drawing-slots.ts). */
export function drawKeyMap({ scene, map, keyImage }: KeyMapInput): Promise<DrawnMap> {
  return inDrawingSlot(() => {
    const indexing = indexKey(map, keyImage);
    return paintKeyMap(scene(), map, keyImage, indexing);
  });
}

async function paintKeyMap(scene: MapScene, map: MapGraph, keyImage: Buffer, indexing: ReturnType<typeof indexKey>): Promise<DrawnMap> {
  const { keys } = indexing;
  const { width, height } = await imageSize(keyImage);
  if (!width || !height) throw new MapImageError('The key image could not be read as a picture.');
  const sizes = markSizes(width, height, keys.size);
  const byId = new Map(scene.provinces.map((p) => [p.id, p]));
  // Provinces in the key index's order: the order of `keys`.
  const provinces = [...keys.keys()].map((id) => byId.get(id)!);
  const colours = new Map(scene.nations.map((n) => [n.id, n.colour]));
  const blocks = provinces.map((p) => provinceMarks(p, colours, sizes.symbol));
  const legend = buildLegend(scene, Math.max(1, sizes.label / 12));
  // Text, symbols and the legend are drawn by sharp's threads while this one decodes and paints the key.
  const legendImage = rasterise(svgDocument(legend.width, legend.height, legend.body), MAP_COLOURS.background);
  const badges = [...new Set(provinces.flatMap((p) => p.events))];
  const drawn = Promise.all([
    renderLines(
      provinces.map((p) => p.name),
      { size: sizes.label, halo: sizes.halo },
    ),
    drawMarks(blocks, sizes.symbol),
    renderSprites(badges.map((e) => ({ svg: eventSvg(e, 0, 0, sizes.symbol), width: sizes.symbol, height: sizes.symbol }))),
  ]);
  // Awaited below; this only keeps a failure from being reported as unhandled if the key fails first.
  drawn.catch(() => undefined);
  legendImage.catch(() => undefined);
  const index = await indexing.index;
  const canvas = new Canvas(index.width + legend.width, Math.max(index.height, legend.height));
  canvas.fillRect(index.width, 0, legend.width, canvas.height, rgb(MAP_COLOURS.background));
  canvas.fillRect(0, index.height, index.width, canvas.height - index.height, rgb(MAP_COLOURS.background));
  paintProvinces(canvas, index, provinces, colours);
  paintBorders(canvas, index, provinces, sizes.thickBorders);

  const centres = provinces.map((_, n) => (index.area[n] ? centreOf(map, index, n) : null));
  const at = new Map(provinces.map((p, n) => [p.id, n]));
  const arrows = arrowShapes(scene, (id) => (at.has(id) ? centres[at.get(id)!] : null), sizes.symbol * 1.4);
  paintArrows(canvas, arrows, colours);
  const [labels, marks, badgeSprites] = await drawn;
  stampMarks(canvas, blocks, centres, marks, sizes.symbol, sizes.label);
  const placed = placeKeyLabels({
    ids: provinces.map((p) => p.id),
    centres,
    sizes: labels.map((label) => {
      const { inkTop, inkHeight } = inkRows(label.halo ?? label.alpha, label.width);
      return { width: label.width, height: label.height, inkTop, inkHeight };
    }),
    blocks,
    badges: provinces.map((p) => p.events.length),
    symbol: sizes.symbol,
    labelSize: sizes.label,
    arrows: arrows.map(({ shape }) => shape.cover),
    bounds: { x: 0, y: 0, width: index.width, height: index.height },
  });
  const badgeOf = new Map(badges.map((e, i) => [e, badgeSprites[i]]));
  const labelAt = new Map(placed.layout.labels.map((l) => [l.id, l]));
  const [halo, coast, ink] = [rgb(MAP_COLOURS.halo), rgb(MAP_COLOURS.coast), rgb(MAP_COLOURS.label)];
  provinces.forEach((p, n) => {
    placed.badgeAt[n].forEach(([x, y], i) => {
      const badge = badgeOf.get(p.events[i])!;
      canvas.drawImage(badge.rgba, badge.width, badge.height, x - SPRITE_PAD, y - SPRITE_PAD);
    });
    const label = labels[n];
    const spot = labelAt.get(p.id);
    if (!spot) return;
    if (spot.leader) paintLeader(canvas, spot.leader);
    const [x, y] = placed.nameAt.get(p.id)!;
    canvas.blendMask(label.alpha, label.width, label.height, x, y, p.kind === 'sea' ? coast : ink, { mask: label.halo!, colour: halo });
  });
  canvas.paste(await legendImage, index.width, 0);
  const png = canvas.toPng();
  // Worked out while sharp encodes the picture.
  const hits = hitsOf(provinces, blocks, centres, arrows, sizes, canvas);
  return { png: await png, labels: placed.layout, hits };
}

/** Where the map put each province's centre, its unit stacks (as stampMarks put them) and the arrows. */
function hitsOf(
  provinces: SceneProvince[],
  blocks: MarkBlock[],
  centres: Array<[number, number] | null>,
  arrows: ReturnType<typeof arrowShapes>,
  sizes: { symbol: number; label: number },
  canvas: Canvas,
): MapHits {
  const hits: MapHits = { width: canvas.width, height: canvas.height, provinces: [], units: [], arrows: [] };
  provinces.forEach((p, n) => {
    const centre = centres[n];
    if (!centre) return;
    hits.provinces.push({ id: p.id, x: centre[0], y: centre[1] });
    const top = firstRowCentre(centre[1], blocks[n], sizes.label, sizes.symbol);
    for (const mark of blocks[n].marks) {
      if (mark.unit)
        hits.units.push({
          province: p.id,
          ...mark.unit,
          x: Math.round(centre[0] + mark.x),
          y: Math.round(top + mark.y),
          width: mark.width,
          height: mark.height,
        });
    }
  });
  for (const { arrow, shape } of arrows) hits.arrows.push({ kind: arrow.kind, from: arrow.from, to: arrow.to, nation: arrow.nation, polygons: shape.halo });
  return hits;
}

/** The rows of a bitmap that hold ink. */
function inkRows(mask: Uint8Array, width: number): { inkTop: number; inkHeight: number } {
  const rows = mask.length / Math.max(1, width);
  const inked = (y: number) => {
    for (let p = y * width; p < (y + 1) * width; p++) if (mask[p]) return true;
    return false;
  };
  let top = 0;
  while (top < rows && !inked(top)) top++;
  if (top === rows) return { inkTop: 0, inkHeight: rows };
  let bottom = rows - 1;
  while (!inked(bottom)) bottom--;
  return { inkTop: top, inkHeight: bottom - top + 1 };
}

/** A thin dark line on a white halo, from a moved name back to its province. */
function paintLeader(canvas: Canvas, [from, to]: [Point, Point]): void {
  canvas.fillConvex(band(from, to, LEADER_WIDTH + 2), rgb(MAP_COLOURS.halo));
  canvas.fillConvex(band(from, to, LEADER_WIDTH), rgb(MAP_COLOURS.label));
}

function paintProvinces(canvas: Canvas, index: KeyIndex, provinces: SceneProvince[], colours: ReadonlyMap<string, string>): void {
  const palette = new Uint32Array(NO_PROVINCE + 1);
  palette[NO_PROVINCE] = packRgb(rgb(MAP_COLOURS.border));
  provinces.forEach((p, n) => {
    const owner = p.owner ? colours.get(p.owner) : undefined;
    const fill = p.kind === 'sea' ? MAP_COLOURS.sea : owner ? tint(owner, TERRITORY_TINT) : MAP_COLOURS.unclaimedLand;
    palette[n] = packRgb(rgb(fill));
  });
  // Key images are flat: filling whole runs is far faster than a lookup per pixel.
  const { width, runStart, runProvince } = index;
  const { words, width: stride } = canvas;
  const total = index.width * index.height;
  for (let r = 0; r < runStart.length; r++) {
    const start = runStart[r];
    const end = r + 1 < runStart.length ? runStart[r + 1] : total;
    const y = Math.floor(start / width);
    const x = start - y * width;
    const dst = y * stride + x;
    words.fill(palette[runProvince[r]], dst, dst + Math.min(end - start, width - x));
  }
}

/** Paints one side of each border between provinces (both when thick): a row's along it, then those with the row below. */
function paintBorders(canvas: Canvas, index: KeyIndex, provinces: SceneProvince[], thick: boolean): void {
  const land = packRgb(rgb(MAP_COLOURS.border));
  const coast = packRgb(rgb(MAP_COLOURS.coast));
  const sea = packRgb(rgb(tint(MAP_COLOURS.coast, 0.55)));
  const isSea = Uint8Array.from(provinces, (p) => (p.kind === 'sea' ? 1 : 0));
  const { width, height, runStart, runProvince, seamStart, seamLength, seamAbove, seamBelow } = index;
  const { words } = canvas;
  // A key pixel's offset on the canvas, whose rows are wider (the legend is on their right).
  const margin = canvas.width - width;
  const paint = (a: number, b: number, from: number, to: number) => {
    if (a === NO_PROVINCE || b === NO_PROVINCE) return;
    const word = isSea[a] && isSea[b] ? sea : isSea[a] || isSea[b] ? coast : land;
    words[from] = word;
    if (thick && word !== sea) words[to] = word;
  };
  let r = 0;
  let s = 0;
  for (let y = 0; y < height; y++) {
    const rowEnd = (y + 1) * width;
    const shift = y * margin;
    for (r++; r < runStart.length && runStart[r] < rowEnd; r++) paint(runProvince[r - 1], runProvince[r], runStart[r] - 1 + shift, runStart[r] + shift);
    for (; s < seamStart.length && seamStart[s] < rowEnd; s++) {
      for (let p = seamStart[s] + shift, end = p + seamLength[s]; p < end; p++) paint(seamAbove[s], seamBelow[s], p, p + width + margin);
    }
  }
}

interface DrawnMarks {
  sprites: Map<string, Sprite>;
  counts: Map<string, TextBitmap>;
}

/** Every distinct mark of the map drawn once, and the counts written on them. */
async function drawMarks(blocks: MarkBlock[], symbol: number): Promise<DrawnMarks> {
  const specs = new Map<string, Mark>();
  const counts = new Set<string>();
  for (const block of blocks) {
    for (const mark of block.marks) {
      if (!specs.has(mark.svg)) specs.set(mark.svg, mark);
      for (const t of mark.texts) counts.add(t.text);
    }
  }
  const countList = [...counts];
  const [sprites, bitmaps] = await Promise.all([
    renderSprites([...specs.values()]),
    renderLines(countList, { size: Math.max(7, Math.round(symbol * 0.68)), bold: true }),
  ]);
  return { sprites: new Map([...specs.keys()].map((svg, i) => [svg, sprites[i]])), counts: new Map(countList.map((c, i) => [c, bitmaps[i]])) };
}

function stampMarks(canvas: Canvas, blocks: MarkBlock[], centres: Array<[number, number] | null>, drawn: DrawnMarks, symbol: number, labelSize: number): void {
  blocks.forEach((block, n) => {
    const centre = centres[n];
    if (!centre || !block.marks.length) return;
    const top = firstRowCentre(centre[1], block, labelSize, symbol);
    for (const mark of block.marks) {
      const sprite = drawn.sprites.get(mark.svg)!;
      const x = Math.round(centre[0] + mark.x);
      const y = Math.round(top + mark.y);
      canvas.drawImage(sprite.rgba, sprite.width, sprite.height, x - SPRITE_PAD, y - SPRITE_PAD);
      for (const t of mark.texts) {
        const bitmap = drawn.counts.get(t.text)!;
        canvas.blendMask(
          bitmap.alpha,
          bitmap.width,
          bitmap.height,
          Math.round(x + t.cx - bitmap.width / 2),
          Math.round(y + t.cy - bitmap.height / 2),
          rgb(t.colour),
        );
      }
    }
  });
}
