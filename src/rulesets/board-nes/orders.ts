// Board NES order kinds: what a player may write, the slots the parser fills, and the canonical
// notation. Armies stack, so unit orders name a unit type, a province and a count, never unit ids.
import { z } from 'zod';
import { counted, withSlots, type Order, type OrderKindDoc } from '../../engine/index.ts';

const id = z.string().min(1);
const unitType = z.enum(['army', 'fleet']);
/** How many units of a stack an order moves: a number, or every unit that can. */
const count = z.union([z.number().int().min(1), z.literal('all')]);

export const structureKinds = ['town', 'military-base', 'city', 'engineered-city'] as const;

/** A battle plan's list: unit kinds (plural or singular) or classes, in order of preference. */
const planList = z.array(id).min(1);

export const orderSchemas = {
  // A unit kind (civ-advanced games) may stand in for the type: the ruleset derives the type from it.
  'buy-unit': z
    .object({
      kind: z.literal('buy-unit'),
      unitType: unitType.optional(),
      unitKind: id.optional(),
      province: id,
      count: z.number().int().min(1).optional(),
      sea: id.optional(),
    })
    .refine((o) => o.unitType !== undefined || o.unitKind !== undefined, { message: 'a purchase names a unit type or a unit kind' }),
  'buy-structure': z.object({ kind: z.literal('buy-structure'), structure: z.enum(structureKinds), province: id }),
  move: z.object({ kind: z.literal('move'), unitType, province: id, target: id, count: count.optional(), claim: z.boolean().optional() }),
  load: z.object({ kind: z.literal('load'), province: id, from: id, count: count.optional() }),
  unload: z.object({ kind: z.literal('unload'), province: id, target: id, count: count.optional(), claim: z.boolean().optional() }),
  'naval-attack': z.object({ kind: z.literal('naval-attack'), province: id, nation: id.optional() }),
  hold: z.object({ kind: z.literal('hold'), unitType, province: id, count: count.optional() }),
  disband: z.object({ kind: z.literal('disband'), unitType, province: id, count: count.optional() }),
  claim: z.object({ kind: z.literal('claim'), province: id }),
  caravan: z.object({ kind: z.literal('caravan'), nation: id, count: z.number().int().min(1), escorts: z.number().int().min(0).optional() }),
  steal: z.object({
    kind: z.literal('steal'),
    nation: id,
    mode: z.enum(['all', 'count', 'all-but', 'per']),
    count: z.number().int().min(0).optional(),
    per: z.number().int().min(1).optional(),
  }),
  aim: z.object({ kind: z.literal('aim'), nation: id, province: id.optional() }),
  'battle-plan': z.object({
    kind: z.literal('battle-plan'),
    wave: planList.optional(),
    aircraftSupport: z.union([id, planList]).optional(),
    casualties: planList.optional(),
  }),
} as const;

export type OrderKind = keyof typeof orderSchemas;
export type Count = z.infer<typeof count>;
/** An order as written, before the ruleset fills in what it implies (a purchase's unit type). */
export type WrittenOrder = { [K in OrderKind]: z.infer<(typeof orderSchemas)[K]> }[OrderKind];
export type BuyUnitOrder = Omit<z.infer<(typeof orderSchemas)['buy-unit']>, 'unitType'> & { unitType: 'army' | 'fleet' };
export type BuyStructureOrder = z.infer<(typeof orderSchemas)['buy-structure']>;
export type MoveOrder = z.infer<(typeof orderSchemas)['move']>;
export type LoadOrder = z.infer<(typeof orderSchemas)['load']>;
export type UnloadOrder = z.infer<(typeof orderSchemas)['unload']>;
export type NavalAttackOrder = z.infer<(typeof orderSchemas)['naval-attack']>;
export type HoldOrder = z.infer<(typeof orderSchemas)['hold']>;
export type DisbandOrder = z.infer<(typeof orderSchemas)['disband']>;
export type ClaimOrder = z.infer<(typeof orderSchemas)['claim']>;
export type CaravanOrder = z.infer<(typeof orderSchemas)['caravan']>;
export type StealOrder = z.infer<(typeof orderSchemas)['steal']>;
export type AimOrder = z.infer<(typeof orderSchemas)['aim']>;
export type BattlePlanOrder = z.infer<(typeof orderSchemas)['battle-plan']>;
export type BoardNesOrder =
  | BuyUnitOrder
  | BuyStructureOrder
  | MoveOrder
  | LoadOrder
  | UnloadOrder
  | NavalAttackOrder
  | HoldOrder
  | DisbandOrder
  | ClaimOrder
  | CaravanOrder
  | StealOrder
  | AimOrder
  | BattlePlanOrder;

