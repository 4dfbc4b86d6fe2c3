// Industrial order kinds: the slots the parser fills, the canonical notation, and the phase each
// belongs to. Land and sea units stack, so unit orders name a province, and optionally a unit
// type and a count (without them: every unit of the nation there that the order can move).
import { z } from 'zod';
import { withSlots, type Order, type OrderKindDoc } from '../../engine/index.ts';
import { LAND_TYPES, SHIP_TYPES } from './state.ts';

const id = z.string().min(1);
const unitType = z.enum([...LAND_TYPES, ...SHIP_TYPES]);
const count = z.number().int().min(1).max(999).optional();
const stack = { province: id, unitType: unitType.optional(), count };
const move = { ...stack, target: id };
/** The other parties of a treaty or agreement, one slot each (the parser fills places and nations one to a slot). */
const parties = { nation: id, nation2: id.optional(), nation3: id.optional() };

export const BUILDS = [
  'infantry',
  'conscript',
  'artillery',
  'warship',
  'battleship',
  'submarine',
  'port',
  'port-upgrade',
  'factory',
  'academy',
  'fort',
  'fort-mothball',
  'fort-reactivate',
  'railroad',
  'canal',
  'canal-investment',
  'tech',
  'displaced-workers',
  'province-upgrade',
] as const;
export type BuildKind = (typeof BUILDS)[number];

export const orderSchemas = {
  deploy: z.object({ kind: z.literal('deploy'), ...stack, unitType, sea: id.optional() }),
  attack: z.object({ kind: z.literal('attack'), nation: id }),
  'cease-fire': z.object({ kind: z.literal('cease-fire'), nation: id }),
  transfer: z.object({ kind: z.literal('transfer'), ...stack, nation: id }),
  sail: z.object({ kind: z.literal('sail'), ...move }),
  disembark: z.object({ kind: z.literal('disembark'), ...move, invade: z.boolean().optional() }),
  embark: z.object({ kind: z.literal('embark'), ...move }),
  'supply-coast': z.object({ kind: z.literal('supply-coast'), province: id, target: id }),
  'support-coast': z.object({ kind: z.literal('support-coast'), province: id, target: id }),
  blockade: z.object({ kind: z.literal('blockade'), province: id, target: id }),
  salvage: z.object({ kind: z.literal('salvage'), province: id }),
  rail: z.object({ kind: z.literal('rail'), ...move }),
  march: z.object({ kind: z.literal('march'), ...move }),
  entrench: z.object({ kind: z.literal('entrench'), province: id }),
  'support-defence': z.object({ kind: z.literal('support-defence'), province: id, target: id }),
  'support-attack': z.object({ kind: z.literal('support-attack'), province: id, target: id }),
  'cut-support': z.object({ kind: z.literal('cut-support'), province: id, target: id }),
  invade: z.object({ kind: z.literal('invade'), ...move }),
  'provisional-capital': z.object({ kind: z.literal('provisional-capital'), province: id }),
  leader: z.object({ kind: z.literal('leader'), name: z.string().min(1).max(60) }),
  disband: z.object({ kind: z.literal('disband'), ...stack }),
  // A tech level upgrade may leave out the province: it is then made in the capital.
  build: z.object({ kind: z.literal('build'), what: z.enum(BUILDS), province: id.optional(), count, sea: id.optional() }),
  'authorize-payment': z.object({ kind: z.literal('authorize-payment'), payment: id }),
  'cancel-payment': z.object({ kind: z.literal('cancel-payment'), payment: id }),
  'draft-treaty': z.object({
    kind: z.literal('draft-treaty'),
    ...parties,
    peace: z.boolean().optional(),
    amount: z.number().int().min(1).max(10_000).optional(),
    payer: id.optional(),
    payee: id.optional(),
  }),
  'ratify-treaty': z.object({ kind: z.literal('ratify-treaty'), treaty: id }),
  'record-agreement': z.object({ kind: z.literal('record-agreement'), ...parties, terms: z.string().min(1).max(500) }),
  'expunge-agreement': z.object({ kind: z.literal('expunge-agreement'), agreement: id }),
} as const;

export type OrderKind = keyof typeof orderSchemas;
export type IndustrialOrder = { [K in OrderKind]: z.infer<(typeof orderSchemas)[K]> }[OrderKind];
export type OrderOf<K extends OrderKind> = Extract<IndustrialOrder, { kind: K }>;

