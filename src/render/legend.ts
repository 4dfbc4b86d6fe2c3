// The legend beside every map: title, turn and date, each nation's colour, and the symbols.
// A sidebar, not an inset, so it never hides a province.
import { FONT_FAMILY } from './fonts.ts';
import type { MapScene } from './map-scene.ts';
import { arrowShape } from './arrow-shapes.ts';
import type { ProvinceFeature } from '../engine/index.ts';
import { aircraftSvg, armySvg, boardedSvg, eventSvg, featureSvg, fleetSvg, structureSvg, type EventSymbol, type StructureSymbol } from './map-symbols.ts';
import { haloOf, shapeSvg, turnKeys } from './turn-drawing.ts';
import { featuresShown, shapesShown, structuresShown } from './map-scene.ts';
import { inkOn, MAP_COLOURS, tint } from './palette.ts';
import { xml } from './svg-text.ts';

export interface Legend {
  width: number;
  height: number;
  /** SVG elements, drawn from (0, 0). */
  body: string;
}

const STRUCTURE_WORDS: Record<StructureSymbol, string> = {
  town: 'Town',
  'military-base': 'Military Base',
  city: 'City',
  'supply-centre': 'Supply centre',
};

const FEATURE_WORDS: Record<ProvinceFeature, string> = {
  urban: 'Urbanized',
  industry: 'Industrialized',
  port: 'Port',
  airbase: 'Airbase',
  lab: 'Research lab',
  railroad: 'Railroad',
  canal: 'Canal',
  academy: 'Military academy',
  fortification: 'Fortified (its level)',
  'mothballed-fortification': 'Fortification, mothballed',
};

const EVENT_WORDS: Record<EventSymbol, string> = {
  battle: 'Battle',
  captured: 'Province taken',
  dislodged: 'Unit dislodged',
  destroyed: 'Unit destroyed',
  built: 'Units built or bought',
  disbanded: 'Units disbanded',
  structure: 'Structure built',
};

const ARROW_WORDS = { move: 'Move', support: 'Support', convoy: 'Convoy', retreat: 'Retreat' } as const;
/** A failed arrow is dashed and barred where it stopped; the words say what that means for its kind. */
const FAILED_WORDS = {
  move: 'Move that bounced or failed',
  support: 'Support cut or failed',
  convoy: 'Convoy that failed',
  retreat: 'Retreat that failed',
} as const;

/** Territory is painted a little lighter than the nation's colour, so its units stand out on it. */
export const TERRITORY_TINT = 0.3;

