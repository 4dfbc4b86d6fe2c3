// The map's symbols, as the board NES document's "Map" section describes them: squares for armies
// (a count when several), circles for Towns, diamonds for Military Bases, crosses for Cities,
// coloured squares at sea for fleets with black squares attached for the armies aboard. One SVG
// definition each, used by the schematic map, the legend and the sprites of key-image maps, so
// every picture shows the same symbol.
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
  const hull = `M${f(x + width * 0.2)} ${f(y + size * 0.6)} L${f(x + width * 0.8)} ${f(y + size * 0.6)} L${f(x + width * 0.68)} ${f(y + size * 0.8)} L${f(x + width * 0.32)} ${f(y + size * 0.8)} Z`;
  return `${armySvg(x, y, size, colour, width)}<path d="${hull}" fill="#fff" stroke="#000" stroke-width="${f(s / 2)}"/>`;
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
      const a = r * 0.36;
      const d = [
        [cx - a, cy - r], [cx + a, cy - r], [cx + a, cy - a], [cx + r, cy - a], [cx + r, cy + a], [cx + a, cy + a],
        [cx + a, cy + r], [cx - a, cy + r], [cx - a, cy + a], [cx - r, cy + a], [cx - r, cy - a], [cx - a, cy - a],
      ].map(([px, py], i) => `${i ? 'L' : 'M'}${f(px)} ${f(py)}`).join(' ');
      return `<path d="${d} Z" fill="#fff" stroke="#000" stroke-width="${s}"/>`;
    }
    case 'supply-centre': {
      const points = Array.from({ length: 10 }, (_, i) => {
        const rr = i % 2 ? r * 0.42 : r;
        const angle = (Math.PI / 5) * i - Math.PI / 2;
        return `${i ? 'L' : 'M'}${f(cx + rr * Math.cos(angle))} ${f(cy + rr * Math.sin(angle))}`;
      });
      return `<path d="${points.join(' ')} Z" fill="#fff" stroke="#000" stroke-width="${s}"/>`;
    }
  }
}

/** A box for a province's feature keys ("PFR"), white with a thin border; the caller writes the keys in it. */
export function featureBoxSvg(x: number, y: number, size: number, width = size): string {
  const s = f(Math.max(1, size / 14));
  return `<rect x="${f(x + s / 2)}" y="${f(y + size * 0.1)}" width="${f(width - s)}" height="${f(size * 0.8)}" rx="${f(size * 0.15)}" fill="#fff" stroke="#000" stroke-width="${s}"/>`;
}

/** Width of a feature box holding `keys` characters. */
export function featureBoxWidth(size: number, keys: number): number {
  return Math.max(size, Math.round(size * (0.3 + 0.62 * keys)));
}

/** Width of a stack's square: wider when its count has two digits or more. */
export function stackWidth(size: number, count: number): number {
  return count >= 10 ? Math.round(size * (1 + 0.45 * (String(count).length - 1))) : size;
}

export type EventSymbol = 'battle' | 'captured' | 'dislodged' | 'built' | 'disbanded' | 'structure';

/**
 * What happened in a province this turn, as a small round badge beside its name: crossed swords for
 * a battle, a flag for a capture, a broken square for a dislodged unit, plus and minus for units
 * built and disbanded, a roof for a structure built.
 */
export function eventSvg(kind: EventSymbol, x: number, y: number, size: number): string {
  const r = size / 2;
  const cx = x + r;
  const cy = y + r;
  const s = f(Math.max(1, size / 9));
  const p = (points: Array<[number, number]>) => points.map(([px, py], i) => `${i ? 'L' : 'M'}${f(cx + px * r)} ${f(cy + py * r)}`).join(' ');
  const disc = (fill: string) => `<circle cx="${f(cx)}" cy="${f(cy)}" r="${f(r - s / 2)}" fill="${fill}" stroke="#000" stroke-width="${s}"/>`;
  const line = (d: string, width: number, colour = '#fff') => `<path d="${d}" fill="none" stroke="${colour}" stroke-width="${f(width)}" stroke-linecap="round" stroke-linejoin="round"/>`;
  switch (kind) {
    case 'battle':
      return disc('#b3261e') + line(`${p([[-0.5, -0.5], [0.5, 0.5]])} ${p([[0.5, -0.5], [-0.5, 0.5]])}`, size * 0.14) + line(`${p([[-0.55, 0.2], [-0.2, 0.55]])} ${p([[0.55, 0.2], [0.2, 0.55]])}`, size * 0.1);
    case 'captured':
      return disc('#ffffff') + line(p([[-0.35, 0.6], [-0.35, -0.6]]), size * 0.1, '#000') + `<path d="${p([[-0.3, -0.6], [0.55, -0.3], [-0.3, 0]])} Z" fill="#b3261e"/>`;
    case 'dislodged':
      return disc('#f2a900') + line(`${p([[-0.45, -0.45], [0.45, -0.45], [0.45, 0.45], [-0.45, 0.45], [-0.45, -0.45]])}`, size * 0.1, '#000') + line(p([[-0.2, -0.6], [0.1, 0], [-0.1, 0.1], [0.2, 0.6]]), size * 0.12, '#fff');
    case 'built':
      return disc('#1e7b34') + line(`${p([[0, -0.55], [0, 0.55]])} ${p([[-0.55, 0], [0.55, 0]])}`, size * 0.16);
    case 'disbanded':
      return disc('#555555') + line(p([[-0.55, 0], [0.55, 0]]), size * 0.16);
    case 'structure':
      return disc('#1f5fbf') + `<path d="${p([[0, -0.6], [0.6, 0], [0.35, 0], [0.35, 0.5], [-0.35, 0.5], [-0.35, 0], [-0.6, 0]])} Z" fill="#fff"/>`;
  }
}