// Validation reads each order given ahead of the one it checks: each is parsed once.
const read = new WeakMap<Order, IndustrialOrder | null>();

export function readOrder(order: Order): IndustrialOrder | null {
  const known = read.get(order);
  if (known !== undefined) return known;
  const schema = (orderSchemas as Record<string, z.ZodType>)[order.kind];
  const parsed = schema?.safeParse(order);
  const result = parsed?.success ? (parsed.data as IndustrialOrder) : null;
  read.set(order, result);
  return result;
}

const stackText = (o: { province: string; unitType?: string; count?: number }) =>
  `${o.count ? `${o.count} ` : ''}${o.unitType ? `${o.unitType} ` : ''}${o.province}`;

/** The standard notation: "march 2 infantry par -> bur", "build factory in par". */
export function formatOrder(raw: Order): string {
  const o = readOrder(raw);
  if (!o) return `${raw.kind} (not understood)`;
  switch (o.kind) {
    case 'deploy':
      return `deploy ${o.count ?? 1} ${o.unitType} in ${o.province}${o.sea ? ` at ${o.sea}` : ''}`;
    case 'attack':
      return `attack ${o.nation} on sight`;
    case 'cease-fire':
      return `cease fire ${o.nation}`;
    case 'transfer':
      return `transfer ${stackText(o)} to ${o.nation}`;
    case 'sail':
    case 'rail':
    case 'march':
    case 'invade':
    case 'embark':
      return `${o.kind} ${stackText(o)} -> ${o.target}`;
    case 'disembark':
      return `disembark ${stackText(o)} -> ${o.target}${o.invade ? ' (invade)' : ''}`;
    case 'supply-coast':
    case 'support-coast':
    case 'blockade':
    case 'support-defence':
    case 'support-attack':
    case 'cut-support':
      return `${o.kind} ${o.province} -> ${o.target}`;
    case 'salvage':
    case 'entrench':
      return `${o.kind} ${o.province}`;
    case 'provisional-capital':
      return `provisional capital ${o.province}`;
    case 'leader':
      return `change leader to ${o.name}`;
    case 'disband':
      return `disband ${stackText(o)}`;
    case 'build':
      return `build ${o.count && o.count > 1 ? `${o.count} ` : ''}${o.what}${o.province ? ` in ${o.province}` : ''}${o.sea ? ` at ${o.sea}` : ''}`;
    case 'authorize-payment':
    case 'cancel-payment':
      return `${o.kind} ${o.payment}`;
    case 'draft-treaty':
      return `draft treaty with ${partiesOf(o).join(', ')}${o.peace ? ': peace' : ''}${o.amount ? `: ${o.payer} pays ${o.amount} to ${o.payee}` : ''}`;
    case 'ratify-treaty':
      return `ratify treaty ${o.treaty}`;
    case 'record-agreement':
      return `record agreement with ${partiesOf(o).join(', ')}: ${o.terms}`;
    case 'expunge-agreement':
      return `expunge agreement ${o.agreement}`;
  }
}

