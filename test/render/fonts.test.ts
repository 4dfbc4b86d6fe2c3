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

  it('draws accented Latin, Greek, Cyrillic, Chinese, Japanese and Korean letters as their own glyphs, not boxes', async () => {
    // A missing glyph is drawn as a box: ink all around the edge of its extent. Real letters touch
    // their extent's edge only here and there. A Tamil sign no shipped font has is the control.
    const letters = ['é', 'ç', 'ő', 'λ', 'Ж', '京', '北', 'ソ', '서'];
    const bitmaps = await renderLines([...letters, '\u0bf5'], { size: 32 });
    const edgeInk = ({ width: w, height: h, alpha }: { width: number; height: number; alpha: Uint8Array }) => {
      let [x0, y0, x1, y1] = [w, h, -1, -1];
      for (let y = 0; y < h; y++)
        for (let x = 0; x < w; x++) if (alpha[y * w + x] > 128) [x0, y0, x1, y1] = [Math.min(x0, x), Math.min(y0, y), Math.max(x1, x), Math.max(y1, y)];
      const edge = [
        ...Array.from({ length: x1 - x0 + 1 }, (_, i) => [
          [x0 + i, y0],
          [x0 + i, y1],
        ]),
        ...Array.from({ length: y1 - y0 + 1 }, (_, i) => [
          [x0, y0 + i],
          [x1, y0 + i],
        ]),
      ].flat();
      return edge.filter(([x, y]) => alpha[y * w + x] > 128).length / edge.length;
    };
    expect(edgeInk(bitmaps[letters.length])).toBeGreaterThan(0.8);
    for (const [i, letter] of letters.entries()) expect(edgeInk(bitmaps[i]), letter).toBeLessThan(0.45);
  });

  it('cuts the labels after a Chinese one exactly as without it, though the fallback font is taller', async () => {
    const [before, , after] = await renderLines(['Paris', '東京', 'Paris'], { size: 20, halo: 1 });
    const [alone] = await renderLines(['Paris'], { size: 20, halo: 1 });
    for (const bitmap of [before, after]) {
      expect([bitmap.width, bitmap.height]).toEqual([alone.width, alone.height]);
      expect(Buffer.from(bitmap.alpha).equals(Buffer.from(alone.alpha))).toBe(true);
    }
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
