// A province-key image: each province painted in one flat colour of its own. Decoded once into runs
// of one province along each row and the pixels where provinces touch, so drawing a turn fills runs
// and paints borders, with no colour search.
import { createHash } from 'node:crypto';
import sharp from 'sharp';

/** Pixel value for "no province": border lines, anti-aliasing, colours the map does not name. */
export const NO_PROVINCE = 0xffff;

export interface RgbImage {
  width: number;
  height: number;
  /** Three bytes a pixel, row by row. */
  rgb: Buffer;
}

export interface KeyIndex {
  width: number;
  height: number;
  provinces: string[];
  /** Pixels per province, by province number. */
  area: Uint32Array;
  /**
   * Runs of one province along a row (a run never crosses rows): first pixel, and the province
   * number (an index into `provinces`, or NO_PROVINCE). They number every pixel: `pixelsOf`.
   */
  runStart: Uint32Array;
  runProvince: Uint16Array;
  /**
   * Where provinces touch along a row: each run but a row's first touches the run before it. Where
   * they touch between rows, in segments: from pixel `seamStart[i]`, `seamLength[i]` pixels along
   * the row, each over the pixel below it, of another province (`seamAbove[i]`, `seamBelow[i]`).
   */
  seamStart: Uint32Array;
  seamLength: Uint32Array;
  seamAbove: Uint16Array;
  seamBelow: Uint16Array;
}

export async function decodeImage(png: Buffer): Promise<RgbImage> {
  const { data, info } = await sharp(png).removeAlpha().toColourspace('srgb').raw().toBuffer({ resolveWithObject: true });
  return { width: info.width, height: info.height, rgb: data };
}

interface RgbaImage {
  width: number;
  height: number;
  /** One little-endian RGBA word a pixel, signed: V8 compares 32-bit integers faster than numbers past 2^31. */
  words: Int32Array;
}

async function decodeRgba(png: Buffer): Promise<RgbaImage | RgbImage> {
  const { data, info } = await sharp(png).toColourspace('srgb').ensureAlpha(1).raw().toBuffer({ resolveWithObject: true });
  if (info.channels !== 4 || data.byteOffset % 4) return decodeImage(png);
  return { width: info.width, height: info.height, words: new Int32Array(data.buffer, data.byteOffset, info.width * info.height) };
}

export function hexKey(colour: string): number {
  return Number.parseInt(colour.replace('#', ''), 16);
}

export function keyHex(key: number): string {
  return `#${key.toString(16).padStart(6, '0')}`;
}

/** Every colour of the image with its pixel count. */
export function countColours(image: RgbImage): Map<number, number> {
  const counts = new Map<number, number>();
  const { rgb } = image;
  let last = -1;
  let run = 0;
  for (let i = 0; i < rgb.length; i += 3) {
    const key = (rgb[i] << 16) | (rgb[i + 1] << 8) | rgb[i + 2];
    if (key === last) {
      run++;
      continue;
    }
    if (last >= 0) counts.set(last, (counts.get(last) ?? 0) + run);
    last = key;
    run = 1;
  }
  if (last >= 0) counts.set(last, (counts.get(last) ?? 0) + run);
  return counts;
}

/** Numbers every pixel by the province whose key colour it has (`keys`: province id -> colour number). */
export function indexImage(image: RgbImage, keys: ReadonlyMap<string, number>): KeyIndex {
  const { width, height, rgb } = image;
  const words = new Int32Array(width * height);
  for (let p = 0, i = 0; p < words.length; p++, i += 3) words[p] = (rgb[i] << 16) | (rgb[i + 1] << 8) | rgb[i + 2];
  return indexWords(width, height, words, (word) => word, keys);
}

/** The same from four bytes a pixel (little-endian RGBA: red is the low byte), as decoded for drawing. */
function indexRgba(image: RgbaImage, keys: ReadonlyMap<string, number>): KeyIndex {
  return indexWords(image.width, image.height, image.words, (word) => ((word & 0xff) << 16) | (word & 0xff00) | ((word >>> 16) & 0xff), keys);
}

/**
 * Indexes an image of one word a pixel (`keyOf` reads a word's key colour). Key images are flat: a
 * colour is looked up once per run of it, in one loop with no call per pixel, and no per-pixel
 * province array is built (drawing a map needs only the runs and the borders).
 */
