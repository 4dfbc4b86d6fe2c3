// A big map without geometry (2,000 provinces in a chain, like the web bench's game) drawn as a
// schematic: the picture stays within the pixel cap a forum reader can open and under 2 MiB, and
// still shows every province as a box of readable size with its label inked in it.
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { MapBuilder, type PublicView } from '../../src/engine/index.ts';
import { MAP_COLOURS, parseHex } from '../../src/render/palette.ts';
import { renderMap } from '../../src/render/render-map.ts';
import { SCHEMATIC_BOX, SCHEMATIC_MAX_PIXELS, SCHEMATIC_MIN_SCALE, schematicPositions } from '../../src/render/render-schematic-map.ts';

const PROVINCES = 2000;
const builder = new MapBuilder();
for (let i = 0; i < PROVINCES; i++) builder.province(`p${i}`, 'land', { name: `Province ${i}` });
for (let i = 0; i < PROVINCES - 1; i++) builder.border(`p${i}`, `p${i + 1}`);
const map = builder.build();
const nations = Array.from({ length: 12 }, (_, n) => ({ id: `n${n}`, name: `Nation ${n + 1}`, provinces: 0, units: 0 }));
const provinces: PublicView['provinces'] = {};
for (let i = 0; i < PROVINCES; i++) provinces[`p${i}`] = { owner: i % 3 ? `n${i % 12}` : null, structure: null };
const view: PublicView = { turn: 3, phase: 'orders', nations, provinces, units: [], events: [] };

describe('the schematic of a 2,000-province map', () => {
  const layout = schematicPositions(map);
  const box = { width: SCHEMATIC_BOX.width * layout.scale, height: SCHEMATIC_BOX.height * layout.scale };
  const centres = map.ids().map((id) => layout.positions.get(id)!.map((v) => v * layout.scale) as [number, number]);

  it('is scaled down to the pixel cap, but no further than labels stay readable', () => {
    expect(layout.scale).toBeLessThan(1);
    expect(layout.scale).toBeGreaterThanOrEqual(SCHEMATIC_MIN_SCALE);
    expect(Math.ceil(layout.width * layout.scale) * Math.ceil(layout.height * layout.scale)).toBeLessThanOrEqual(SCHEMATIC_MAX_PIXELS * 1.001);
  });

  it('gives every province a box of its own, inside the picture, none overlapping another', () => {
    expect(centres).toHaveLength(PROVINCES);
    for (const [x, y] of centres) {
      expect(x - box.width / 2).toBeGreaterThanOrEqual(0);
      expect(y - box.height / 2).toBeGreaterThanOrEqual(0);
      expect(x + box.width / 2).toBeLessThanOrEqual(layout.width * layout.scale);
      expect(y + box.height / 2).toBeLessThanOrEqual(layout.height * layout.scale);
    }
    let overlaps = 0;
    for (let i = 0; i < centres.length; i++) {
      for (let j = i + 1; j < centres.length; j++) {
        if (Math.abs(centres[i][0] - centres[j][0]) < box.width && Math.abs(centres[i][1] - centres[j][1]) < box.height) overlaps++;
      }
    }
    expect(overlaps).toBe(0);
  });

  it('draws a picture within the cap, under 2 MiB, with a label inked in every box', async () => {
    const png = await renderMap({ map, view, title: 'A very large world', caption: 'After turn 3' });
    expect(png.length).toBeLessThan(2 * 1024 * 1024);
    const { data, info } = await sharp(png, { limitInputPixels: false }).removeAlpha().raw().toBuffer({ resolveWithObject: true });
    const mapWidth = Math.ceil(layout.width * layout.scale);
    expect(info.height * mapWidth).toBeLessThanOrEqual(SCHEMATIC_MAX_PIXELS * 1.001);
    expect(info.width - mapWidth).toBeLessThan(400);
    // Label ink (MAP_COLOURS.label) is darker than every box's fill and border: look for it in the
    // middle of each box, where the name is written.
    const ink = Math.max(...parseHex(MAP_COLOURS.label)) + 24;
    const unlabelled = centres.filter(([cx, cy]) => {
      for (let y = Math.round(cy - box.height / 6); y <= cy + box.height / 6; y++) {
        for (let x = Math.round(cx - box.width / 3); x <= cx + box.width / 3; x++) {
          const o = (y * info.width + x) * 3;
          if (Math.max(data[o], data[o + 1], data[o + 2]) <= ink) return false;
        }
      }
      return true;
    });
    expect(unlabelled).toEqual([]);
  }, 180_000);
});
