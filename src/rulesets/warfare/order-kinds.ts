// The order kinds players write, their canonical notation ("A par - bur") and plain-words description.
import { z } from 'zod';
import { withSlots, type Order, type OrderKindDoc } from '../../engine/index.ts';
import { text } from './board.ts';

const id = z.string().min(1);
const unitType = z.enum(['army', 'fleet']);
/** The unit an order is for: its type, its province and, for a fleet on a named coast, the coast. */
const unit = { unitType, province: id, coast: id.optional() };

/** The slots of each kind as the reader fills them (validation reads the order itself: src/rulesets/warfare/validate.ts). */
export const orderSlots = {
  hold: z.object({ kind: z.literal('hold'), ...unit }),
  move: z.object({ kind: z.literal('move'), ...unit, target: id, targetCoast: id.optional(), viaConvoy: z.boolean().optional() }),
  support: z.object({ kind: z.literal('support'), ...unit, subjectType: unitType.optional(), subject: id, target: id.optional(), targetCoast: id.optional() }),
  convoy: z.object({ kind: z.literal('convoy'), ...unit, subject: id, target: id }),
  retreat: z.object({ kind: z.literal('retreat'), ...unit, target: id, targetCoast: id.optional() }),
  disband: z.object({ kind: z.literal('disband'), ...unit }),
  build: z.object({ kind: z.literal('build'), ...unit }),
  waive: z.object({ kind: z.literal('waive') }),
};

const kindDocs: readonly OrderKindDoc[] = [
  { kind: 'hold', summary: 'The unit stays where it is; supports can help it hold.', examples: ['A Par H', 'F Spa/nc holds'] },
  {
    kind: 'move',
    summary: 'The unit moves to an adjacent province (an army may cross the sea by convoy).',
    examples: ['A Par - Bur', 'F Spa/nc - Mao', 'A Lon - Bel via convoy'],
  },
  {
    kind: 'support',
    summary: "The unit adds its strength to another unit's hold or move, of any kingdom, into a province it could move to itself.",
    examples: ['A Mun S A Par - Bur', 'F Nth S F Lon'],
  },
  { kind: 'convoy', summary: 'A fleet at sea carries an army across it, alone or in a chain of fleets.', examples: ['F Nth C A Lon - Nwy'] },
  { kind: 'retreat', summary: 'In the retreat phase, a dislodged unit moves to an empty adjacent province.', examples: ['A Par R Pic'] },
  { kind: 'disband', summary: 'A dislodged unit is removed (retreat phase), or a unit is removed in winter.', examples: ['A Par D'] },
  { kind: 'build', summary: 'In winter, a new unit in an empty home province you own.', examples: ['Build A Par', 'Build F Stp/nc'] },
  { kind: 'waive', summary: 'In winter, give up one build.', examples: ['Waive'] },
];

export const orderKinds: readonly OrderKindDoc[] = withSlots(kindDocs, orderSlots);

function letter(type: unknown): string {
  return type === 'fleet' ? 'F' : type === 'army' ? 'A' : '?';
}

function place(province: unknown, coast: unknown): string {
  return `${String(province ?? '?')}${typeof coast === 'string' && coast ? `/${coast}` : ''}`;
}

/** The order's unit as the notation writes it: "F stp/nc". */
export function formatUnit(order: Order): string {
  return `${letter(order.unitType)} ${place(order.province, order.coast)}`;
}

export function formatOrder(order: Order): string {
  const unit = formatUnit(order);
  switch (order.kind) {
    case 'hold':
      return `${unit} H`;
    case 'move':
      return `${unit} - ${place(order.target, order.targetCoast)}${order.viaConvoy === true ? ' via convoy' : ''}`;
    case 'support': {
      const subject = `${order.subjectType ? `${letter(order.subjectType)} ` : ''}${String(order.subject ?? '?')}`;
      return text(order.target) ? `${unit} S ${subject} - ${place(order.target, order.targetCoast)}` : `${unit} S ${subject}`;
    }
    case 'convoy':
      return `${unit} C A ${String(order.subject ?? '?')} - ${String(order.target ?? '?')}`;
    case 'retreat':
      return `${unit} R ${place(order.target, order.targetCoast)}`;
    case 'disband':
      return `${unit} D`;
    case 'build':
      return `Build ${unit}`;
    case 'waive':
      return 'Waive';
    default:
      return `${order.kind} ${unit}`;
  }
}

/** A province's name for players, with its coast when one is given. */
type Names = (id: unknown, coast?: unknown) => string;

export function describeOrder(order: Order, name: Names): string {
  const unit = `Your ${order.unitType === 'fleet' ? 'fleet' : 'army'} in ${name(order.province, order.coast)}`;
  const subject = `the ${order.subjectType === 'fleet' ? 'fleet' : order.subjectType === 'army' ? 'army' : 'unit'} in ${name(order.subject)}`;
  switch (order.kind) {
    case 'hold':
      return `${unit} holds.`;
    case 'move':
      return `${unit} moves to ${name(order.target, order.targetCoast)}${order.viaConvoy === true ? ' by convoy' : ''}.`;
    case 'support':
      return text(order.target) ? `${unit} supports ${subject} moving to ${name(order.target)}.` : `${unit} supports ${subject} holding.`;
    case 'convoy':
      return `${unit} convoys the army in ${name(order.subject)} to ${name(order.target)}.`;
    case 'retreat':
      return `${unit} retreats to ${name(order.target, order.targetCoast)}.`;
    case 'disband':
      return `${unit} is disbanded.`;
    case 'build':
      return `You build a${order.unitType === 'fleet' ? ' fleet' : 'n army'} in ${name(order.province, order.coast)}.`;
    case 'waive':
      return 'You waive one build.';
    default:
      return `${unit}: ${order.kind}.`;
  }
}