function indexWords(width: number, height: number, words: Int32Array, keyOf: (word: number) => number, keys: ReadonlyMap<string, number>): KeyIndex {
  const provinces = [...keys.keys()];
  const byColour = new Map<number, number>();
  provinces.forEach((id, n) => byColour.set(keys.get(id)!, n));
  if (provinces.length >= NO_PROVINCE) throw new RangeError(`A key image can hold at most ${NO_PROVINCE - 1} provinces.`);
  const runStart = new NumberList();
  const runProvince = new NumberList();
  // Not the first pixel's word, so that pixel is looked up.
  let lastWord = ~words[0];
  let lastProvince = NO_PROVINCE;
  for (let y = 0; y < height; y++) {
    const rowEnd = (y + 1) * width;
    let previous = -1;
    for (let p = y * width; p < rowEnd;) {
      const word = words[p];
      if (word !== lastWord) {
        lastWord = word;
        lastProvince = byColour.get(keyOf(word)) ?? NO_PROVINCE;
      }
      // Neighbouring colours of no province (anti-aliasing) make one run.
      if (lastProvince !== previous) {
        runStart.push(p);
        runProvince.push(lastProvince);
        previous = lastProvince;
      }
      for (p++; p < rowEnd && words[p] === word;) p++;
    }
  }
  const starts = runStart.toUint32();
  const owners = Uint16Array.from(runProvince.toUint32());
  const area = new Uint32Array(provinces.length);
  const total = width * height;
  for (let r = 0; r < starts.length; r++) if (owners[r] !== NO_PROVINCE) area[owners[r]] += (r + 1 < starts.length ? starts[r + 1] : total) - starts[r];
  return { width, height, provinces, area, runStart: starts, runProvince: owners, ...seamsFromRuns(width, height, starts, owners) };
}

/** The province number of every pixel, or NO_PROVINCE, row by row. */
export function pixelsOf(index: KeyIndex): Uint16Array {
  const { runStart, runProvince } = index;
  const pixels = new Uint16Array(index.width * index.height);
  for (let r = 0; r < runStart.length; r++) pixels.fill(runProvince[r], runStart[r], r + 1 < runStart.length ? runStart[r + 1] : pixels.length);
  return pixels;
}

/** Where each row's runs lie on the next row's runs of another province, found by walking the two rows' runs together. */
function seamsFromRuns(
  width: number,
  height: number,
  starts: Uint32Array,
  owners: Uint16Array,
): Pick<KeyIndex, 'seamStart' | 'seamLength' | 'seamAbove' | 'seamBelow'> {
  const seamStart = new NumberList();
  const seamLength = new NumberList();
  const seamAbove = new NumberList();
  const seamBelow = new NumberList();
  const rowFirst = new Uint32Array(height + 1);
  for (let r = 0, y = 0; y <= height; y++) {
    while (r < starts.length && starts[r] < y * width) r++;
    rowFirst[y] = r;
  }
  for (let y = 0; y + 1 < height; y++) {
    let a = rowFirst[y];
    let b = rowFirst[y + 1];
    let x = 0;
    while (x < width) {
      const aEnd = (a + 1 < rowFirst[y + 1] ? starts[a + 1] : (y + 1) * width) - y * width;
      const bEnd = (b + 1 < rowFirst[y + 2] ? starts[b + 1] : (y + 2) * width) - (y + 1) * width;
      const end = Math.min(aEnd, bEnd);
      if (owners[a] !== owners[b]) {
        seamStart.push(y * width + x);
        seamLength.push(end - x);
        seamAbove.push(owners[a]);
        seamBelow.push(owners[b]);
      }
      x = end;
      if (aEnd === end) a++;
      if (bEnd === end) b++;
    }
  }
  const sixteen = (list: NumberList) => Uint16Array.from(list.toUint32());
  return { seamStart: seamStart.toUint32(), seamLength: seamLength.toUint32(), seamAbove: sixteen(seamAbove), seamBelow: sixteen(seamBelow) };
}

/** A growing list of unsigned integers, without the cost of a JS array of numbers. */
class NumberList {
  private data = new Uint32Array(4096);
  private length = 0;

