// How industrial players write orders: the grammar (grammar/industrial.ne, compiled into this
// folder by `npm run build:grammar`), the words that mark a line as an order, and where land units
// and ships may stand.
import { unitOrderSubject, type GameState, type Order, type OrderLanguage } from '../../engine/index.ts';
import grammar from './grammar.generated.ts';
import type { IndustrialOptions } from './options.ts';
import { seasonOf } from './seasons.ts';
import type { IndustrialExtra } from './state.ts';

export const language: OrderLanguage = {
  grammar,
  orderWords: [
    'KIND_ALL',
    'KIND_ONE',
    'KIND_MANY',
    'DEPLOY_VERB',
    'TRANSFER_VERB',
    'MOVE_VERB',
    'SAIL_VERB',
    'RAIL_VERB',
    'INVADE_VERB',
    'DISEMBARK_VERB',
    'EMBARK_VERB',
    'DUTY',
    'SALVAGE_VERB',
    'ENTRENCH_VERB',
    'SUPPORT_KIND',
    'SUPPORT_VERB',
    'CUT_VERB',
    'CAPITAL_WORDS',
    'LEADER_WORDS',
    'DISBAND_VERB',
    'BUILD_VERB',
    'UPGRADE_VERB',
    'MOTHBALL_VERB',
    'REACTIVATE_VERB',
    'INVEST_VERB',
    'PAYMENT_WORD',
    'AUTHORIZE_VERB',
    'PAY_VERB',
    'TREATY_WORD',
    'RATIFY_VERB',
    'AGREEMENT_WORD',
    'CEASE',
    'ON_SIGHT',
  ],
  unitTypes: {
    land: ['infantry', 'conscript', 'artillery', 'general'],
    coastal: ['infantry', 'conscript', 'artillery', 'general', 'warship', 'battleship', 'submarine'],
    sea: ['warship', 'battleship', 'submarine'],
  },
  unitAfter,
  inPhase,
  calendar: (state, options) => seasonOf(options as IndustrialOptions, state.turn),
};

function inPhase(order: Order, state: GameState | undefined, nation: string): Order | readonly Order[] | string {
  if (order.kind === 'draft-treaty' && order.between) return withoutDrafter(order, nation);
  if ((order.kind !== 'authorize-payment' && order.kind !== 'cancel-payment') || typeof order.payee !== 'string') return order;
  return paymentTo(order, order.payee, state, nation);
}

/**
 * "Authorize the scheduled payment to ger": the nation's payment due to ger, by its id; with
 * several due to ger, each is a reading and the GM is asked which.
 */
function paymentTo(order: Order, payee: string, state: GameState | undefined, nation: string): Order | readonly Order[] | string {
  const { payee: _payee, ...rest } = order;
  const verb = order.kind === 'authorize-payment' ? 'Authorize' : 'Cancel';
  if (!state) return `Name the payment by its id, as your report lists it: "${verb} payment p3".`;
  const payments = (state.extra as Partial<IndustrialExtra>).payments ?? [];
  const due = payments.filter((p) => p.from === nation && p.to === payee);
  if (!due.length) return `You have no payment to ${payee} scheduled.`;
  return due.map((p) => ({ ...rest, payment: p.id }));
}

const PARTY_SLOTS = ['nation', 'nation2', 'nation3', 'nation4'] as const;

/** "A treaty between France and Prussia", drafted by France: a treaty with Prussia. */
function withoutDrafter(order: Order, nation: string): Order | string {
  const named = PARTY_SLOTS.map((slot) => order[slot]).filter((n): n is string => typeof n === 'string');
  const { between: _between, ...terms } = Object.fromEntries(Object.entries(order).filter(([slot]) => !(PARTY_SLOTS as readonly string[]).includes(slot)));
  if (!named.includes(nation))
    return `A treaty you draft has you among its parties: name the treaty "with" the other nations, as in "Draft treaty with ${named[0]}: peace".`;
  const others = [...new Set(named.filter((n) => n !== nation))];
  if (!others.length) return 'Name the other nations of the treaty.';
  return { ...terms, ...Object.fromEntries(others.slice(0, 3).map((n, i) => [PARTY_SLOTS[i], n])) } as Order;
}

/** Orders after which the units stand at the order's target; and the other orders given to units. */
const MOVING = new Set(['march', 'sail', 'rail', 'embark', 'disembark']);
const STAYING = new Set([
  'deploy',
  'transfer',
  'invade',
  'entrench',
  'support-defence',
  'support-attack',
  'cut-support',
  'supply-coast',
  'support-coast',
  'blockade',
  'salvage',
]);

/** "2 infantry in bre" after "Rail 2 infantry par -> bre": the forces a line starting "then" goes on with. */
function unitAfter(order: Order): string | undefined {
  if (typeof order.province !== 'string' || !(MOVING.has(order.kind) || STAYING.has(order.kind))) return undefined;
  const where = MOVING.has(order.kind) && typeof order.target === 'string' ? order.target : order.province;
  if (typeof order.unitType !== 'string') return `forces in ${where}`;
  return `${typeof order.count === 'number' ? `${order.count} ` : ''}${order.unitType} in ${where}`;
}

/**
 * Several orders may go to the forces in one province (rail first, then march; several sail
 * rounds), so a unit order is about its kind, place, target and unit type: resending the same
 * move replaces it, a different one adds to it. Other orders are about their kind, place and nation.
 */
export function orderSubject(order: { kind: string; [slot: string]: unknown }): string {
  const s = (k: string) => (typeof order[k] === 'string' || typeof order[k] === 'number' ? String(order[k]) : '');
  if (order.kind === 'sail') return `sail@${s('province')}@${s('target')}@${s('unitType')}`;
  if (['rail', 'march', 'invade', 'embark', 'disembark', 'transfer', 'disband', 'deploy'].includes(order.kind))
    return `${order.kind}@${s('province')}@${s('unitType')}@${s('target')}${s('sea')}`;
  if (['draft-treaty', 'record-agreement'].includes(order.kind))
    return `${order.kind}@${s('nation')}@${s('nation2')}@${s('nation3')}@${s('terms')}${s('amount')}`;
  if (['ratify-treaty'].includes(order.kind)) return `${order.kind}@${s('treaty')}`;
  if (['authorize-payment', 'cancel-payment'].includes(order.kind)) return `payment@${s('payment')}`;
  if (order.kind === 'build') return `build@${s('what')}@${s('province')}`;
  return fallback(order);
}
const fallback = unitOrderSubject([]);
