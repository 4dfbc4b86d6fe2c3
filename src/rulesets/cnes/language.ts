// How CNES players write orders: the grammar (grammar/cnes.ne, compiled into this folder by
// `npm run build:grammar`), the words that mark a line as an order, and what an order is about.
import type { Order, OrderLanguage } from '../../engine/index.ts';
import grammar from './grammar.generated.ts';
import { unitOrderKinds, type UnitOrderKind } from './orders.ts';

export const language: OrderLanguage = {
  grammar,
  orderWords: [
    'CARD_WORD',
    'TROOPS',
    'MOVE_VERB',
    'BLITZ_VERB',
    'FORTIFY_VERB',
    'HOLD_VERB',
    'SUPPORT_VERB',
    'INTERCEPT_VERB',
    'REBASE_VERB',
    'BUY_VERB',
    'URBANIZE',
    'INDUSTRIALIZE',
    'IMPROVEMENT',
    'RAZE_VERB',
    'STOP_VERB',
    'ALLY_VERB',
    'PEACE_VERB',
    'WAR_VERB',
    'PAYMENT_VERB',
    'TREATY_VERB',
  ],
  // Units are named by card, not by these types; a unit type is never inferred.
  unitTypes: { land: [], coastal: [], sea: [] },
  inPhase,
};

/** Orders of other rulesets a CNES player may write, and what the CNES rules have instead (docs/rules/cnes.md). */
const NOT_IN_CNES: Readonly<Record<string, string>> = {
  payment:
    'CNES has no scheduled payments: $ given to another nation ("greasing the palms of aggressive neighbors") is moved by your GM by hand, so write to your GM.',
  treaty:
    'CNES has no treaty orders: treaties are your own diplomacy, and the rules keep only alliances, peace and war ("Ally with Bluevale", "Make peace with Bluevale", "Declare war on Bluevale").',
};

function inPhase(order: Order): Order | string {
  return NOT_IN_CNES[order.kind] ?? order;
}

/**
 * An order to units is about those units: the same place, card and number ("2 infantry in par"),
 * so a later "fortify 2 infantry par" replaces "move 2 infantry par - bur". Other orders are about
 * their kind, place, and nation or improvement.
 */
export function orderSubject(order: Order): string {
  const s = (slot: string) => (order[slot] === undefined ? '' : String(order[slot]));
  if (unitOrderKinds.includes(order.kind as UnitOrderKind)) return `units@${s('province')}@${s('unitKind') || '*'}@${s('count') || 'all'}`;
  if (order.kind === 'ally' || order.kind === 'peace' || order.kind === 'war') return `relation@${s('nation')}`;
  return `${order.kind}@${s('province')}@${s('unitKind')}${s('improvement')}${s('what')}`;
}
