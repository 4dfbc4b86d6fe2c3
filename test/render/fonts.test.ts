// Labels are drawn with the shipped DejaVu Sans, never left to whatever the host has: a missing font
// draws every character as the same box, so real glyphs are told apart by their ink.
import { readFileSync } from 'node:fs';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { FONT_CONFIG_FILE, FONT_DIR } from '../../src/render/fonts.ts';
import { svgDocument } from '../../src/render/svg-text.ts';
import { renderLines } from '../../src/render/text-bitmaps.ts';

const ink = (alpha: Uint8Array) => alpha.reduce((sum, v) => sum + v, 0);

describe('fonts', () => {
  it('points fontconfig at the project fonts and nothing else', () => {
    expect(process.env.FONTCONFIG_FILE).toBe(FONT_CONFIG_FILE);
    const dirs = [...readFileSync(FONT_CONFIG_FILE, 'utf8').matchAll(/<dir>([^<]*)<\/dir>/g)].map((m) => m[1]);
    expect(dirs).toEqual([FONT_DIR]);
    expect(readFileSync(`${FONT_DIR}DejaVuSans.ttf`).subarray(0, 4)).toEqual(Buffer.from([0, 1, 0, 0]));
  });

  it('draws label text as real glyphs, not boxes', async () => {
    const [narrow, wide, missing] = await renderLines(['IIII', 'WWWW', '\ue000\ue000\ue000\ue000'], { size: 24 });
    expect(wide.width).toBeGreaterThan(narrow.width * 2);
    expect(ink(wide.alpha)).toBeGreaterThan(ink(narrow.alpha) * 1.5);
    // A character no font has is a box: it must not look like the letters.
    expect(Math.abs(ink(missing.alpha) - ink(narrow.alpha))).toBeGreaterThan(ink(narrow.alpha) * 0.2);
  });

  it('draws SVG text (the legend) with the same font', async () => {
    const inkOf = async (text: string) => {
      const svg = svgDocument(200, 50, `<rect width="200" height="50" fill="#fff"/><text x="4" y="36" font-size="30">${text}</text>`);
      const { data } = await sharp(svg).greyscale().raw().toBuffer({ resolveWithObject: true });
      return data.reduce((sum, v) => sum + (255 - v), 0);
    };
    expect(await inkOf('WWWW')).toBeGreaterThan((await inkOf('IIII')) * 2);
  });

  it('cuts each line of a long label list out whole, accents and descenders included', async () => {
    // A line starting with "j" reaches left of the others, which moves where pango crops the picture.
    const lines = Array.from({ length: 600 }, (_, i) => (i === 0 ? 'jolly' : i % 2 ? `Åge ${i}` : `gypsy ${i}`));
    const bitmaps = await renderLines(lines, { size: 12 });
    expect(bitmaps).toHaveLength(600);
    for (const b of bitmaps) {
      // Nothing of the line above or below is cut in: the first and last rows of each band are blank.
      expect(b.alpha.subarray(0, b.width).every((v) => v === 0)).toBe(true);
      expect(b.alpha.subarray(b.alpha.length - b.width).every((v) => v === 0)).toBe(true);
      expect(ink(b.alpha)).toBeGreaterThan(0);
    }
    expect(bitmaps[101].width).toBeGreaterThan(bitmaps[1].width);
  });
});