/** `lanes`: the schematic map's border lines are explained too. */
export function buildLegend(scene: MapScene, scale: number, lanes = false): Legend {
  const u = (n: number) => Math.round(n * scale * 10) / 10;
  const width = Math.ceil(u(260));
  const pad = u(14);
  const text = u(13);
  const sym = u(16);
  const row = u(24);
  const parts: string[] = [`<rect x="0" y="0" width="${width}" height="100%" fill="${MAP_COLOURS.background}"/>`];
  let y = pad;
  const line = (content: string, size: number, bold = false) => {
    parts.push(
      `<text x="${pad}" y="${y + size}" font-family="${FONT_FAMILY}" font-size="${size}"${bold ? ' font-weight="bold"' : ''} fill="#111">${xml(content)}</text>`,
    );
    y += size * 1.35;
  };
  for (const part of wrap(scene.title, width - 2 * pad, u(18))) line(part, u(18), true);
  for (const part of wrap(scene.caption, width - 2 * pad, text)) line(part, text);
  y += u(8);
  line('Nations', u(14), true);
  for (const nation of scene.nations.filter((n) => n.inGame)) {
    const x = pad;
    parts.push(
      `<rect x="${x}" y="${y}" width="${u(30)}" height="${sym}" fill="${tint(nation.colour, TERRITORY_TINT)}" stroke="${MAP_COLOURS.border}" stroke-width="${u(1)}"/>`,
    );
    parts.push(armySvg(x + u(7), y + u(2), sym - u(4), nation.colour));
    const name = wrap(nation.name, width - 2 * pad - u(38), text)[0];
    parts.push(`<text x="${x + u(38)}" y="${y + sym * 0.8}" font-family="${FONT_FAMILY}" font-size="${text}" fill="#111">${xml(name)}</text>`);
    y += row;
  }
  y += u(8);
  line('Symbols', u(14), true);
  const grey = '#9a9a9a';
  const entry = (symbol: string, words: string) => {
    parts.push(symbol);
    parts.push(`<text x="${pad + u(50)}" y="${y + sym * 0.8}" font-family="${FONT_FAMILY}" font-size="${text}" fill="#111">${xml(words)}</text>`);
    y += row;
  };
  entry(
    `${armySvg(pad, y, sym, grey)}<text x="${pad + sym / 2}" y="${y + sym * 0.78}" text-anchor="middle" font-family="${FONT_FAMILY}" font-weight="bold" font-size="${u(11)}" fill="${inkOn(grey)}">3</text>`,
    'Armies (3 of them)',
  );
  entry(fleetSvg(pad, y, sym, grey), 'Fleet');
  entry(
    `${fleetSvg(pad, y, sym, grey)}${boardedSvg(pad + sym, y + sym * 0.05, sym * 0.42)}${boardedSvg(pad + sym, y + sym * 0.53, sym * 0.42)}`,
    'Fleet, 2 armies aboard',
  );
  if (shapesShown(scene).includes('aircraft')) entry(aircraftSvg(pad, y, sym, grey), 'Aircraft');
  for (const kind of structuresShown(scene)) entry(structureSvg(kind, pad, y, sym), STRUCTURE_WORDS[kind]);
  for (const kind of featuresShown(scene)) entry(featureSvg(kind, pad, y, sym), scene.featureWords[kind] ?? FEATURE_WORDS[kind]);
  entry(
    `<rect x="${pad}" y="${y}" width="${u(30)}" height="${sym}" fill="${MAP_COLOURS.unclaimedLand}" stroke="${MAP_COLOURS.border}" stroke-width="${u(1)}"/>`,
    'Unclaimed land',
  );
  entry(`<rect x="${pad}" y="${y}" width="${u(30)}" height="${sym}" fill="${MAP_COLOURS.sea}" stroke="${MAP_COLOURS.coast}" stroke-width="${u(1)}"/>`, 'Sea');
  const turn = turnKeys(scene);
  if (turn.arrows.length || turn.events.length) {
    y += u(8);
    line('This turn', u(14), true);
    for (const a of turn.arrows) {
      const shape = arrowShape(a.kind, [pad, y + sym / 2], [pad + u(40), y + sym / 2], a.ok, sym, 0);
      entry(shape ? shapeSvg(shape, '#555555', haloOf(a)) : '', a.ok ? ARROW_WORDS[a.kind] : FAILED_WORDS[a.kind]);
    }
    for (const e of turn.events) entry(eventSvg(e, pad, y, sym), EVENT_WORDS[e]);
  }
  if (lanes) {
    entry(
      `<line x1="${pad}" y1="${y + sym / 2}" x2="${pad + u(30)}" y2="${y + sym / 2}" stroke="${MAP_COLOURS.border}" stroke-width="${u(2)}"/>`,
      'Border armies cross',
    );
    entry(
      `<line x1="${pad}" y1="${y + sym / 2}" x2="${pad + u(30)}" y2="${y + sym / 2}" stroke="${MAP_COLOURS.coast}" stroke-width="${u(2)}" stroke-dasharray="${u(7)} ${u(5)}"/>`,
      'Fleets only',
    );
  }
  return { width, height: Math.ceil(y + pad), body: parts.join('') };
}

/** Splits text into lines that fit `width` (estimated: DejaVu Sans averages about 0.6 em a character). */
export function wrap(text: string, width: number, size: number): string[] {
  const max = Math.max(4, Math.floor(width / (size * 0.6)));
  const lines: string[] = [];
  let current = '';
  for (const word of text.split(/\s+/).filter(Boolean)) {
    const next = current ? `${current} ${word}` : word;
    if (next.length <= max) current = next;
    else {
      if (current) lines.push(current);
      current = word.length > max ? `${word.slice(0, max - 1)}…` : word;
    }
  }
  if (current) lines.push(current);
  return lines.length ? lines : [''];
}
