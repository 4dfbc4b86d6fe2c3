// Labels as bitmaps, drawn by pango with the project's font. A big map has thousands of labels and
// an SVG <text> costs librsvg about half a millisecond each, so all labels of one size are laid out
// as the lines of ONE pango text and cut apart: extra line spacing leaves a gap between lines, and
// two full-block sentinel lines first pin where lines start and their pitch (pango crops its output
// to the ink, and adds the spacing to the font's own line height).
import { oneLine } from './escape.ts';
import { FONT_FAMILY } from './fonts.ts';
import sharp from 'sharp';

export interface TextBitmap {
  width: number;
  height: number;
  /** Ink coverage, 0 to 255, row by row. */
  alpha: Uint8Array;
  /** The ink grown by the halo radius (white outline for reading over any colour); absent without halo. */
  halo?: Uint8Array;
}

export interface TextStyle {
  /** Font size in pixels. */
  size: number;
  bold?: boolean;
  /** Halo radius in pixels (0 for none). */
  halo?: number;
}

const SENTINEL = '\u2588';
/** Cairo surfaces stop at 32767 pixels; stay well below. */
const MAX_TEXT_HEIGHT = 30_000;

/** Pango reads its text as markup: names are escaped, and put on one line (control codes dropped). */
const markup = (text: string) => oneLine(text).replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/** A game's map is drawn every turn with the same names: the bitmaps of the last few lists drawn are kept. */
const drawnLists = new Map<string, TextBitmap[]>();
const LISTS_KEPT = 4;

/** One bitmap per line, each trimmed left and right to its ink, all of the same height (baselines align). Shared: never changed. */
export async function renderLines(lines: readonly string[], style: TextStyle): Promise<TextBitmap[]> {
  const key = JSON.stringify([style.size, Boolean(style.bold), style.halo ?? 0, lines]);
  const bitmaps = drawnLists.get(key) ?? (await drawLines(lines, style));
  // Kept last: the list dropped is the one drawn least recently.
  drawnLists.delete(key);
  drawnLists.set(key, bitmaps);
  if (drawnLists.size > LISTS_KEPT) drawnLists.delete(drawnLists.keys().next().value!);
  return bitmaps;
}

async function drawLines(lines: readonly string[], style: TextStyle): Promise<TextBitmap[]> {
  // A line drawn with the fallback font (Chinese, Japanese, Korean...) is taller than DejaVu's and
  // would shift every line after it: such lines are drawn one by one, the rest together.
  const alone = lines.map((line) => OTHER_SCRIPT.test(line));
  if (alone.some(Boolean)) {
    const [together, apart] = await Promise.all([
      drawLines(
        lines.filter((_, i) => !alone[i]),
        style,
      ),
      Promise.all(lines.filter((_, i) => alone[i]).map((line) => renderAlone(line, style))),
    ]);
    let [t, a] = [0, 0];
    return alone.map((isAlone) => (isAlone ? apart[a++] : together[t++]));
  }
  // A generous bound on the pitch (the font's line height is about 1.2 em) sizes the chunks; a few
  // chunks of a long list are laid out in parallel, one per thread of sharp's pool.
  const fits = Math.max(1, Math.floor(MAX_TEXT_HEIGHT / (style.size * 2 + 4)) - 2);
  const perChunk = Math.min(fits, Math.max(200, Math.ceil(lines.length / 4)));
  const chunks: Array<Promise<TextBitmap[]>> = [];
  for (let i = 0; i < lines.length; i += perChunk) chunks.push(renderChunk(lines.slice(i, i + perChunk), style));
  return (await Promise.all(chunks)).flat();
}

/** Characters outside Latin, Greek, Cyrillic and common punctuation: DejaVu may lack them. */
// eslint-disable-next-line no-control-regex
const OTHER_SCRIPT = /[^\u0000-\u052f\u1e00-\u1fff\u2000-\u206f\u20a0-\u20cf\u2100-\u214f]/u;

