// The map's symbols, as the board NES document's "Map" section describes them: squares for armies
// (a count when several), circles for Towns, diamonds for Military Bases, crosses for Cities,
// coloured squares at sea for fleets with black squares attached for the armies aboard. One SVG
// definition each, used by the schematic map, the legend and the sprites of key-image maps, so
// every picture shows the same symbol.
import type { ProvinceFeature } from '../engine/index.ts';
import { MAP_COLOURS } from './palette.ts';

export type StructureSymbol = 'town' | 'military-base' | 'city' | 'supply-centre';

const f = (n: number) => Number(n.toFixed(2));

function stroke(size: number): number {
  return f(Math.max(1, size / 10));
}

/** An army stack: a square in the nation's colour; `width` grows for two-digit counts. */
export function armySvg(x: number, y: number, size: number, colour: string, width = size): string {
  const s = stroke(size);
  return `<rect x="${f(x + s / 2)}" y="${f(y + s / 2)}" width="${f(width - s)}" height="${f(size - s)}" fill="${colour}" stroke="#000" stroke-width="${s}"/>`;
}

/**
 * A fleet: the same coloured square (the document's "coloured squares at sea") with a white hull
 * line across its lower half, so a fleet in a coastal province is not taken for an army.
 */
export function fleetSvg(x: number, y: number, size: number, colour: string, width = size): string {
  const s = stroke(size);
  const hull = pathThrough([0.2, 0.6, 0.8, 0.6, 0.68, 0.8, 0.32, 0.8], (px, py) => [x + width * px, y + size * py]);
  return `${armySvg(x, y, size, colour, width)}<path d="${hull} Z" fill="#fff" stroke="#000" stroke-width="${f(s / 2)}"/>`;
}

/** Aircraft: the nation's square with a white plane seen from above (wings, fuselage, tail). */
export function aircraftSvg(x: number, y: number, size: number, colour: string, width = size): string {
  const s = stroke(size);
  const cx = x + width / 2;
  const plane = pathThrough(
    [
      -0.05, 0.12, 0.05, 0.12, 0.05, 0.38, 0.38, 0.52, 0.38, 0.6, 0.05, 0.54, 0.05, 0.74, 0.16, 0.82, 0.16, 0.88, -0.16, 0.88, -0.16, 0.82, -0.05, 0.74, -0.05,
      0.54, -0.38, 0.6, -0.38, 0.52, -0.05, 0.38,
    ],
    (px, py) => [cx + px * size, y + py * size],
  );
  return `${armySvg(x, y, size, colour, width)}<path d="${plane} Z" fill="#fff" stroke="#000" stroke-width="${f(s / 3)}"/>`;
}

/** An SVG path through the points of `flat` (x0, y0, x1, y1, ...), each placed on the picture by `at`. */
function pathThrough(flat: readonly number[], at: (px: number, py: number) => [number, number]): string {
  const steps: string[] = [];
  for (let i = 0; i < flat.length; i += 2) {
    const [px, py] = at(flat[i], flat[i + 1]);
    steps.push(`${i ? 'L' : 'M'}${f(px)} ${f(py)}`);
  }
  return steps.join(' ');
}

const BATTLEMENTS = [0.14, 0.86, 0.14, 0.2, 0.28, 0.2, 0.28, 0.32, 0.43, 0.32, 0.43, 0.2, 0.57, 0.2, 0.57, 0.32, 0.72, 0.32, 0.72, 0.2, 0.86, 0.2, 0.86, 0.86];

/**
 * A province's improvement, work or defence, as a small white tile: a skyline for an urbanized
 * province, a sawtooth factory for industry, an anchor for a port, a runway for an airbase, a flask
 * for a research lab, rails and ties for a railroad, waves for a canal, a star for a military
 * academy, battlements for fortification (its level is written on it by the caller; dashed when
 * mothballed). Points are fractions of the tile from its top left corner.
 */
