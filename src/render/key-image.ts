// A province-key image: each province painted in one flat colour of its own. Decoded once into a
// province number per pixel, so drawing a turn is an array lookup per pixel, not a colour search.
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
  /** Province number per pixel (an index into `provinces`), or NO_PROVINCE. */
  pixels: Uint16Array;
  provinces: string[];
  /** Pixels per province, by province number. */
  area: Uint32Array;
  /** Runs of one province along a row (a run never crosses rows): first pixel, and the province. */
  runStart: Uint32Array;
  runProvince: Uint16Array;
  /** Border pixels: `edgeFrom[i]` and `edgeTo[i]` are touching pixels (right or below) of different provinces. */
  edgeFrom: Uint32Array;
  edgeTo: Uint32Array;
}

export async function decodeImage(png: Buffer): Promise<RgbImage> {
  const { data, info } = await sharp(png).removeAlpha().toColourspace('srgb').raw().toBuffer({ resolveWithObject: true });
  return { width: info.width, height: info.height, rgb: data };
}

export function rgbKey(r: number, g: number, b: number): number {
  return (r << 16) | (g << 8) | b;
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
  const provinces = [...keys.keys()];
  const byColour = new Map<number, number>();
  provinces.forEach((id, n) => byColour.set(keys.get(id)!, n));
  if (provinces.length >= NO_PROVINCE) throw new RangeError(`A key image can hold at most ${NO_PROVINCE - 1} provinces.`);
  const pixels = new Uint16Array(width * height);
  const area = new Uint32Array(provinces.length);
  // Key images are flat, so runs of one colour are long: remember the last lookup.
  let lastKey = -1;
  let lastProvince = NO_PROVINCE;
  for (let p = 0, i = 0; p < pixels.length; p++, i += 3) {
    const key = (rgb[i] << 16) | (rgb[i + 1] << 8) | rgb[i + 2];
    if (key !== lastKey) {
      lastKey = key;
      lastProvince = byColour.get(key) ?? NO_PROVINCE;
    }
    pixels[p] = lastProvince;
    if (lastProvince !== NO_PROVINCE) area[lastProvince]++;
  }
  const runStart: number[] = [];
  const runProvince: number[] = [];
  for (let p = 0; p < pixels.length; p++) {
    if (p % width === 0 || pixels[p] !== pixels[p - 1]) {
      runStart.push(p);
      runProvince.push(pixels[p]);
    }
  }
  const from: number[] = [];
  const to: number[] = [];
  for (let y = 0; y < height; y++) {
    const row = y * width;
    for (let x = 0; x < width; x++) {
      const p = row + x;
      const here = pixels[p];
      if (x + 1 < width && pixels[p + 1] !== here) from.push(p), to.push(p + 1);
      if (y + 1 < height && pixels[p + width] !== here) from.push(p), to.push(p + width);
    }
  }
  return {
    width,
    height,
    pixels,
    provinces,
    area,
    runStart: Uint32Array.from(runStart),
    runProvince: Uint16Array.from(runProvince),
    edgeFrom: Uint32Array.from(from),
    edgeTo: Uint32Array.from(to),
  };
}

/**
 * For each province, the pixel deepest inside it (farthest from its edge): where a label and units
 * fit even in a crescent-shaped province whose centroid lies outside it.
 */
export function deepestPoints(index: KeyIndex): Array<[number, number] | null> {
  const { width, height, pixels } = index;
  // Two-pass chamfer distance (3-4 weights) to the nearest pixel of another province.
  const dist = new Uint16Array(width * height);
  const far = 0xfff0;
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const p = y * width + x;
      const v = pixels[p];
      const edge = x === 0 || y === 0 || x === width - 1 || y === height - 1 || pixels[p - 1] !== v || pixels[p + 1] !== v || pixels[p - width] !== v || pixels[p + width] !== v;
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
  const { pixels, edgeFrom, edgeTo, provinces } = index;
  for (let i = 0; i < edgeFrom.length; i++) {
    const a = pixels[edgeFrom[i]];
    const b = pixels[edgeTo[i]];
    if (a === NO_PROVINCE || b === NO_PROVINCE) continue;
    const pair = a < b ? `${provinces[a]}\n${provinces[b]}` : `${provinces[b]}\n${provinces[a]}`;
    shared.set(pair, (shared.get(pair) ?? 0) + 1);
  }
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
  const index = indexImage(await decodeImage(png), keys);
  cache.set(digest, index);
  if (cache.size > CACHE_SIZE) cache.delete(cache.keys().next().value!);
  return index;
}
