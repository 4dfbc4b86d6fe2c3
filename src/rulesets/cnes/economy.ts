// "Provincial Income", "Improvement" and "Buying Units": what a province yields, what may be built
// in it, and how many units it may raise in a turn.
import type { MapGraph } from '../../engine/index.ts';
import type { Card } from '../../combat/cnes-heat/index.ts';
import type { CnesOptions } from './options.ts';
import type { CnesProvince, CnesState } from './state.ts';
import { isCoastal, mayIndustrialize, mayUrbanize, terrainOf, terrains } from './terrain.ts';

export const improvements = ['urban', 'industrial', 'port', 'airbase', 'lab'] as const;
export type Improvement = (typeof improvements)[number];

export function priceOf(what: Improvement, options: CnesOptions): number {
  const p = options.prices;
  return { urban: p.urbanize, industrial: p.industrialize, port: p.port, airbase: p.airbase, lab: p.lab }[what];
}

/** $ this province adds to its owner's income this turn. */
export function provinceIncome(map: MapGraph, id: string, p: CnesProvince, turn: number, options: CnesOptions): number {
  if (!p.owner || p.occupiedTurn === turn) return 0;
  let income = terrains[terrainOf(map.province(id))].income;
  if (p.urban) income += 3 + (p.port ? 1 : 0) + (p.airbase ? 1 : 0) + (p.lab ? options.labIncome : 0);
  if (p.industrial) income += 5;
  return income;
}

export function incomes(map: MapGraph, state: CnesState, options: CnesOptions): Map<string, number> {
  const out = new Map<string, number>(Object.keys(state.nations).map((n) => [n, 0]));
  for (const [id, p] of Object.entries(state.provinces)) {
    if (p.owner && out.has(p.owner)) out.set(p.owner, out.get(p.owner)! + provinceIncome(map, id, p, state.turn, options));
  }
  return out;
}

/** Why this improvement cannot be built here, or null. */
export function improvementBlock(map: MapGraph, id: string, p: CnesProvince, what: Improvement): string | null {
  const province = map.province(id);
  if (p[what]) return `${province.name} already has ${improvementName(what)}.`;
  switch (what) {
    case 'urban':
      if (!mayUrbanize(province)) return `${province.name} cannot be urbanized: jungle and mountain provinces cannot urbanize.`;
      if (p.industrial) return `${province.name} is industrialized, and an industrialized province cannot also be urbanized.`;
      return null;
    case 'industrial':
      if (!mayIndustrialize(province)) return `${province.name} is jungle, which cannot industrialize.`;
      if (p.urban) return `${province.name} is urbanized, and an urbanized province cannot also be industrialized.`;
      return null;
    case 'port':
      if (!p.urban && !p.industrial) return `A port needs an urbanized or industrialized province, and ${province.name} is neither.`;
      if (!isCoastal(map, id)) return `A port needs a coastal province, and ${province.name} is inland.`;
      return null;
    case 'airbase':
      return p.urban || p.industrial ? null : `An airbase needs an urbanized or industrialized province, and ${province.name} is neither.`;
    case 'lab':
      return p.urban ? null : `A research lab needs an urbanized province, and ${province.name} is not.`;
  }
}

export function improvementName(what: Improvement | 'forest'): string {
  return { urban: 'urbanization', industrial: 'industrialization', port: 'a port', airbase: 'an airbase', lab: 'a research lab', forest: 'a forest' }[what];
}

/** Units of this card the province may raise in one turn (Infinity for "unlimited"). */
export function buildLimit(p: CnesProvince, card: Card): number {
  switch (card.class) {
    case 'infantry':
      return p.urban || p.industrial ? Infinity : 1;
    case 'ground':
      return p.industrial ? Infinity : 1;
    case 'air':
      return p.airbase ? (p.industrial ? Infinity : 1) : 0;
    case 'naval':
      return p.port ? (p.industrial ? Infinity : 1) : 0;
  }
}

/** "Provinces cannot build more than one unit per turn, except where otherwise specified." */
export function buildSlots(p: CnesProvince, cards: readonly Card[]): boolean {
  const byClass = new Map<string, number>();
  for (const c of cards) byClass.set(c.class, (byClass.get(c.class) ?? 0) + 1);
  for (const [cls, n] of byClass)
    if (
      n >
      buildLimit(
        p,
        cards.find((c) => c.class === cls)!,
      )
    )
      return false;
  // A limited class's one unit counts against the province's one unit a turn.
  const limited = cards.filter((c) => buildLimit(p, c) !== Infinity).length;
  return limited <= 1;
}
