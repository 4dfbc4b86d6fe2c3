// How warfare players write orders: the grammar (grammar/warfare.ne, compiled into this folder by
// `npm run build:grammar`), the words that mark a line as an order, where armies and fleets may
// stand, retreats written as moves, and the classic judges' winter shorthand.
import { unitOrderSubject, type GameState, type Order, type OrderLanguage } from '../../engine/index.ts';
import grammar from './grammar.generated.ts';
import { formatUnit } from './order-kinds.ts';
import { seasonOf, yearOf } from './state.ts';

function inPhase(order: Order, state: GameState | undefined): Order | string {
  if (order.kind === 'adjust') return winterShorthand(order, state);
  // In a retreat phase most players write a retreat as a move ("A Par - Pic").
  if (state?.phase !== 'retreats' || order.kind !== 'move') return order;
  const { viaConvoy: _via, ...rest } = order;
  return { ...rest, kind: 'retreat' };
}

/**
 * A unit alone ("F LON", "A RUH") is the judges' winter order with its word left out: a build
 * where the province is empty, a removal where a unit stands. In any other phase it orders nothing.
 */
function winterShorthand(order: Order, state: GameState | undefined): Order | string {
  const unit = formatUnit(order);
  if (!state) return `"${unit}" names a unit but no order: say what it does ("${unit} H"), or in winter "Build ${unit}" or "Remove ${unit}".`;
  if (state.phase !== 'adjustments')
    return `"${unit}" names a unit but gives it no order (a unit alone is read as a build or removal only in winter). For example: "${unit} H".`;
  const standing = state.units.some((u) => u.province === order.province);
  if (!standing) return { ...order, kind: 'build' };
  const { coast: _coast, ...rest } = order;
  return { ...rest, kind: 'disband' };
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
