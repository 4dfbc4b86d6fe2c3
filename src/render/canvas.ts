// A plain RGBA pixel buffer with the few drawing operations a map needs. Drawing into memory in JS
// is far faster than asking librsvg to rasterise thousands of small shapes on a large canvas.
import sharp from 'sharp';
import { parseHex } from './palette.ts';

export type Rgb = readonly [number, number, number];

export function rgb(colour: string): Rgb {
  return parseHex(colour);
}

/** The pixel as one little-endian 32-bit word (R in the low byte), opaque. */
export function packRgb([r, g, b]: Rgb): number {
  return ((255 << 24) | (b << 16) | (g << 8) | r) >>> 0;
}

export class Canvas {
  readonly data: Buffer;
  readonly words: Uint32Array;

  /** Without a background the pixels start undefined: for a caller that paints every one of them. */
  constructor(
    readonly width: number,
    readonly height: number,
    background?: Rgb,
  ) {
    this.data = Buffer.allocUnsafe(width * height * 4);
    this.words = new Uint32Array(this.data.buffer, this.data.byteOffset, width * height);
    if (background) this.words.fill(packRgb(background));
  }

  fillRect(x: number, y: number, w: number, h: number, colour: Rgb): void {
    const word = packRgb(colour);
    const x0 = Math.max(0, Math.round(x));
    const x1 = Math.min(this.width, Math.round(x + w));
    for (let yy = Math.max(0, Math.round(y)); yy < Math.min(this.height, Math.round(y + h)); yy++) {
      this.words.fill(word, yy * this.width + x0, yy * this.width + x1);
    }
  }

  /** Fills a convex polygon (arrows of a turn), one span per pixel row. */
  fillConvex(points: ReadonlyArray<readonly [number, number]>, colour: Rgb): void {
    const word = packRgb(colour);
    const ys = points.map((p) => p[1]);
    const top = Math.max(0, Math.ceil(Math.min(...ys) - 0.5));
    const bottom = Math.min(this.height - 1, Math.floor(Math.max(...ys) - 0.5));
    for (let y = top; y <= bottom; y++) {
      const cy = y + 0.5;
      let left = Infinity;
      let right = -Infinity;
      for (let i = 0; i < points.length; i++) {
        const [x0, y0] = points[i];
        const [x1, y1] = points[(i + 1) % points.length];
        if ((cy < y0 && cy < y1) || (cy > y0 && cy > y1) || y0 === y1) continue;
        const x = x0 + ((cy - y0) / (y1 - y0)) * (x1 - x0);
        left = Math.min(left, x);
        right = Math.max(right, x);
      }
      const x0 = Math.max(0, Math.round(left));
      const x1 = Math.min(this.width, Math.round(right));
      if (x1 > x0) this.words.fill(word, y * this.width + x0, y * this.width + x1);
    }
  }

  /** Paints `colour` through a coverage mask (0 to 255) whose top-left corner goes at (x, y). */
  blendMask(mask: Uint8Array, mw: number, mh: number, x: number, y: number, [r, g, b]: Rgb): void {
    const { data, width, height } = this;
    for (let my = 0; my < mh; my++) {
      const yy = y + my;
      if (yy < 0 || yy >= height) continue;
      for (let mx = 0; mx < mw; mx++) {
        const a = mask[my * mw + mx];
        const xx = x + mx;
        if (!a || xx < 0 || xx >= width) continue;
        const o = (yy * width + xx) * 4;
        if (a === 255) {
          data[o] = r;
          data[o + 1] = g;
          data[o + 2] = b;
        } else {
          data[o] += ((r - data[o]) * a) / 255;
          data[o + 1] += ((g - data[o + 1]) * a) / 255;
          data[o + 2] += ((b - data[o + 2]) * a) / 255;
        }
      }
    }
  }

  /** Paints an RGBA image (not premultiplied) over the canvas with its top-left corner at (x, y). */
  drawImage(image: Uint8Array, iw: number, ih: number, x: number, y: number): void {
    const { data, width, height } = this;
    for (let iy = 0; iy < ih; iy++) {
      const yy = y + iy;
      if (yy < 0 || yy >= height) continue;
      for (let ix = 0; ix < iw; ix++) {
        const s = (iy * iw + ix) * 4;
        const a = image[s + 3];
        const xx = x + ix;
        if (!a || xx < 0 || xx >= width) continue;
        const o = (yy * width + xx) * 4;
        for (let c = 0; c < 3; c++) data[o + c] = a === 255 ? image[s + c] : data[o + c] + ((image[s + c] - data[o + c]) * a) / 255;
      }
    }
  }

  /** The picture as PNG, with `overlays` (SVG or PNG buffers at a position) composited on top. */
  async toPng(overlays: Array<{ input: Buffer; left: number; top: number }> = []): Promise<Buffer> {
    return sharp(this.data, { raw: { width: this.width, height: this.height, channels: 4 } })
      .composite(overlays)
      .removeAlpha()
      .png({ compressionLevel: 2, adaptiveFiltering: false })
      .toBuffer();
  }
}
