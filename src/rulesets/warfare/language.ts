// How warfare players write orders: the grammar (grammar/warfare.ne, compiled into this folder by
// `npm run build:grammar`), the words that mark a line as an order, where armies and fleets may
// stand, and retreats written as moves.
import { unitOrderSubject, type GameState, type Order, type OrderLanguage } from '../../engine/index.ts';
import grammar from './grammar.generated.ts';
import { seasonOf, yearOf } from './state.ts';

/** In a retreat phase most players write a retreat as a move ("A Par - Pic"). */
function inPhase(order: Order, state: GameState): Order {
  if (state.phase !== 'retreats' || order.kind !== 'move') return order;
  const { viaConvoy: _via, ...rest } = order;
  return { ...rest, kind: 'retreat' };
}

export const language: OrderLanguage = {
  grammar,
  orderWords: ['ARMY', 'FLEET', 'HOLD_VERB', 'MOVE_VERB', 'SUPPORT_VERB', 'CONVOY_VERB', 'RETREAT_VERB', 'DISBAND_VERB', 'BUILD_VERB', 'WAIVE_VERB'],
  // Fleets sail along coasts.
  unitTypes: { land: ['army'], coastal: ['army', 'fleet'], sea: ['fleet'] },
  inPhase,
  calendar: (state) => ({ season: seasonOf(state), year: yearOf(state) }),
};

/** Orders to a unit replace one another whatever their kinds; builds and waives stand apart. */
export const orderSubject = unitOrderSubject(['hold', 'move', 'support', 'convoy', 'retreat', 'disband']);
