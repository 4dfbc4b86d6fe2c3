// Every starter and test map drawn as a schematic (those without a key image) keeps its boxes whole
// inside the picture with a margin and apart from each other, and its borders do not cross more
// than they did when this test was written (issue #33: Edinburgh cut off at the top, Midlands at
// the left). A map added without a key image must get its bound here.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import type { MapGraph } from '../../src/engine/index.ts';
import { readMapFile } from '../../src/game/map-file.ts';
import { schematicMaps } from './support.ts';
import { SCHEMATIC_BOX, SCHEMATIC_MARGIN, schematicPositions } from '../../src/render/render-schematic-map.ts';

/** Border lines that cross on each map, counted when the test was written: they may only fall. */
const CROSSINGS: Record<string, number> = {
  'examples/starter/board-nes/map.yaml': 0,
  'examples/starter/cnes/map.yaml': 1,
  'examples/starter/industrial/map.yaml': 0,
  'test/fixtures/claims/map.yaml': 0,
  'test/mail/fixtures/board-nes/map.yaml': 11,
  'test/render/fixtures/board-nes/map.yaml': 11,
  'test/render/fixtures/warfare/map.yaml': 50,
};

type Box = { id: string; x: number; y: number };

/** Boxes that reach into the margin or past the picture's edge. */
function clipped(boxes: Box[], width: number, height: number): string[] {
  const [w, h, m] = [SCHEMATIC_BOX.width / 2, SCHEMATIC_BOX.height / 2, SCHEMATIC_MARGIN];
  return boxes.filter((b) => b.x - w < m || b.y - h < m || b.x + w > width - m || b.y + h > height - m).map((b) => b.id);
}

function overlapping(boxes: Box[]): string[] {
  const pairs: string[] = [];
  for (let i = 0; i < boxes.length; i++)
    for (let j = i + 1; j < boxes.length; j++)
      if (Math.abs(boxes[i].x - boxes[j].x) < SCHEMATIC_BOX.width && Math.abs(boxes[i].y - boxes[j].y) < SCHEMATIC_BOX.height)
        pairs.push(`${boxes[i].id}/${boxes[j].id}`);
  return pairs;
}

type Point = readonly [number, number];
const side = (a: Point, b: Point, c: Point) => Math.sign((b[0] - a[0]) * (c[1] - a[1]) - (b[1] - a[1]) * (c[0] - a[0]));

/** Pairs of border lines (one per pair of neighbours) that cross away from a shared province. */
function crossings(map: MapGraph, at: ReadonlyMap<string, Point>): number {
  const lines = new Map<string, [string, string]>();
  for (const b of map.borders) lines.set([b.a.province, b.b.province].sort().join('\n'), [b.a.province, b.b.province]);
  const all = [...lines.values()];
  let count = 0;
  for (let i = 0; i < all.length; i++) {
    for (let j = i + 1; j < all.length; j++) {
      const [a, b, c, d] = [...all[i], ...all[j]];
      if (new Set([a, b, c, d]).size < 4) continue;
      const [p, q, r, s] = [a, b, c, d].map((id) => at.get(id)!);
      if (side(p, q, r) * side(p, q, s) < 0 && side(r, s, p) * side(r, s, q) < 0) count++;
    }
  }
  return count;
}

describe('schematic maps on the page', () => {
  it('finds the maps drawn as schematics, each with its bound', () => {
    expect(schematicMaps).toEqual(Object.keys(CROSSINGS).sort());
  });

  it.each(schematicMaps)('%s: no box clipped or overlapping, crossings within the bound', (file) => {
    const { map, problems } = readMapFile(file, readFileSync(file, 'utf8'));
    expect(problems).toEqual([]);
    const { width, height, positions } = schematicPositions(map!);
    const boxes = [...positions].map(([id, [x, y]]) => ({ id, x, y }));
    expect(boxes).toHaveLength(map!.provinces.size);
    expect(clipped(boxes, width, height)).toEqual([]);
    expect(overlapping(boxes)).toEqual([]);
    expect(crossings(map!, positions)).toBeLessThanOrEqual(CROSSINGS[file]);
  });

  it('moves stored positions that would cut a box at the top or left into the page, keeping their shape', () => {
    const text = [
      'provinces:',
      '  aaa: { name: Aaa, kind: land, position: [0, 0] }',
      '  bbb: { name: Bbb, kind: land, position: [300, 10] }',
      '  ccc: { name: Ccc, kind: sea, position: [150, 700] }',
      'borders:',
      '  - [aaa, bbb]',
      '  - [bbb, ccc]',
    ].join('\n');
    const { map, problems } = readMapFile('map.yaml', text);
    expect(problems).toEqual([]);
    const { width, height, positions } = schematicPositions(map!);
    const boxes = [...positions].map(([id, [x, y]]) => ({ id, x, y }));
    expect(clipped(boxes, width, height)).toEqual([]);
    const [a, b, c] = ['aaa', 'bbb', 'ccc'].map((id) => positions.get(id)!);
    expect([b[0] - a[0], b[1] - a[1], c[0] - a[0], c[1] - a[1]]).toEqual([300, 10, 150, 700]);
  });
});