/** Games fought with civ-advanced combat take unit kinds and battle plans. */
const civAdvanced = (options: Record<string, unknown>) => options.combat === 'civ-advanced';

const kindDocs: readonly OrderKindDoc[] = [
  {
    kind: 'buy-unit',
    summary:
      'Buy armies (2 gold) in a Military Base or City of yours, or fleets (3 gold) into a sea beside one; new units cannot move this turn. Slots: unitType, province, count?, sea? (needed when the Base borders several seas).',
    examples: ['Buy army in lon', 'Buy 2 army in lon', 'Buy fleet in lon at nth'],
    available: (options) => !civAdvanced(options),
  },
  {
    kind: 'buy-unit',
    summary:
      "Buy armies (2 gold) in a Military Base or City of yours, or fleets (3 gold) into a sea beside one; new units cannot move this turn. A purchase may name a unit kind of the game's unit table instead: ships are fleets, every other kind (aircraft too) is an army; without one, the game's default kind. Slots: unitType and/or unitKind, province, count?, sea? (needed when the Base borders several seas).",
    examples: ['Buy army in lon', 'Buy 2 swordsmen in lon', 'Buy galleon in lon at nth'],
    available: civAdvanced,
  },
  {
    kind: 'buy-structure',
    summary:
      'Build one structure in a province of yours per turn: town (2, empty province), military-base (3, on a Town), city (5, on a Base), engineered-city (15, empty province). Slots: structure, province.',
    examples: ['Build town in yor', 'Build military base in yor', 'Build city in lon', 'Build engineered city in wal'],
  },
  {
    kind: 'move',
    summary:
      'Move armies to a neighbouring land province (or aboard your fleets in a neighbouring sea, or off them), or fleets to a neighbouring sea; "claim" takes an unclaimed province. Slots: unitType, province, target, count? (number or all, default 1), claim?.',
    examples: ['Move army lon -> wal', 'Move 2 army lon -> wal (claim)', 'Move all army lon -> yor', 'Move fleet nth -> eng'],
  },
  {
    kind: 'load',
    summary:
      "Your fleets in a sea take on armies (up to 4 a fleet) from a shore province beside it; it is the fleet's action for the turn. Slots: province (the sea), from (the shore), count? (number or all, default 1).",
    examples: ['Load 2 army from lon onto nth', 'Load all army from lon onto nth'],
  },
  {
    kind: 'unload',
    summary:
      'Your fleets in a sea put their armies ashore on ONE land province beside it; "claim" takes it if unclaimed. Slots: province (the sea), target, count? (number or all, default all aboard), claim?.',
    examples: ['Unload all army from nth -> yor', 'Unload 2 army from nth -> yor (claim)'],
  },
  {
    kind: 'naval-attack',
    summary:
      'Your fleets in a sea attack the fleets there of one nation, or of every other nation when none is named (fleets otherwise sit side by side in peace). Slots: province (the sea), nation?.',
    examples: ['Naval attack blue in nth', 'Naval attack in nth'],
  },
  {
    kind: 'hold',
    summary: 'Units stay where they are (the same as giving them no order). Slots: unitType, province, count?.',
    examples: ['Hold all army lon', 'Hold fleet nth'],
  },
  {
    kind: 'disband',
    summary:
      'Disband units, first thing in the turn; a nation that ended last turn in debt names the units it could not support. Slots: unitType, province, count? (number or all, default 1).',
    examples: ['Disband army lon', 'Disband 2 army lon', 'Disband fleet nth'],
  },
  { kind: 'claim', summary: 'Your armies standing in an unclaimed (white) province claim it for your nation. Slots: province.', examples: ['Claim yor'] },
  {
    kind: 'caravan',
    summary:
      "Send caravans (1 gold each, 2 back unless stolen) and escorts (1 gold each, at most one a caravan) to a nation; at most that nation's tax income of the last update. Slots: nation, count, escorts?.",
    examples: ['Caravan 3 to blue', 'Caravan 3 to blue with 1 escort'],
  },
  {
    kind: 'steal',
    summary:
      'Steal caravans a nation sends to you: all, a number, all but a number, or a number for every so many sent (unescorted ones first). Slots: nation, mode (all | count | all-but | per), count?, per?.',
    examples: ['Steal all from blue', 'Steal 2 from blue', 'Steal all but 3 from blue', 'Steal 2 per 5 from blue'],
  },
  {
    kind: 'battle-plan',
    available: civAdvanced,
    summary:
      'Your standing battle plan, used in every battle until you send another: the units to put in a wave first, the class your aircraft support, the units to lose first (each a unit kind of the table, or a class: infantry, cavalry, artillery, naval); "default" goes back to the defaults. Slots: wave?, aircraftSupport? (a class or a list), casualties?.',
    examples: [
      'Battle plan: wave swordsmen, catapults; aircraft support cavalry; casualties chariots, catapults',
      'Battle plan: casualties machinegunners',
      'Battle plan: default',
    ],
  },
  {
    kind: 'aim',
    summary: 'In battles with more than two nations, your units aim their hits at one nation (in one province, or everywhere). Slots: nation, province?.',
    examples: ['Aim at blue', 'Aim at blue in lon'],
  },
];

