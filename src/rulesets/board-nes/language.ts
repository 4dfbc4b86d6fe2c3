// How board NES players write orders: the grammar (grammar/board-nes.ne, compiled into this folder
// by `npm run build:grammar`), the words that mark a line as an order, where armies and fleets
// may stand, and what short forms leave out read from the board: "upgrade London" from the structure
// standing there, "attack Wales" from the armies next to it.
import { unitOrderSubject, type GameState, type Order, type OrderLanguage } from '../../engine/index.ts';
import grammar from './grammar.generated.ts';
import { canMove, readStructure } from './state.ts';

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

/** Each structure's next level: a Town, then a Military Base on it, then a City (the rule document's order). */
const NEXT_STRUCTURE: Readonly<Record<string, string>> = { none: 'town', town: 'military-base', 'military-base': 'city' };

function inPhase(order: Order, state: GameState | undefined, nation: string): Order | string {
  if (order.kind === 'move' && order.countUnsaid) return unsaidCount(order, state, nation);
  if (order.kind !== 'buy-structure' || order.structure !== 'next') return order;
  const province = String(order.province);
  if (!state) return `Say what to build in ${province}: "Buy town in ${province}", "Buy military base in ${province}" or "Buy city in ${province}".`;
  const next = NEXT_STRUCTURE[readStructure(state.provinces[province]?.structure) ?? 'none'];
  return next
    ? { ...order, structure: next }
    : `${province} has a City already, the last structure a province is upgraded to (a Town, then a Military Base, then a City): there is nothing to upgrade it to.`;
}

/**
 * "attack Wales" named no count, and is read both as one army and as all of them: where the stack
 * holds one army that can move, both are the same order, so the line reads once.
 */
function unsaidCount(order: Order, state: GameState | undefined, nation: string): Order {
  const { countUnsaid: _unsaid, ...move } = order;
  const turn = state?.turn ?? 0;
  const movable = state?.units.filter((u) => u.nation === nation && u.type === move.unitType && u.province === move.province && canMove(u, turn)).length ?? 0;
  if (movable > 1) return move;
  const { count: _count, ...one } = move;
  return one;
}

/**
 * The units in a province take one order: a later one replaces the earlier whatever its kind;
 * purchases, structures, caravans, thefts and aims are about their place and nation.
 */
export const orderSubject = unitOrderSubject(['hold', 'move', 'disband', 'load', 'unload', 'naval-attack']);
