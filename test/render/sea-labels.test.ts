// A sea's name on a schematic map keeps clear of its lozenge's rounded outline, inside it or out (issue
// #33: "Eastern Mediterranean", wrapped on two lines, touched the ends of its lozenge). Checked on
// every map drawn as a schematic (the starter and test maps), with the seas empty and with a fleet in
// each; the lozenge's outline is read from the drawing itself. The warfare test map with its fleets is
// written to test-output/render/sea-labels-warfare.png to be looked at.
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import type { MapGraph, PublicView, Unit } from '../../src/engine/index.ts';
import { readMapFile } from '../../src/game/map-file.ts';
import type { Rect } from '../../src/render/label-placement.ts';
import { buildScene } from '../../src/render/map-scene.ts';
import { schematicSvg } from '../../src/render/render-schematic-map.ts';
import { svgDocument } from '../../src/render/svg-text.ts';
import { TEST_OUTPUT, schematicMaps } from './support.ts';

/** The least room, in pixels, between a sea's name and its lozenge's outline. */
const MARGIN = 2;

/** A view of the map with no owner, and a fleet in every sea or none. */
function viewOf(map: MapGraph, fleets: boolean): PublicView {
  const seas = [...map.provinces.values()].filter((p) => p.kind === 'sea');
  const units: Unit[] = fleets ? seas.map((p) => ({ id: `f-${p.id}`, type: 'fleet', nation: 'navy', province: p.id })) : [];
  return { turn: 1, phase: 'orders', nations: [{ id: 'navy', name: 'Navy', provinces: 0, units: units.length }], provinces: {}, units, events: [] };
}

/** Each sea's lozenge as drawn: its box and the radius of its corners. */
function lozenges(body: string): Map<string, Rect & { radius: number }> {
  const found = new Map<string, Rect & { radius: number }>();
  const pattern = /<g data-province="([^"]+)"><rect x="([\d.-]+)" y="([\d.-]+)" width="([\d.]+)" height="([\d.]+)" rx="([\d.]+)" fill="([^"]+)"/g;
  for (const m of body.matchAll(pattern)) {
    const [x, y, width, height, radius] = m.slice(2, 7).map(Number);
    if (radius > 6) found.set(m[1], { x, y, width, height, radius });
  }
  return found;
}

/** How far a point lies inside (positive) or outside (negative) a rounded box's outline. */
function depth([px, py]: [number, number], b: Rect & { radius: number }): number {
  const r = b.radius;
  const dx = Math.max(b.x + r - px, 0, px - (b.x + b.width - r));
  const dy = Math.max(b.y + r - py, 0, py - (b.y + b.height - r));
  if (dx || dy) return r - Math.hypot(dx, dy);
  return Math.min(px - b.x, b.x + b.width - px, py - b.y, b.y + b.height - py);
}

/** Sea names nearer their lozenge's outline than the margin: "English Channel 0.9 inside". */
function touching(layout: Awaited<ReturnType<typeof schematicSvg>>, map: MapGraph): string[] {
  const seas = lozenges(layout.body);
  const problems: string[] = [];
  for (const { id, rect } of layout.labels.labels) {
    const lozenge = seas.get(id);
    if (!lozenge) continue;
    // Along each edge of the name's box, the point nearest the outline: its corners and the edges' middles.
    const points: Array<[number, number]> = [];
    for (let i = 0; i <= 20; i++) {
      const t = i / 20;
      points.push([rect.x + t * rect.width, rect.y], [rect.x + t * rect.width, rect.y + rect.height]);
      points.push([rect.x, rect.y + t * rect.height], [rect.x + rect.width, rect.y + t * rect.height]);
    }
    const depths = points.map((p) => depth(p, lozenge));
    const inside = Math.min(...depths);
    const outside = -Math.max(...depths);
    if (inside < MARGIN && outside < MARGIN) problems.push(`${map.province(id).name} ${inside >= 0 ? `${inside.toFixed(1)} inside` : 'across its outline'}`);
  }
  return problems;
}

describe('sea names clear of their lozenges', () => {
  it('finds the schematic maps, seas on them', () => {
    expect(schematicMaps.length).toBeGreaterThan(5);
    expect(schematicMaps).toContain('examples/starter/board-nes/map.yaml');
  });

  it.each(schematicMaps.flatMap((file) => [[file, 'empty seas'] as const, [file, 'a fleet in each sea'] as const]))('%s, %s', async (file, seas) => {
    const { map } = readMapFile(file, readFileSync(file, 'utf8'));
    const scene = buildScene({ map: map!, view: viewOf(map!, seas !== 'empty seas'), title: 'T', caption: 'C' });
    const drawn = await schematicSvg({ scene, map: map! });
    const count = [...map!.provinces.values()].filter((p) => p.kind === 'sea').length;
    expect(lozenges(drawn.body).size).toBe(count);
    expect(touching(drawn, map!)).toEqual([]);
    if (file === 'test/render/fixtures/warfare/map.yaml' && seas !== 'empty seas')
      writeFileSync(
        path.join(TEST_OUTPUT, 'sea-labels-warfare.png'),
        await sharp(svgDocument(drawn.width, drawn.height, drawn.body))
          .png()
          .toBuffer(),
      );
  });
});
