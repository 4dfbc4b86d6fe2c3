// Where a province's symbols go: its structure, then one symbol per unit stack, in rows centred
// under the label. Each mark is an SVG drawn from (0, 0) so key-image maps can rasterise each
// distinct mark once and stamp it, and schematic maps can place it with a transform.
import type { SceneProvince } from './map-scene.ts';
import { aircraftSvg, armySvg, boardedSvg, featureSvg, fleetSvg, stackWidth, structureSvg } from './map-symbols.ts';
import { inkOn } from './palette.ts';

export interface MarkText {
  text: string;
  colour: string;
  /** Centre of the text, relative to the mark's top-left corner. */
  cx: number;
  cy: number;
}

export interface Mark {
  svg: string;
  width: number;
  height: number;
  /** Top-left corner relative to the centre of the first row. */
  x: number;
  y: number;
  texts: MarkText[];
  /** For a unit stack: whose and of what type, for the nation map's data attributes. */
  unit?: { nation: string; type: string; own: boolean };
  /** How far the mark reaches past its row on every side (an own stack's halo). */
  pad?: number;
}

export interface MarkBlock {
  width: number;
  height: number;
  marks: Mark[];
}

const PER_ROW = 4;
/** A fleet shows each boarded army as its own small square up to a fleet's usual load. */
const BOARDED_SHOWN = 4;

/** The same few marks recur all over a map (a nation's army, a town): each is written once, as writing one formats many numbers. */
const written = new Map<string, string>();

function once(key: string, write: () => string): string {
  let svg = written.get(key);
  if (svg === undefined) {
    if (written.size >= 10_000) written.clear();
    written.set(key, (svg = write()));
  }
  return svg;
}

export function provinceMarks(province: SceneProvince, colours: ReadonlyMap<string, string>, size: number): MarkBlock {
  // Made with all their fields and placed in their rows below, not copied there with a spread: a big
  // map makes thousands of marks, and spreading objects of several shapes is slow.
  const items: Mark[] = [];
  const { structure } = province;
  if (structure)
    items.push({ svg: once(`structure ${structure} ${size}`, () => structureSvg(structure, 0, 0, size)), width: size, height: size, x: 0, y: 0, texts: [] });
  for (const { feature, level } of province.features) {
    // A level is written in the wall's white gap, below the battlements.
    const texts: MarkText[] = level !== undefined ? [{ text: String(level), colour: '#ffffff', cx: size / 2, cy: size * 0.6 }] : [];
    items.push({ svg: once(`feature ${feature} ${size}`, () => featureSvg(feature, 0, 0, size)), width: size, height: size, x: 0, y: 0, texts });
  }
  for (const stack of province.stacks) {
    const colour = colours.get(stack.nation) ?? '#888888';
    const width = stackWidth(size, stack.count);
    const texts: MarkText[] = stack.count > 1 ? [{ text: String(stack.count), colour: inkOn(colour), cx: width / 2, cy: size / 2 }] : [];
    const key = `${stack.shape} ${size} ${colour} ${width}`;
    const unit = { nation: stack.nation, type: stack.type, own: stack.own === true };
    if (stack.shape !== 'fleet') {
      const draw = stack.shape === 'aircraft' ? aircraftSvg : armySvg;
      items.push(haloed({ svg: once(key, () => draw(0, 0, size, colour, width)), width, height: size, x: 0, y: 0, texts, unit }, colour, size));
      continue;
    }
    let svg = once(key, () => fleetSvg(0, 0, size, colour, width));
    let total = width;
    if (stack.boarded > 0 && stack.boarded <= BOARDED_SHOWN && stack.count === 1) {
      const small = Math.round(size * 0.45);
      for (let i = 0; i < stack.boarded; i++) svg += boardedSvg(width + Math.floor(i / 2) * small, (i % 2) * small + size * 0.05, small);
      total += Math.ceil(stack.boarded / 2) * small;
    } else if (stack.boarded > 0) {
      const big = Math.round(size * 0.75);
      const boxWidth = stackWidth(big, stack.boarded);
      svg += boardedSvg(width, (size - big) / 2, big, boxWidth);
      texts.push({ text: String(stack.boarded), colour: '#ffffff', cx: width + boxWidth / 2, cy: size / 2 });
      total += boxWidth;
    }
    items.push(haloed({ svg, width: total, height: size, x: 0, y: 0, texts, unit }, colour, size));
  }
  const gap = Math.max(2, Math.round(size * 0.25));
  let width = 0;
  const rows = Math.ceil(items.length / PER_ROW);
  for (let r = 0; r < rows; r++) {
    const [first, end] = [r * PER_ROW, Math.min(items.length, (r + 1) * PER_ROW)];
    let rowWidth = 0;
    for (let i = first; i < end; i++) rowWidth += items[i].width;
    rowWidth += gap * (end - first - 1);
    width = Math.max(width, rowWidth);
    let x = -rowWidth / 2;
    for (let i = first; i < end; i++) {
      const item = items[i];
      // A halo reaches above and below its row, and takes room beside it.
      item.x = Math.round(x);
      item.y = Math.round(r * (size + gap) - size / 2 - (item.pad ?? 0));
      x += item.width + gap;
    }
  }
  return { width, height: rows ? rows * size + (rows - 1) * gap : 0, marks: items };
}

/** An own stack (the nation's private map) inside a halo of its colour, ringed in white and black so it reads on any ground. */
function haloed(item: Mark, colour: string, size: number): Mark {
  if (!item.unit?.own) return item;
  const pad = Math.max(3, Math.round(size * 0.22));
  const [w, h] = [item.width + 2 * pad, item.height + 2 * pad];
  const ring = (inset: number, fill: string) =>
    `<rect x="${inset}" y="${inset}" width="${w - 2 * inset}" height="${h - 2 * inset}" rx="${Math.max(1, pad - inset)}" fill="${fill}"/>`;
  const svg = once(
    `own ${size} ${colour} ${item.width} ${item.svg}`,
    () => `${ring(0, '#000')}${ring(1, colour)}${ring(pad - 1.5, '#fff')}<g transform="translate(${pad} ${pad})">${item.svg}</g>`,
  );
  return { ...item, svg, width: w, height: h, pad, texts: item.texts.map((t) => ({ ...t, cx: t.cx + pad, cy: t.cy + pad })) };
}
