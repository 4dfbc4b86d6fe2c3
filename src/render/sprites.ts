// Small SVG drawings rasterised together: every distinct mark of a map (a nation's army square, a
// fleet with two armies aboard, a town...) is drawn once on one sheet and stamped where needed.
import sharp from 'sharp';
import { svgDocument } from './svg-text.ts';

export interface Sprite {
  width: number;
  height: number;
  /** RGBA, not premultiplied. */
  rgba: Uint8Array;
}

export interface SpriteSpec {
  /** SVG elements drawn from (0, 0). */
  svg: string;
  width: number;
  height: number;
}

const SHEET_WIDTH = 2048;
const PAD = 2;

export async function renderSprites(specs: readonly SpriteSpec[]): Promise<Sprite[]> {
  if (!specs.length) return [];
  const cells: Array<{ x: number; y: number; w: number; h: number }> = [];
  let x = 0;
  let y = 0;
  let rowHeight = 0;
  for (const spec of specs) {
    // Strokes straddle a shape's edge: keep a margin so they are not clipped.
    const w = Math.ceil(spec.width) + 2 * PAD;
    const h = Math.ceil(spec.height) + 2 * PAD;
    if (x + w > SHEET_WIDTH && x > 0) {
      x = 0;
      y += rowHeight;
      rowHeight = 0;
    }
    cells.push({ x, y, w, h });
    x += w;
    rowHeight = Math.max(rowHeight, h);
  }
  const width = Math.min(SHEET_WIDTH, Math.max(...cells.map((c) => c.x + c.w)));
  const height = y + rowHeight;
  const body = specs.map((s, i) => `<g transform="translate(${cells[i].x + PAD} ${cells[i].y + PAD})">${s.svg}</g>`).join('');
  const { data } = await sharp(svgDocument(width, height, body))
    .ensureAlpha()
    .raw()
    .toBuffer({ resolveWithObject: true });
  return cells.map((c) => {
    const rgba = new Uint8Array(c.w * c.h * 4);
    for (let row = 0; row < c.h; row++) rgba.set(data.subarray(((c.y + row) * width + c.x) * 4, ((c.y + row) * width + c.x + c.w) * 4), row * c.w * 4);
    return { width: c.w, height: c.h, rgba };
  });
}

/** Where a sprite's drawing origin sits inside it. */
export const SPRITE_PAD = PAD;