const kindDocs: readonly OrderKindDoc[] = [
  {
    kind: 'deploy',
    summary:
      'New game: place starting resources in a province you own (ships in a port of yours, or a sea beside it). Every starting resource must be deployed.',
    examples: ['Deploy 3 infantry in par', 'Deploy general in par', 'Deploy warship in bre'],
  },
  {
    kind: 'attack',
    summary: 'Naval posture: put a nation on your kill-on-sight list; your ships attack its ships wherever they meet.',
    examples: ['Attack ger on sight'],
  },
  { kind: 'cease-fire', summary: 'Take a nation off your kill-on-sight list.', examples: ['Cease fire ger'] },
  {
    kind: 'transfer',
    summary: 'Transfer control of units to another nation; the first thing of each movement phase. Slots: province, unitType?, count?, nation.',
    examples: ['Transfer 2 infantry in par to ger'],
  },
  {
    kind: 'sail',
    summary: 'Move ships one step (one movement action); several sail orders for the same ships are rounds.',
    examples: ['Sail warship bre -> eng', 'Sail eng -> nth'],
  },
  {
    kind: 'disembark',
    summary: 'Land forces leave their ship onto a coast beside it (free in port; otherwise they cannot move on this turn, but may invade where they land).',
    examples: ['Disembark infantry eng -> pic', 'Disembark eng -> pic and invade'],
  },
  { kind: 'embark', summary: 'Land forces board your ships in the same port, or beside their province at sea.', examples: ['Embark 2 infantry bre -> eng'] },
  { kind: 'supply-coast', summary: 'Ships supply your forces in a coastal province beside them (ends their movement).', examples: ['Supply-coast eng -> pic'] },
  {
    kind: 'support-coast',
    summary: 'Ships support your forces fighting in a coastal province beside them (ends their movement).',
    examples: ['Support-coast eng -> pic'],
  },
  {
    kind: 'blockade',
    summary: 'Ships blockade an enemy port beside them: no supply and no income through it this turn (ends their movement).',
    examples: ['Blockade nth -> hol'],
  },
  { kind: 'salvage', summary: 'Ships take over an abandoned ship in their sea (ends their movement).', examples: ['Salvage nth'] },
  {
    kind: 'rail',
    summary: 'Move land forces along the railroad through provinces you control (3 provinces at tech 1-3, 4 at tech 4, 5 at tech 5), before their other order.',
    examples: ['Rail 2 infantry par -> mar'],
  },
  {
    kind: 'march',
    summary: 'Land forces march to a neighbouring province you control, or one that is neutral and unoccupied.',
    examples: ['March par -> bur', 'March 2 infantry par -> bur'],
  },
  { kind: 'entrench', summary: 'Land forces dig in: +1 to their defence while they stay.', examples: ['Entrench par'] },
  {
    kind: 'support-defence',
    summary: 'Infantry defend a neighbouring province with you: +1 for every 2 (rounded up).',
    examples: ['Support-defence bur -> par'],
  },
  {
    kind: 'support-attack',
    summary: 'Forces support an invasion of a neighbouring province: +1 for the location, and an attack of their own after the main one.',
    examples: ['Support-attack bur -> ruh'],
  },
  { kind: 'cut-support', summary: 'Forces cut the support offered from a neighbouring province.', examples: ['Cut-support ruh -> bur'] },
  { kind: 'invade', summary: 'Land forces attack a neighbouring province.', examples: ['Invade par -> bur', 'Invade 3 infantry par -> bur'] },
  {
    kind: 'provisional-capital',
    summary: 'With no capital controlled, name a province you control as the provisional capital (required).',
    examples: ['Provisional capital mar'],
  },
  { kind: 'leader', summary: 'Change leadership.', examples: ['Change leader to Gambetta'] },
  { kind: 'disband', summary: 'Disband units (conscripts too).', examples: ['Disband 2 infantry par', 'Disband conscript par'] },
  {
    kind: 'build',
    summary:
      'Economic phase: muster, manufacture or construct (infantry, conscript, artillery, warship, battleship, submarine, port, port-upgrade, factory, academy, fort, fort-mothball, fort-reactivate, railroad, canal, canal-investment, tech, displaced-workers, province-upgrade); paid now, placed when production completes.',
    examples: [
      'Muster 2 infantry in par',
      'Manufacture artillery in par',
      'Manufacture warship in bre',
      'Construct factory in par',
      'Upgrade tech level in par',
    ],
  },
  { kind: 'authorize-payment', summary: 'Authorize a scheduled payment (required for each one due).', examples: ['Authorize payment p3'] },
  { kind: 'cancel-payment', summary: 'Cancel a scheduled payment.', examples: ['Cancel payment p3'] },
  {
    kind: 'draft-treaty',
    summary: 'Draft a public treaty with other nations: peace, and/or a payment each season; it takes effect when every party ratifies it.',
    examples: ['Draft treaty with ger: peace', 'Draft treaty with ger: fra pays 2 to ger'],
  },
  { kind: 'ratify-treaty', summary: 'Ratify a drafted treaty.', examples: ['Ratify treaty t4'] },
  {
    kind: 'record-agreement',
    summary: 'Record a private agreement, seen only by its parties.',
    examples: ['Record agreement with ger about staying out of Belgium'],
  },
  { kind: 'expunge-agreement', summary: 'Expunge a private agreement you are party to.', examples: ['Expunge agreement a2'] },
];

/** The kinds players are shown, each with its slots. */
export const orderKinds: readonly OrderKindDoc[] = withSlots(kindDocs, orderSchemas);

/** The nations a treaty or agreement order names besides the one giving it. */
export function partiesOf(o: { nation: string; nation2?: string; nation3?: string }): string[] {
  return [...new Set([o.nation, o.nation2, o.nation3].filter((n): n is string => typeof n === 'string'))];
}
