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

/** Paints one pixel at byte `o` with coverage `a` (1 to 255) of a colour. */
function blend(data: Uint8Array, o: number, a: number, r: number, g: number, b: number): void {
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

/**
 * The pixels of the last canvas encoded. A game's map is drawn every turn at the same size: fresh
 * memory that big is faulted in page by page by the kernel, which costs more than painting it.
 */
let spare: Buffer | undefined;

export class Canvas {
  readonly data: Buffer;
  readonly words: Uint32Array;

  /** Without a background the pixels start undefined: for a caller that paints every one of them. */
  constructor(
    readonly width: number,
    readonly height: number,
    background?: Rgb,
  ) {
    const reused = spare?.length === width * height * 4 ? spare : undefined;
    if (reused) spare = undefined;
    this.data = reused ?? Buffer.allocUnsafe(width * height * 4);
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
    const n = points.length;
    // Math.min and Math.max, not comparisons: a NaN corner leaves the polygon undrawn.
    let minY = Infinity;
    let maxY = -Infinity;
    for (let i = 0; i < n; i++) {
      minY = Math.min(minY, points[i][1]);
      maxY = Math.max(maxY, points[i][1]);
    }
    const top = Math.max(0, Math.ceil(minY - 0.5));
    const bottom = Math.min(this.height - 1, Math.floor(maxY - 0.5));
    const { words, width } = this;
    for (let y = top; y <= bottom; y++) {
      const cy = y + 0.5;
      let left = Infinity;
      let right = -Infinity;
      // Plain locals, no destructuring: this runs for every edge of every row of thousands of polygons.
      for (let i = 0; i < n; i++) {
        const a = points[i];
        const b = points[i + 1 === n ? 0 : i + 1];
        const y0 = a[1];
        const y1 = b[1];
        if ((cy < y0 && cy < y1) || (cy > y0 && cy > y1) || y0 === y1) continue;
        const x = a[0] + ((cy - y0) / (y1 - y0)) * (b[0] - a[0]);
        left = Math.min(left, x);
        right = Math.max(right, x);
      }
      const start = y * width + Math.max(0, Math.round(left));
      const end = y * width + Math.min(width, Math.round(right));
      // Most spans are a few pixels (dashes, rings): a loop costs less than a call to fill.
      if (end - start > 16) words.fill(word, start, end);
      else for (let p = start; p < end; p++) words[p] = word;
    }
  }

  /**
   * Paints `colour` through a coverage mask (0 to 255) whose top-left corner goes at (x, y); `under`,
   * a mask of the same size (a name's halo), is painted first, in the same pass over the pixels.
   */
  blendMask(mask: Uint8Array, mw: number, mh: number, x: number, y: number, [r, g, b]: Rgb, under?: { mask: Uint8Array; colour: Rgb }): void {
    const { data, width } = this;
    const halo = under?.mask;
    const [hr, hg, hb] = under?.colour ?? [r, g, b];
    const mx0 = Math.max(0, -x);
    const mx1 = Math.min(mw, width - x);
    const my1 = Math.min(mh, this.height - y);
    for (let my = Math.max(0, -y); my < my1; my++) {
      let m = my * mw + mx0;
      let o = ((y + my) * width + x + mx0) * 4;
      for (let mx = mx0; mx < mx1; mx++, m++, o += 4) {
        if (halo && halo[m]) blend(data, o, halo[m], hr, hg, hb);
        if (mask[m]) blend(data, o, mask[m], r, g, b);
      }
    }
  }

  /** Paints an RGBA image (not premultiplied) over the canvas with its top-left corner at (x, y). */
  drawImage(image: Uint8Array, iw: number, ih: number, x: number, y: number): void {
    const { data, width } = this;
    const ix0 = Math.max(0, -x);
    const ix1 = Math.min(iw, width - x);
    const iy1 = Math.min(ih, this.height - y);
    for (let iy = Math.max(0, -y); iy < iy1; iy++) {
      let s = (iy * iw + ix0) * 4;
      let o = ((y + iy) * width + x + ix0) * 4;
      for (let ix = ix0; ix < ix1; ix++, s += 4, o += 4) {
        if (image[s + 3]) blend(data, o, image[s + 3], image[s], image[s + 1], image[s + 2]);
      }
    }
  }

  /** Copies an opaque RGBA image (from `rasterise`) onto the canvas with its top-left corner at (left, top). */
  paste(image: RawImage, left: number, top: number): void {
    const span = Math.min(image.width, this.width - left) * 4;
    for (let y = 0; y < Math.min(image.height, this.height - top); y++) {
      image.rgba.copy(this.data, ((top + y) * this.width + left) * 4, y * image.width * 4, y * image.width * 4 + span);
    }
  }

  /** The picture as PNG. The canvas's last use: its pixels go to the next canvas. */
  async toPng(): Promise<Buffer> {
    const png = await sharp(this.data, { raw: { width: this.width, height: this.height, channels: 4 } })
      .removeAlpha()
      .png({ compressionLevel: 2, adaptiveFiltering: false })
      .toBuffer();
    spare = this.data;
    return png;
  }
}

export interface RawImage {
  width: number;
  height: number;
  /** RGBA, opaque. */
  rgba: Buffer;
}

/**
 * An SVG drawn as opaque RGBA pixels, over `background`: started early, it is drawn (and flattened)
 * by sharp's threads while this one paints, and then only copied onto the canvas.
 */
export async function rasterise(svg: Buffer, background: string): Promise<RawImage> {
  const { data, info } = await sharp(svg).flatten({ background }).ensureAlpha(1).raw().toBuffer({ resolveWithObject: true });
  return { width: info.width, height: info.height, rgba: data };
}
