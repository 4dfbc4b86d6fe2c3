// How board NES players write orders: the grammar (grammar/board-nes.ne, compiled into this folder
// by `npm run build:grammar`), the words that mark a line as an order, where armies and fleets
// may stand, and "upgrade London" read from the structure standing there.
import { unitOrderSubject, type GameState, type Order, type OrderLanguage } from '../../engine/index.ts';
import grammar from './grammar.generated.ts';

export const language: OrderLanguage = {
  grammar,
  orderWords: [
    'ARMY',
    'FLEET',
    'HOLD_VERB',
    'MOVE_VERB',
    'DISBAND_VERB',
    'BUY_VERB',
    'STRUCTURE',
    'LOAD_VERB',
    'UNLOAD_VERB',
    'CLAIM_VERB',
    'CARAVAN',
    'ESCORT',
    'STEAL_VERB',
    'AIM_VERB',
    'NAVAL',
    'PLAN_WORDS',
    'UPGRADE_VERB',
  ],
  // Fleets keep to the seas.
  unitTypes: { land: ['army'], coastal: ['army'], sea: ['fleet'] },
  inPhase,
};

/** Each structure's next level: a town, then a military base on it, then a city (the rule document's order). */
const NEXT_STRUCTURE: Readonly<Record<string, string>> = { none: 'town', town: 'military-base', 'military-base': 'city' };

function inPhase(order: Order, state: GameState | undefined): Order | string {
  if (order.kind !== 'buy-structure' || order.structure !== 'next') return order;
  const province = String(order.province);
  if (!state) return `Say what to build in ${province}: "Buy town in ${province}", "Buy military base in ${province}" or "Buy city in ${province}".`;
  const standing = state.provinces[province]?.structure;
  const next = NEXT_STRUCTURE[typeof standing === 'string' ? standing : 'none'];
  return next ? { ...order, structure: next } : `${province} has a city already: there is nothing to upgrade it to.`;
}

/**
 * The units in a province take one order: a later one replaces the earlier whatever its kind;
 * purchases, structures, caravans, thefts and aims are about their place and nation.
 */
export const orderSubject = unitOrderSubject(['hold', 'move', 'disband', 'load', 'unload', 'naval-attack']);
