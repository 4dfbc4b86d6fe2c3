// How board NES players write orders: the grammar (grammar/board-nes.ne, compiled into this folder
// by `npm run build:grammar`), the words that mark a line as an order, and where armies and fleets
// may stand.
import { unitOrderSubject, type OrderLanguage } from '../../engine/index.ts';
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
  ],
  // Fleets keep to the seas.
  unitTypes: { land: ['army'], coastal: ['army'], sea: ['fleet'] },
};

/**
 * The units in a province take one order: a later one replaces the earlier whatever its kind;
 * purchases, structures, caravans, thefts and aims are about their place and nation.
 */
export const orderSubject = unitOrderSubject(['hold', 'move', 'disband', 'load', 'unload', 'naval-attack']);