export function featureSvg(kind: ProvinceFeature, x: number, y: number, size: number): string {
  const s = stroke(size);
  const p = (flat: readonly number[]) => pathThrough(flat, (px, py) => [x + px * size, y + py * size]);
  const tile = `<rect x="${f(x + s / 2)}" y="${f(y + s / 2)}" width="${f(size - s)}" height="${f(size - s)}" rx="${f(size * 0.15)}" fill="#fff" stroke="#000" stroke-width="${s}"/>`;
  const solid = (flat: readonly number[]) => `${tile}<path d="${p(flat)} Z" fill="#333"/>`;
  const lines = (paths: ReadonlyArray<readonly number[]>, w: number, colour = '#333') =>
    `<path d="${paths.map(p).join(' ')}" fill="none" stroke="${colour}" stroke-width="${f(w * size)}" stroke-linecap="round"/>`;
  switch (kind) {
    case 'urban':
      return solid([0.18, 0.82, 0.18, 0.45, 0.36, 0.45, 0.36, 0.25, 0.56, 0.25, 0.56, 0.5, 0.68, 0.5, 0.68, 0.38, 0.82, 0.38, 0.82, 0.82]);
    case 'industry':
      return solid([0.15, 0.82, 0.15, 0.5, 0.35, 0.36, 0.35, 0.5, 0.55, 0.36, 0.55, 0.5, 0.68, 0.42, 0.68, 0.18, 0.8, 0.18, 0.8, 0.82]);
    case 'port':
      return (
        tile +
        lines(
          [
            [0.5, 0.28, 0.5, 0.82],
            [0.34, 0.4, 0.66, 0.4],
            [0.22, 0.6, 0.3, 0.76, 0.5, 0.82, 0.7, 0.76, 0.78, 0.6],
          ],
          0.09,
        ) +
        `<circle cx="${f(x + size / 2)}" cy="${f(y + size * 0.22)}" r="${f(size * 0.07)}" fill="none" stroke="#333" stroke-width="${f(size * 0.07)}"/>`
      );
    case 'airbase': {
      const markings = [
        [0.5, 0.24, 0.5, 0.36],
        [0.5, 0.46, 0.5, 0.56],
        [0.5, 0.66, 0.5, 0.76],
      ];
      return solid([0.38, 0.14, 0.62, 0.14, 0.62, 0.86, 0.38, 0.86]) + lines(markings, 0.06, '#fff');
    }
    case 'lab':
      return solid([0.42, 0.16, 0.58, 0.16, 0.58, 0.42, 0.8, 0.82, 0.2, 0.82, 0.42, 0.42]);
    case 'railroad': {
      const rails = [0.38, 0.62].map((ry) => [0.14, ry, 0.86, ry]);
      return (
        tile +
        lines(rails, 0.07) +
        lines(
          [0.28, 0.5, 0.72].map((tx) => [tx, 0.26, tx, 0.74]),
          0.06,
        )
      );
    }
    case 'canal':
      return (
        tile +
        lines(
          [0.36, 0.64].map((wy) => [0.14, wy, 0.26, wy - 0.08, 0.38, wy, 0.5, wy - 0.08, 0.62, wy, 0.74, wy - 0.08, 0.86, wy]),
          0.07,
        )
      );
    case 'academy':
      // A five-pointed star.
      return solid(
        Array.from({ length: 10 }, (_, i) => {
          const r = i % 2 ? 0.16 : 0.38;
          const a = -Math.PI / 2 + (i * Math.PI) / 5;
          return [0.5 + r * Math.cos(a), 0.54 + r * Math.sin(a)];
        }).flat(),
      );
    case 'fortification':
      return solid(BATTLEMENTS);
    case 'mothballed-fortification':
      return (
        tile +
        `<path d="${p(BATTLEMENTS)} Z" fill="none" stroke="#333" stroke-width="${f(size * 0.07)}" stroke-dasharray="${f(size * 0.1)} ${f(size * 0.06)}"/>`
      );
  }
}

/** An army aboard a fleet: a small black square (wider for a count), attached to the fleet by the caller. */
export function boardedSvg(x: number, y: number, size: number, width = size): string {
  return `<rect x="${f(x)}" y="${f(y)}" width="${f(width)}" height="${f(size)}" fill="${MAP_COLOURS.boardedArmy}" stroke="#fff" stroke-width="${f(Math.max(0.5, size / 8))}"/>`;
}

