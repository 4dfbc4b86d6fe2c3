// Units and their cards: which units an order names, what a unit may cross, and how far things are.
import type { MapGraph } from '../../engine/index.ts';
import { findCard, flies, type Card } from '../../combat/cnes-heat/index.ts';
import type { CnesOptions } from './options.ts';
import type { CnesOrder } from './orders.ts';
import type { CnesUnit } from './state.ts';

export function cardOf(options: CnesOptions, unit: CnesUnit): Card {
  const card = options.cards[unit.type];
  if (!card) throw new Error(`Unit ${unit.id} is a "${unit.type}", which has no unit card in this game.`);
  return card;
}

/** Air orders name aircraft; other unit orders name the units that are not aircraft (fortify: nor ships). */
const AIR_ORDERS = new Set(['support', 'intercept', 'rebase']);

export type Selection = { units: CnesUnit[] } | { problem: 'UNKNOWN_CARD' | 'NO_UNITS' | 'NOT_ENOUGH_UNITS'; message: string };

/** The units an order names among the nation's `standing` in its province, leaving out those earlier orders took. */
export function selectUnits(standing: readonly CnesUnit[], options: CnesOptions, order: CnesOrder, taken: ReadonlySet<string>): Selection {
  const where = order.province!;
  let wanted: string | undefined;
  if (order.unitKind) {
    const found = findCard(options.cards, order.unitKind);
    if (!found)
      return { problem: 'UNKNOWN_CARD', message: `There is no unit card "${order.unitKind}" in this game (${Object.keys(options.cards).join(', ')}).` };
    wanted = found.id;
  }
  const air = AIR_ORDERS.has(order.kind);
  // Without a card, a fortify order names the ground units only: ships do not dig in.
  const named = (u: CnesUnit) => {
    const card = cardOf(options, u);
    return flies(card) === air && !(order.kind === 'fortify' && card.class === 'naval');
  };
  const here = standing.filter((u) => !taken.has(u.id) && (wanted ? u.type === wanted : named(u)));
  const what = order.unitKind ?? (air ? 'aircraft' : 'units');
  if (!here.length) return { problem: 'NO_UNITS', message: `You have no ${what} in ${where} left to order.` };
  if (typeof order.count === 'number') {
    if (here.length < order.count)
      return { problem: 'NOT_ENOUGH_UNITS', message: `You have ${here.length} ${what} in ${where} left to order, not ${order.count}.` };
    return { units: here.slice(0, order.count) };
  }
  return { units: here };
}

/** The border type a unit crosses: ships sail the fleet borders, everyone else the army ones. */
export function borderType(card: Card): string {
  return card.class === 'naval' ? 'fleet' : 'army';
}

export function mayStand(map: MapGraph, card: Card, province: string): boolean {
  const kind = map.province(province).kind;
  return card.class === 'naval' ? kind !== 'land' : kind !== 'sea';
}

/** Provinces within `range` steps of `from` over any border: an aircraft's reach. */
export function withinRange(map: MapGraph, from: string, range: number): Map<string, number> {
  const dist = new Map<string, number>([[from, 0]]);
  let frontier = [from];
  for (let d = 1; d <= range && frontier.length; d++) {
    const next: string[] = [];
    for (const p of frontier) {
      for (const n of [...map.touches(p)].sort()) {
        if (!dist.has(n)) {
          dist.set(n, d);
          next.push(n);
        }
      }
    }
    frontier = next;
  }
  return dist;
}
