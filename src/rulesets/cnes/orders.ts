// The orders of CNES as data: kinds with examples for players, the shape of each, and the
// standard notation reports use.
import { z } from 'zod';
import { withSlots, type Order, type OrderKindDoc } from '../../engine/index.ts';
import { improvements } from './economy.ts';
import { razeables } from './state.ts';

const kindDocs: readonly OrderKindDoc[] = [
  {
    kind: 'move',
    summary: 'Move units along a path of provinces, up to their movement.',
    examples: ['Move 2 infantry from Redhaven to Redwood', 'tanks rwd - mid - bca'],
  },
  { kind: 'blitz', summary: 'Move and keep fighting along the path (needs the blitz tech and movement above 1).', examples: ['Blitz tanks rwd - mid - bca'] },
  {
    kind: 'fortify',
    summary: 'Dig in: +1 fortification level, up to what technology permits.',
    examples: ['Fortify infantry in Redhaven', 'all in rha dig in'],
  },
  { kind: 'hold', summary: 'Stay, keeping fortification.', examples: ['Hold rhl'] },
  { kind: 'support', summary: 'Aircraft give ground support in a province within range of their base.', examples: ['Bombers in rha support mid'] },
  { kind: 'intercept', summary: 'Aircraft join the battle in range with the most enemy aircraft.', examples: ['Fighters in rha intercept'] },
  { kind: 'rebase', summary: 'Aircraft move their base to a friendly airbase in range.', examples: ['Rebase fighters from rha to rhl'] },
  { kind: 'buy', summary: 'Buy units in a province (build limits per unit class).', examples: ['Buy 2 infantry in Redhaven', 'build a fighter in rha'] },
  {
    kind: 'improve',
    summary: 'Urbanize ($10), industrialize ($20), or build a port or airbase ($5) or research lab ($10).',
    examples: ['Urbanize Red Hills', 'build a port in rha'],
  },
  {
    kind: 'raze',
    summary: 'Start razing urbanization, industrialization, a forest, a port or an airbase (done next turn).',
    examples: ['Raze the port in rha'],
  },
  { kind: 'stop-razing', summary: 'Undo a razing under way, for $10.', examples: ['Stop razing the port in rha'] },
  { kind: 'ally', summary: 'Name a nation as ally; allied once both have named each other.', examples: ['Ally with Bluevale'] },
  { kind: 'peace', summary: 'End an alliance, or make peace at war once both ask.', examples: ['Make peace with Bluevale'] },
  { kind: 'war', summary: 'Declare war.', examples: ['Declare war on Bluevale'] },
];

const id = z.string().min(1);
const count = z.union([z.number().int().min(1).max(999), z.literal('all')]).optional();
const unitSlots = { province: id, unitKind: id.optional(), count };
const pathSlots = { target: id, ...Object.fromEntries(Array.from({ length: 9 }, (_, i) => [`via${i + 1}`, id.optional()])) };

const schemas = {
  move: z.looseObject({ kind: z.literal('move'), ...unitSlots, ...pathSlots }),
  blitz: z.looseObject({ kind: z.literal('blitz'), ...unitSlots, ...pathSlots }),
  fortify: z.looseObject({ kind: z.literal('fortify'), ...unitSlots }),
  hold: z.looseObject({ kind: z.literal('hold'), ...unitSlots }),
  support: z.looseObject({ kind: z.literal('support'), ...unitSlots, target: id }),
  intercept: z.looseObject({ kind: z.literal('intercept'), ...unitSlots }),
  rebase: z.looseObject({ kind: z.literal('rebase'), ...unitSlots, target: id }),
  buy: z.looseObject({ kind: z.literal('buy'), province: id, unitKind: id, count: z.number().int().min(1).max(99).optional() }),
  improve: z.looseObject({ kind: z.literal('improve'), province: id, improvement: z.enum(improvements) }),
  raze: z.looseObject({ kind: z.literal('raze'), province: id, what: z.enum(razeables) }),
  'stop-razing': z.looseObject({ kind: z.literal('stop-razing'), province: id, what: z.enum(razeables).optional() }),
  ally: z.looseObject({ kind: z.literal('ally'), nation: id }),
  peace: z.looseObject({ kind: z.literal('peace'), nation: id }),
  war: z.looseObject({ kind: z.literal('war'), nation: id }),
};

/** The kinds players are shown, each with its slots. */
export const orderKinds: readonly OrderKindDoc[] = withSlots(kindDocs, schemas);

export type UnitOrderKind = 'move' | 'blitz' | 'fortify' | 'hold' | 'support' | 'intercept' | 'rebase';
export const unitOrderKinds: readonly UnitOrderKind[] = ['move', 'blitz', 'fortify', 'hold', 'support', 'intercept', 'rebase'];

export interface CnesOrder extends Order {
  kind: keyof typeof schemas;
  province?: string;
  unitKind?: string;
  count?: number | 'all';
  target?: string;
  improvement?: (typeof improvements)[number];
  what?: (typeof razeables)[number];
  nation?: string;
}

/** The order checked for shape, or null when it is not one of these kinds or misses a slot. */
export function readOrder(order: Order): CnesOrder | null {
  const schema = schemas[order.kind as keyof typeof schemas];
  if (!schema) return null;
  const parsed = schema.safeParse(order);
  return parsed.success ? (parsed.data as CnesOrder) : null;
}

/** The provinces a move or blitz passes, in order, ending at its target. */
export function pathOf(order: CnesOrder): string[] {
  const path: string[] = [];
  for (let i = 1; i <= 9; i++) {
    const via = order[`via${i}`];
    if (typeof via === 'string') path.push(via);
  }
  return [...path, order.target!];
}

function who(order: CnesOrder): string {
  const n = order.count === undefined ? '' : `${order.count} `;
  return `${n}${order.unitKind ?? 'units'} ${order.province}`;
}

export function formatOrder(order: Order): string {
  const o = readOrder(order);
  if (!o) return `${order.kind} (malformed)`;
  switch (o.kind) {
    case 'move':
    case 'blitz':
      return `${o.kind === 'blitz' ? 'blitz ' : ''}${who(o)} - ${pathOf(o).join(' - ')}`;
    case 'fortify':
    case 'hold':
    case 'intercept':
      return `${who(o)} ${o.kind}`;
    case 'support':
    case 'rebase':
      return `${who(o)} ${o.kind} ${o.target}`;
    case 'buy':
      return `buy ${o.count ?? 1} ${o.unitKind} ${o.province}`;
    case 'improve':
      // As the reader reads it back: "urbanize rhl", "build port in rha".
      return o.improvement === 'urban'
        ? `urbanize ${o.province}`
        : o.improvement === 'industrial'
          ? `industrialize ${o.province}`
          : `build ${o.improvement} in ${o.province}`;
    case 'raze':
      return `raze ${o.what} ${o.province}`;
    case 'stop-razing':
      return `stop razing ${o.what ?? 'all'} ${o.province}`;
    case 'peace':
      return `peace with ${o.nation}`;
    case 'war':
      return `war on ${o.nation}`;
    default:
      return `${o.kind} ${o.nation}`;
  }
}