export function structureSvg(kind: StructureSymbol, x: number, y: number, size: number): string {
  const s = stroke(size);
  const cx = x + size / 2;
  const cy = y + size / 2;
  const r = size / 2 - s;
  switch (kind) {
    case 'town':
      return `<circle cx="${f(cx)}" cy="${f(cy)}" r="${f(r * 0.85)}" fill="#fff" stroke="#000" stroke-width="${s}"/>`;
    case 'military-base':
      return `<path d="M${f(cx)} ${f(cy - r)} L${f(cx + r)} ${f(cy)} L${f(cx)} ${f(cy + r)} L${f(cx - r)} ${f(cy)} Z" fill="#fff" stroke="#000" stroke-width="${s}"/>`;
    case 'city': {
      // A cross, its arms 0.36 of the radius wide either side of the centre.
      const cross = [-0.36, -1, 0.36, -1, 0.36, -0.36, 1, -0.36, 1, 0.36, 0.36, 0.36, 0.36, 1, -0.36, 1, -0.36, 0.36, -1, 0.36, -1, -0.36, -0.36, -0.36];
      return `<path d="${pathThrough(cross, (px, py) => [cx + px * r, cy + py * r])} Z" fill="#fff" stroke="#000" stroke-width="${s}"/>`;
    }
    case 'supply-centre': {
      const star = Array.from({ length: 10 }, (_, i) => {
        const rr = i % 2 ? r * 0.42 : r;
        const angle = (Math.PI / 5) * i - Math.PI / 2;
        return [rr * Math.cos(angle), rr * Math.sin(angle)];
      }).flat();
      return `<path d="${pathThrough(star, (px, py) => [cx + px, cy + py])} Z" fill="#fff" stroke="#000" stroke-width="${s}"/>`;
    }
  }
}

/** Width of a stack's square: wider when its count has two digits or more. */
export function stackWidth(size: number, count: number): number {
  return count >= 10 ? Math.round(size * (1 + 0.45 * (String(count).length - 1))) : size;
}

export type EventSymbol = 'battle' | 'captured' | 'dislodged' | 'destroyed' | 'built' | 'disbanded' | 'structure';

/**
 * What happened in a province this turn, as a small round badge beside its name: crossed swords for
 * a battle, a flag for a capture, a broken square for a dislodged unit, a cross on black for a unit
 * destroyed, plus and minus for units built and disbanded, a roof for a structure built.
 */
export function eventSvg(kind: EventSymbol, x: number, y: number, size: number): string {
  const r = size / 2;
  const cx = x + r;
  const cy = y + r;
  const s = f(Math.max(1, size / 9));
  // Points are fractions of the radius from the badge's centre.
  const p = (flat: readonly number[]) => pathThrough(flat, (px, py) => [cx + px * r, cy + py * r]);
  const disc = (fill: string) => `<circle cx="${f(cx)}" cy="${f(cy)}" r="${f(r - s / 2)}" fill="${fill}" stroke="#000" stroke-width="${s}"/>`;
  const lines = (paths: ReadonlyArray<readonly number[]>, width: number, colour = '#fff') =>
    `<path d="${paths.map(p).join(' ')}" fill="none" stroke="${colour}" stroke-width="${f(size * width)}" stroke-linecap="round" stroke-linejoin="round"/>`;
  const cross = (a: number, width: number) =>
    lines(
      [
        [-a, -a, a, a],
        [a, -a, -a, a],
      ],
      width,
    );
  switch (kind) {
    case 'battle':
      return (
        disc('#b3261e') +
        cross(0.5, 0.14) +
        lines(
          [
            [-0.55, 0.2, -0.2, 0.55],
            [0.55, 0.2, 0.2, 0.55],
          ],
          0.1,
        )
      );
    case 'captured':
      return disc('#ffffff') + lines([[-0.35, 0.6, -0.35, -0.6]], 0.1, '#000') + `<path d="${p([-0.3, -0.6, 0.55, -0.3, -0.3, 0])} Z" fill="#b3261e"/>`;
    case 'dislodged':
      return (
        disc('#f2a900') +
        lines([[-0.45, -0.45, 0.45, -0.45, 0.45, 0.45, -0.45, 0.45, -0.45, -0.45]], 0.1, '#000') +
        lines([[-0.2, -0.6, 0.1, 0, -0.1, 0.1, 0.2, 0.6]], 0.12)
      );
    case 'destroyed':
      return disc('#111111') + cross(0.45, 0.16);
    case 'built':
      return (
        disc('#1e7b34') +
        lines(
          [
            [0, -0.55, 0, 0.55],
            [-0.55, 0, 0.55, 0],
          ],
          0.16,
        )
      );
    case 'disbanded':
      return disc('#555555') + lines([[-0.55, 0, 0.55, 0]], 0.16);
    case 'structure':
      return disc('#1f5fbf') + `<path d="${p([0, -0.6, 0.6, 0, 0.35, 0, 0.35, 0.5, -0.35, 0.5, -0.35, 0, -0.6, 0])} Z" fill="#fff"/>`;
  }
}