  push(value: number): void {
    if (this.length === this.data.length) {
      const bigger = new Uint32Array(this.data.length * 2);
      bigger.set(this.data);
      this.data = bigger;
    }
    this.data[this.length++] = value;
  }

  toUint32(): Uint32Array {
    return this.data.slice(0, this.length);
  }
}

/**
 * For each province, the pixel deepest inside it (farthest from its edge): where a label and units
 * fit even in a crescent-shaped province whose centroid lies outside it.
 */
export function deepestPoints(index: KeyIndex): Array<[number, number] | null> {
  const { width, height } = index;
  const pixels = pixelsOf(index);
  // Two-pass chamfer distance (3-4 weights) to the nearest pixel of another province.
  const dist = new Uint16Array(width * height);
  const far = 0xfff0;
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const p = y * width + x;
      const v = pixels[p];
      const edge =
        x === 0 ||
        y === 0 ||
        x === width - 1 ||
        y === height - 1 ||
        pixels[p - 1] !== v ||
        pixels[p + 1] !== v ||
        pixels[p - width] !== v ||
        pixels[p + width] !== v;
      dist[p] = edge ? 0 : far;
    }
  }
  for (let y = 1; y < height - 1; y++) {
    for (let x = 1; x < width - 1; x++) {
      const p = y * width + x;
      if (!dist[p]) continue;
      dist[p] = Math.min(dist[p], dist[p - 1] + 3, dist[p - width] + 3, dist[p - width - 1] + 4, dist[p - width + 1] + 4);
    }
  }
  for (let y = height - 2; y > 0; y--) {
    for (let x = width - 2; x > 0; x--) {
      const p = y * width + x;
      if (!dist[p]) continue;
      dist[p] = Math.min(dist[p], dist[p + 1] + 3, dist[p + width] + 3, dist[p + width + 1] + 4, dist[p + width - 1] + 4);
    }
  }
  const best = new Int32Array(index.provinces.length).fill(-1);
  const bestAt = new Int32Array(index.provinces.length).fill(-1);
  for (let p = 0; p < pixels.length; p++) {
    const v = pixels[p];
    if (v === NO_PROVINCE) continue;
    if (dist[p] > best[v]) {
      best[v] = dist[p];
      bestAt[v] = p;
    }
  }
  return [...bestAt].map((p) => (p < 0 ? null : [p % width, Math.floor(p / width)]));
}

/** Which provinces touch which, with the length of the border they share (in pixel edges). */
export function touchingProvinces(index: KeyIndex): Map<string, number> {
  const shared = new Map<string, number>();
  const { width, runStart, runProvince, seamStart, seamLength, seamAbove, seamBelow, provinces } = index;
  const add = (a: number, b: number, length: number) => {
    if (a === NO_PROVINCE || b === NO_PROVINCE) return;
    const pair = a < b ? `${provinces[a]}\n${provinces[b]}` : `${provinces[b]}\n${provinces[a]}`;
    shared.set(pair, (shared.get(pair) ?? 0) + length);
  };
  for (let r = 1; r < runStart.length; r++) if (runStart[r] % width) add(runProvince[r - 1], runProvince[r], 1);
  for (let i = 0; i < seamStart.length; i++) add(seamAbove[i], seamBelow[i], seamLength[i]);
  return shared;
}

// Indexing a 4096x3072 key takes a noticeable part of a render, and a game draws the same key every
// turn: keep the last few, by image content and key colours.
const cache = new Map<string, KeyIndex>();
const CACHE_SIZE = 4;

export async function cachedKeyIndex(png: Buffer, keys: ReadonlyMap<string, number>): Promise<KeyIndex> {
  const hash = createHash('sha1').update(png);
  for (const [id, key] of keys) hash.update(`${id}=${key};`);
  const digest = hash.digest('hex');
  const hit = cache.get(digest);
  if (hit) return hit;
  const image = await decodeRgba(png);
  const index = 'words' in image ? indexRgba(image, keys) : indexImage(image, keys);
  cache.set(digest, index);
  if (cache.size > CACHE_SIZE) cache.delete(cache.keys().next().value!);
  return index;
}