async function renderAlone(line: string, style: TextStyle): Promise<TextBitmap> {
  const { data, info } = await sharp({ text: { text: markup(line).trim() || ' ', font: `${FONT_FAMILY}${style.bold ? ' Bold' : ''} ${style.size}`, dpi: 72 } })
    .extractChannel(0)
    .raw()
    .toBuffer({ resolveWithObject: true });
  return cut(data, info.width, info.height, 0, info.height, style.halo ?? 0);
}

async function renderChunk(lines: readonly string[], style: TextStyle): Promise<TextBitmap[]> {
  const text = [SENTINEL, SENTINEL, ...lines.map((l) => markup(l).trim() || ' ')].join('\n');
  const { data, info } = await sharp({
    text: { text, font: `${FONT_FAMILY}${style.bold ? ' Bold' : ''} ${style.size}`, dpi: 72, spacing: Math.ceil(style.size / 2) + 2 },
  })
    .extractChannel(0)
    .raw()
    .toBuffer({ resolveWithObject: true });
  const { width, height } = info;
  // The sentinels give the pitch, and where inside a pitch a line's ink sits (centred on the block).
  // Read them a little inside the first block's left edge: a later line may start further left ("j").
  const column = Math.min(width - 1, data.subarray(0, width).findIndex((v) => v > 0) + 2);
  let block = 0;
  while (block < height && data[block * width + column] > 0) block++;
  let pitch = block;
  while (pitch < height && !data[pitch * width + column]) pitch++;
  const gap = Math.max(0, Math.floor((pitch - block) / 2));
  const halo = style.halo ?? 0;
  return lines.map((_, n) => cut(data, width, height, (n + 2) * pitch - gap, pitch, halo));
}

function cut(data: Buffer, width: number, height: number, top: number, pitch: number, halo: number): TextBitmap {
  let left = width;
  let right = -1;
  // Each row is only searched beyond the ink already found.
  for (let y = Math.max(0, top); y < Math.min(height, top + pitch); y++) {
    const row = y * width;
    for (let x = 0; x < left; x++) {
      if (data[row + x]) {
        left = x;
        break;
      }
    }
    for (let x = width - 1; x > right; x--) {
      if (data[row + x]) {
        right = x;
        break;
      }
    }
  }
  if (right < 0) return { width: 0, height: 0, alpha: new Uint8Array(0), halo: halo ? new Uint8Array(0) : undefined };
  const w = right - left + 1 + 2 * halo;
  const h = pitch + 2 * halo;
  const alpha = new Uint8Array(w * h);
  for (let y = 0; y < pitch; y++) {
    const sy = top + y;
    if (sy < 0 || sy >= height) continue;
    alpha.set(data.subarray(sy * width + left, sy * width + right + 1), (y + halo) * w + halo);
  }
  return { width: w, height: h, alpha, halo: halo ? dilate(alpha, w, h, halo) : undefined };
}

/**
 * Grows ink by `radius` pixels (a square: a max filter along rows, then along columns). Each inked
 * pixel raises its neighbours rather than each pixel reading its own: most of a label is blank.
 */
export function dilate(alpha: Uint8Array, w: number, h: number, radius: number): Uint8Array {
  const rows = new Uint8Array(alpha.length);
  for (let y = 0; y < h; y++) {
    const row = y * w;
    for (let x = 0; x < w; x++) {
      const v = alpha[row + x];
      if (!v) continue;
      const end = row + Math.min(w - 1, x + radius);
      for (let p = row + Math.max(0, x - radius); p <= end; p++) if (rows[p] < v) rows[p] = v;
    }
  }
  const out = new Uint8Array(alpha.length);
  for (let y = 0; y < h; y++) {
    const start = Math.max(0, y - radius) * w;
    const end = Math.min(h - 1, y + radius) * w;
    for (let x = 0; x < w; x++) {
      const v = rows[y * w + x];
      if (!v) continue;
      for (let p = start + x; p <= end + x; p += w) if (out[p] < v) out[p] = v;
    }
  }
  return out;
}
