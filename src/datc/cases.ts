// DATC cases from datc_v3.json, as warfare states and parsed orders. `ENG: F nth -> pic` reads
// nation, unit type, place, order; a case without starting units takes them from its orders.
import type { Order, Unit } from '../engine/index.ts';
import type { Edition } from '../rulesets/warfare/options.ts';
import type { WarfareState } from '../rulesets/warfare/state.ts';
import { placeOf, standardNations } from './standard-map.ts';

export type Expected = 'Succeeds' | 'Fails' | null;
export type Phase = 'Main' | 'Retreat' | 'Build';

export interface JsonCase {
  name: string;
  url: string;
  phase: Phase;
  edition?: Edition;
  ignore?: string;
  errata?: string;
  starting_state?: string[];
  orders: Record<string, Expected>;
  preceding_main_phase?: { starting_state?: string[]; orders: Record<string, Expected> };
  occupiers?: Record<string, string>;
  civil_disorder?: string[];
}

export interface CaseOrder {
  text: string;
  nation: string;
  order: Order;
  expected: Expected;
}

const unitPattern = /^([A-Z]{3}): ([AF]) ([a-z]{3}(?:\(\w+\))?)$/;

export function parsePosition(text: string): { nation: string; type: 'army' | 'fleet'; province: string; coast?: string } {
  const m = unitPattern.exec(text.trim());
  if (!m) throw new Error(`"${text}" is not a DATC unit position.`);
  const [province, coast] = placeOf(m[3]).split('/');
  return { nation: m[1].toLowerCase(), type: m[2] === 'F' ? 'fleet' : 'army', province, ...(coast ? { coast } : {}) };
}

/** One DATC order line as a parsed warfare order; `->` is a retreat in the retreat phase. */
function parseOrder(text: string, phase: Phase): { nation: string; order: Order; unit: ReturnType<typeof parsePosition> } {
  const m = /^([A-Z]{3}: [AF] [a-z]{3}(?:\(\w+\))?) (.+)$/.exec(text.trim());
  if (!m) throw new Error(`"${text}" is not a DATC order.`);
  const unit = parsePosition(m[1]);
  const head = { unitType: unit.type, province: unit.province, ...(unit.coast ? { coast: unit.coast } : {}) };
  const rest = m[2].trim();
  const place = (region: string) => {
    const [province, coast] = placeOf(region).split('/');
    return { province, coast };
  };
  let order: Order;
  let g: RegExpExecArray | null;
  if (/^holds?$/i.test(rest)) order = { kind: 'hold', ...head };
  else if (/^build$/i.test(rest)) order = { kind: 'build', ...head };
  else if (/^disband$/i.test(rest)) order = { kind: 'disband', ...head };
  else if ((g = /^-> ([a-z]{3}(?:\(\w+\))?)( via convoy)?$/i.exec(rest))) {
    const t = place(g[1]);
    order = {
      kind: phase === 'Retreat' ? 'retreat' : 'move',
      ...head,
      target: t.province,
      ...(t.coast ? { targetCoast: t.coast } : {}),
      ...(g[2] ? { viaConvoy: true } : {}),
    };
  } else if ((g = /^supports (?:([AF]) )?([a-z]{3}(?:\(\w+\))?)(?: -> ([a-z]{3}(?:\(\w+\))?))?$/i.exec(rest))) {
    const subjectType = g[1] ? (g[1] === 'F' ? 'fleet' : 'army') : undefined;
    const t = g[3] ? place(g[3]) : undefined;
    order = {
      kind: 'support',
      ...head,
      ...(subjectType ? { subjectType } : {}),
      subject: place(g[2]).province,
      ...(t ? { target: t.province, ...(t.coast ? { targetCoast: t.coast } : {}) } : {}),
    };
  } else if ((g = /^convoys (?:A )?([a-z]{3}) -> ([a-z]{3})$/i.exec(rest))) {
    order = { kind: 'convoy', ...head, subject: g[1], target: g[2] };
  } else throw new Error(`"${text}" is not a DATC order.`);
  return { nation: unit.nation, order, unit };
}

export function caseOrders(orders: Record<string, Expected>, phase: Phase): CaseOrder[] {
  return Object.entries(orders).map(([text, expected]) => ({ text, expected, ...parseOrder(text, phase) }));
}

export function unitsAt(positions: readonly string[]): Unit[] {
  return positions.map((text, i) => {
    const p = parsePosition(text);
    return { id: `${p.type[0]}${i + 1}`, type: p.type, nation: p.nation, province: p.province, ...(p.coast ? { coast: p.coast } : {}) };
  });
}

/** The units a movement case without starting positions implies: one per ordered unit. */
export function unitsOrdered(orders: readonly CaseOrder[]): Unit[] {
  const seen = new Set<string>();
  const positions: string[] = [];
  for (const o of orders) {
    const position = o.text.split(' ').slice(0, 3).join(' ');
    const province = position.split(' ')[2].slice(0, 3);
    if (seen.has(province)) continue;
    seen.add(province);
    positions.push(position);
  }
  return unitsAt(positions);
}

/** A warfare state on the standard map: home centres owned by their nations, as at the start. */
export function standardState(homes: ReadonlyMap<string, string>, units: Unit[], phase: WarfareState['phase']): WarfareState {
  const provinces: WarfareState['provinces'] = {};
  for (const [province, nation] of homes) provinces[province] = { owner: nation };
  return {
    turn: 1,
    phase,
    nations: Object.fromEntries(Object.entries(standardNations).map(([id, name]) => [id, { id, name }])),
    provinces,
    units,
    nextUnitId: units.length + 1,
    extra: { season: phase === 'adjustments' ? 'winter' : 'spring', year: 1901, dislodged: [] },
  };
}

export function ordersByNation(orders: readonly CaseOrder[]): Record<string, Order[]> {
  const by: Record<string, Order[]> = {};
  for (const o of orders) (by[o.nation] ??= []).push(o.order);
  return by;
}

/** "6.G.11" from the case's address; "t6g11_a_convoy_..." gives "a convoy ..." as its title. */
export function caseId(json: JsonCase): string {
  return /#(.+)$/.exec(json.url)?.[1] ?? json.name;
}

export function caseTitle(json: JsonCase): string {
  return json.name.replace(/^t\d[a-z]\d+_/, '').replace(/_/g, ' ');
}
