// Orders in plain words, for confirmations: "Your 2 armies in London move to Wales and claim it."
import { counted, nationNameOf, plural, type Order, type RulesetContext } from '../../engine/index.ts';
import { boughtType } from './civ-orders.ts';
import type { BoardNesOptions } from './options.ts';
import { planParts, readOrder, structureWord } from './orders.ts';
import { findUnitKind, kindWord } from './unit-kinds.ts';

export function describeOrder(ctx: RulesetContext<BoardNesOptions>, raw: Order): string {
  const { map, options } = ctx;
  const order = readOrder(raw);
  if (!order) return `An order of kind "${raw.kind}" that is not understood.`;
  const name = (id: string) => (map.has(id) ? map.province(id).name : id);
  const nation = (id: string) => nationNameOf(ctx, id);
  const units = (type: string, count: number | 'all' | undefined) =>
    count === 'all' ? `All your ${plural(type)}` : count === undefined || count === 1 ? `Your ${type}` : `Your ${counted(count, type)}`;
  // One unit "holds" and "is disbanded"; several "hold" and "are disbanded".
  const verb = (count: number | 'all' | undefined, one: string, many: string) => (count === undefined || count === 1 ? one : many);
  switch (order.kind) {
    case 'buy-unit': {
      const kind = order.unitKind === undefined ? undefined : (findUnitKind(options.civAdvanced.units, order.unitKind)?.kind ?? order.unitKind);
      const what = kind ? kindWord(options.civAdvanced.units, kind, order.count ?? 1) : counted(order.count ?? 1, boughtType(order, options));
      return `You buy ${what} in ${name(order.province)}${order.sea ? `, put to sea in ${name(order.sea)}` : ''}.`;
    }
    case 'buy-structure':
      return `You build a ${structureWord(order.structure)} in ${name(order.province)}.`;
    case 'move':
      return `${units(order.unitType, order.count)} in ${name(order.province)} ${verb(order.count, 'moves', 'move')} to ${name(order.target)}${order.claim ? verb(order.count, ' and claims it', ' and claim it') : ''}.`;
    case 'load':
      return `Your fleets in ${name(order.province)} take on ${order.count === 'all' ? 'all your armies' : counted(order.count ?? 1, 'army')} from ${name(order.from)}.`;
    case 'unload':
      return `Your fleets in ${name(order.province)} land ${order.count === 'all' || order.count === undefined ? 'all their armies' : counted(order.count, 'army')} on ${name(order.target)}${order.claim ? ' and claim it' : ''}.`;
    case 'naval-attack':
      return `Your fleets in ${name(order.province)} attack ${order.nation ? `${nation(order.nation)}'s fleets` : 'every other fleet'} there.`;
    case 'hold':
      return `${units(order.unitType, order.count)} in ${name(order.province)} ${verb(order.count, 'holds', 'hold')}.`;
    case 'disband':
      return `${units(order.unitType, order.count)} in ${name(order.province)} ${verb(order.count, 'is', 'are')} disbanded.`;
    case 'claim':
      return `Your armies in ${name(order.province)} claim it for your nation.`;
    case 'caravan':
      return `You send ${counted(order.count, 'caravan')} to ${nation(order.nation)}${order.escorts ? ` with ${counted(order.escorts, 'escort')}` : ''}.`;
    case 'steal': {
      const what = {
        all: 'every caravan',
        count: counted(order.count ?? 0, 'caravan'),
        'all-but': `all but ${counted(order.count ?? 0, 'caravan')}`,
        per: `${counted(order.count ?? 0, 'caravan')} for every ${order.per}`,
      }[order.mode];
      return `Your minions steal ${what} ${nation(order.nation)} sends you.`;
    }
    case 'aim':
      return `In battles${order.province ? ` in ${name(order.province)}` : ''} with more than two nations, your units aim their hits at ${nation(order.nation)}.`;
    case 'battle-plan': {
      const parts = planParts(order);
      return parts.length ? `From now on your battles follow this plan: ${parts.join('; ')}.` : 'From now on your battles follow the default choices.';
    }
  }
}