/** The kinds players are shown, each with its slots. */
export const orderKinds: readonly OrderKindDoc[] = withSlots(kindDocs, orderSchemas);

const STRUCTURE_WORDS: Record<(typeof structureKinds)[number], string> = {
  town: 'town',
  'military-base': 'military base',
  city: 'city',
  'engineered-city': 'engineered city',
};

export function structureWord(structure: string): string {
  return STRUCTURE_WORDS[structure as (typeof structureKinds)[number]] ?? structure;
}

/** "2 army", "army", "all army": counts of 1 are left out, as players write them. */
function stack(n: unknown, unit: string): string {
  return n === undefined || n === 1 ? unit : `${String(n)} ${unit}`;
}

const claimed = (o: Order) => (o.claim ? ' (claim)' : '');

/** The order in canonical notation, e.g. "Move 2 army lon -> wal (claim)". */
export function formatOrder(order: Order): string {
  const o = order as Record<string, unknown> & Order;
  const s = (k: string) => String(o[k]);
  switch (o.kind) {
    case 'buy-unit':
      return `Buy ${stack(o.count, o.unitKind === undefined ? s('unitType') : s('unitKind'))} in ${s('province')}${o.sea ? ` at ${s('sea')}` : ''}`;
    case 'buy-structure':
      return `Build ${structureWord(s('structure'))} in ${s('province')}`;
    case 'move':
      return `Move ${stack(o.count, s('unitType'))} ${s('province')} -> ${s('target')}${claimed(o)}`;
    case 'load':
      return `Load ${stack(o.count, 'army')} from ${s('from')} onto ${s('province')}`;
    case 'unload':
      return `Unload ${stack(o.count ?? 'all', 'army')} from ${s('province')} -> ${s('target')}${claimed(o)}`;
    case 'naval-attack':
      return o.nation ? `Naval attack ${s('nation')} in ${s('province')}` : `Naval attack in ${s('province')}`;
    case 'hold':
      return `Hold ${stack(o.count, s('unitType'))} ${s('province')}`;
    case 'disband':
      return `Disband ${stack(o.count, s('unitType'))} ${s('province')}`;
    case 'claim':
      return `Claim ${s('province')}`;
    case 'caravan': {
      const escorts = Number(o.escorts ?? 0);
      return `Caravan ${s('count')} to ${s('nation')}${escorts ? ` with ${counted(escorts, 'escort')}` : ''}`;
    }
    case 'steal':
      if (o.mode === 'all') return `Steal all from ${s('nation')}`;
      if (o.mode === 'all-but') return `Steal all but ${s('count')} from ${s('nation')}`;
      if (o.mode === 'per') return `Steal ${s('count')} per ${s('per')} from ${s('nation')}`;
      return `Steal ${s('count')} from ${s('nation')}`;
    case 'aim':
      return `Aim at ${s('nation')}${o.province ? ` in ${s('province')}` : ''}`;
    case 'battle-plan':
      return `Battle plan: ${planParts(o).join('; ') || 'default'}`;
    default:
      return `${o.kind} ${JSON.stringify({ ...o, kind: undefined })}`;
  }
}

/** "wave swordsmen, catapults", "aircraft support cavalry", "casualties chariots": the plan's parts as written. */
export function planParts(written: object): string[] {
  const plan = written as { wave?: unknown; aircraftSupport?: unknown; casualties?: unknown };
  const list = (v: unknown) => [v].flat().map(String).join(', ');
  return [
    plan.wave !== undefined && `wave ${list(plan.wave)}`,
    plan.aircraftSupport !== undefined && `aircraft support ${list(plan.aircraftSupport)}`,
    plan.casualties !== undefined && `casualties ${list(plan.casualties)}`,
  ].filter((part): part is string => typeof part === 'string');
}

/** The order checked against its kind's slots; null when a slot is missing or of the wrong shape. */
export function readOrder(order: Order): WrittenOrder | null {
  if (!Object.hasOwn(orderSchemas, order.kind)) return null;
  const schema = (orderSchemas as Record<string, z.ZodType<WrittenOrder>>)[order.kind];
  const parsed = schema.safeParse(order);
  return parsed.success ? parsed.data : null;
}
