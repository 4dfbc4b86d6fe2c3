// Warfare's words in reports: every order with its result the way judges print them, supply-centre
// counts and builds, dislodgements with their retreats, captures; and what the map draws of a step.
// The events are this ruleset's own (movement.ts, retreats.ts, adjustments.ts, ownership.ts), so
// their fields are read with the types those files write.
import {
  counted,
  listOf,
  nation,
  province,
  say,
  type GameEvent,
  type NationOrders,
  type Order,
  type PublicView,
  type ReportHooks,
  type ReportSection,
  type Sentence,
  type TurnMarks,
} from '../../engine/index.ts';
import type { WarfareOptions } from './options.ts';
import type { RevealedOrder } from './order-results.ts';
import { warfareOrderMarks } from './order-marks.ts';

const article = (word: string) => (/^[aeiou]/i.test(word) ? `an ${word}` : `a ${word}`);
const str = (value: unknown) => (typeof value === 'string' ? value : '');
const strings = (value: unknown) => (Array.isArray(value) ? value.filter((v): v is string => typeof v === 'string') : []);
const of = (events: readonly GameEvent[], type: string) => events.filter((e) => e.type === type);

/** "Munich", "Spain (nc)": a place as judges print it. */
function place(id: unknown, coast?: unknown): Sentence {
  if (typeof id !== 'string') return ['?'];
  return typeof coast === 'string' && coast ? [province(id), ` (${coast})`] : [province(id)];
}

const letter = (type: unknown) => (type === 'fleet' ? 'F' : 'A');

/** The order in the standard notation, with province names: "A Munich - Burgundy". */
export function orderSentence(order: Order): Sentence {
  const unit = [`${letter(order.unitType)} `, ...place(order.province, order.coast)];
  const target = place(order.target, order.targetCoast);
  switch (order.kind) {
    case 'hold':
      return [...unit, ' H'];
    case 'move':
      return [...unit, ' - ', ...target, ...(order.viaConvoy === true ? [' via convoy'] : [])];
    case 'support': {
      const subject = [`${order.subjectType ? `${letter(order.subjectType)} ` : ''}`, ...place(order.subject)];
      return typeof order.target === 'string' ? [...unit, ' S ', ...subject, ' - ', ...target] : [...unit, ' S ', ...subject];
    }
    case 'convoy':
      return [...unit, ' C A ', ...place(order.subject), ' - ', ...target];
    case 'retreat':
      return [...unit, ' R ', ...target];
    case 'disband':
      return [...unit, ' D'];
    case 'build':
      return ['Build ', ...unit];
    case 'waive':
      return ['Waive'];
    default:
      return [`${order.kind} `, ...unit];
  }
}

/** Judges' words for a failed order. */
const RESULT_WORDS: Record<string, string> = {
  BOUNCED: 'bounced',
  OWN_UNIT: 'bounced',
  DISLODGED: 'dislodged',
  CUT: 'cut',
  UNMATCHED: 'void: no such order',
  NO_CONVOY: 'no convoy',
  CONVOY_PARADOX: 'convoy paradox',
};

function resultWords(r: RevealedOrder, dislodged: ReadonlySet<string>): string | null {
  const words: string[] = [];
  if (!r.ok) words.push(r.reason ? (RESULT_WORDS[r.reason] ?? r.reason.toLowerCase().replace(/_/g, ' ')) : 'failed');
  const at = str(r.given.province);
  if (at && dislodged.has(at) && !words.includes('dislodged') && r.given.kind !== 'retreat') words.push('dislodged');
  return words.length ? words.join(', ') : null;
}

function revealedOrders(view: PublicView): NationOrders[] {
  const dislodged = new Set(of(view.events, 'unit.dislodged').map((e) => str(e.from)));
  const byNation = new Map<string, NationOrders>();
  for (const event of of(view.events, 'orders.revealed')) {
    for (const r of (Array.isArray(event.orders) ? event.orders : []) as RevealedOrder[]) {
      let entry = byNation.get(r.nation);
      if (!entry) byNation.set(r.nation, (entry = { nation: r.nation, orders: [] }));
      entry.orders.push({ order: orderSentence(r.given), result: resultWords(r, dislodged) });
    }
  }
  return [...byNation.values()];
}

function dislodgements(events: readonly GameEvent[]): Sentence[] {
  return of(events, 'unit.dislodged').map((e) => {
    const retreats = strings(e.retreats);
    const where: Sentence = retreats.length
      ? [
          ' It may retreat to ',
          ...listOf(
            retreats.map((p) => [province(p)]),
            ' or ',
          ),
          '.',
        ]
      : [' It has nowhere to retreat.'];
    return [
      ...say`${nation(str(e.nation))}'s ${str(e.unitType) || 'unit'} in ${province(str(e.from))} was dislodged by the attack from ${province(str(e.by))}.`,
      ...where,
    ];
  });
}

function retreats(events: readonly GameEvent[]): Sentence[] {
  const lines: Sentence[] = [];
  for (const e of events) {
    if (e.type === 'unit.retreated')
      lines.push(say`${nation(str(e.nation))}'s ${str(e.unitType)} retreated from ${province(str(e.from))} to ${province(str(e.to))}.`);
    else if (e.type === 'retreat.bounced')
      lines.push(
        say`${nation(str(e.nation))}'s unit in ${province(str(e.province))} could not retreat to ${province(str(e.target))}: another unit tried the same, and both were disbanded.`,
      );
    else if (e.type === 'unit.disbanded' && e.reason === 'NO_RETREAT')
      lines.push(say`${nation(str(e.nation))}'s ${str(e.unitType) || 'unit'} in ${province(str(e.province))} had nowhere to retreat and was disbanded.`);
    else if (e.type === 'unit.disbanded' && e.reason === 'NO_ORDER')
      lines.push(
        say`${nation(str(e.nation))}'s ${str(e.unitType) || 'unit'} dislodged from ${province(str(e.province))} had no retreat order and was disbanded.`,
      );
  }
  return lines;
}

/** A supply centre is the landmark every Diplomacy map has: said with the capture, not on a line of its own. */
const SUPPLY_CENTRE = 'supply-center';

function captures(events: readonly GameEvent[]): Sentence[] {
  const centres = new Set(events.filter((e) => e.type === 'landmark.captured' && e.landmark === SUPPLY_CENTRE).map((e) => str(e.province)));
  const lines: Sentence[] = [];
  for (const e of events) {
    const from = str(e.from);
    const place = str(e.province);
    const centre = centres.has(place) ? ', a supply centre' : '';
    if (e.type === 'province.captured')
      lines.push([...say`${nation(str(e.nation))} took ${province(place)}${centre}`, ...(from ? say` from ${nation(from)}` : []), '.']);
    else if (e.type === 'landmark.captured' && e.landmark !== SUPPLY_CENTRE)
      lines.push(say`${nation(str(e.nation))} captured the ${str(e.landmark).replace(/-/g, ' ')} in ${province(place)}, which ${str(e.benefit)}.`);
  }
  return lines;
}

function adjustments(view: PublicView): Sentence[] {
  const lines: Sentence[] = [];
  for (const e of view.events) {
    const who = nation(str(e.nation));
    if (e.type === 'unit.built') lines.push(say`${who} built ${article(str(e.unitType) || 'unit')} in ${province(str(e.province))}.`);
    else if (e.type === 'unit.disbanded' && e.reason === 'ORDERED')
      lines.push(say`${who} disbanded its ${str(e.unitType) || 'unit'} in ${province(str(e.province))}.`);
    else if (e.type === 'unit.disbanded' && e.reason === 'CIVIL_DISORDER')
      lines.push(say`${who} gave too few disbands, so its ${str(e.unitType)} in ${province(str(e.province))} was disbanded in civil disorder.`);
    else if (e.type === 'builds.waived') lines.push(say`${who} waived ${counted(Number(e.count), 'build')}.`);
  }
  for (const n of view.nations) {
    if (typeof n.adjustment !== 'number' || n.adjustment === 0) continue;
    const count = Math.abs(n.adjustment);
    lines.push(n.adjustment > 0 ? say`${nation(n.id)} may build ${counted(count, 'unit')}.` : say`${nation(n.id)} must disband ${counted(count, 'unit')}.`);
  }
  return lines;
}

function nextStep(events: readonly GameEvent[]): Sentence[] {
  return of(events, 'phase.begins').map((e) => [
    `Next: ${str(e.season).charAt(0).toUpperCase()}${str(e.season).slice(1)} ${Number(e.year)}, ${e.phase === 'orders' ? 'orders' : e.phase === 'retreats' ? 'retreats' : 'builds and disbands'}.`,
  ]);
}

function news(view: PublicView): ReportSection[] {
  return [
    { title: 'Dislodged units', lines: dislodgements(view.events) },
    { title: 'Retreats', lines: retreats(view.events) },
    { title: 'Captures', lines: captures(view.events) },
    { title: 'Builds and disbands', lines: adjustments(view) },
    { title: 'Next', lines: nextStep(view.events) },
  ].filter((s) => s.lines.length);
}

function turnMarks(view: PublicView): TurnMarks {
  const marks: TurnMarks = { arrows: [], provinces: [] };
  const dislodged = new Set(of(view.events, 'unit.dislodged').map((e) => str(e.from)));
  for (const event of of(view.events, 'orders.revealed')) {
    for (const r of (Array.isArray(event.orders) ? event.orders : []) as RevealedOrder[]) {
      const o = r.given;
      if (typeof o.province !== 'string') continue;
      const ok = r.ok && !dislodged.has(o.province);
      if (o.kind === 'move' && typeof o.target === 'string') marks.arrows.push({ kind: 'move', from: o.province, to: o.target, ok: r.ok, nation: r.nation });
      else if ((o.kind === 'support' || o.kind === 'convoy') && typeof o.subject === 'string')
        marks.arrows.push({ kind: o.kind, from: o.province, to: o.subject, ...(typeof o.target === 'string' ? { via: o.target } : {}), ok, nation: r.nation });
      else if (o.kind === 'retreat' && typeof o.target === 'string')
        marks.arrows.push({ kind: 'retreat', from: o.province, to: o.target, ok: r.ok, nation: r.nation });
    }
  }
  // Without revealed orders, the public moves still show: every unit that moved or retreated.
  if (!marks.arrows.length) {
    for (const e of view.events) {
      if (e.type === 'unit.moved') marks.arrows.push({ kind: 'move', from: str(e.from), to: str(e.to), ok: true, nation: str(e.nation) });
      if (e.type === 'unit.retreated') marks.arrows.push({ kind: 'retreat', from: str(e.from), to: str(e.to), ok: true, nation: str(e.nation) });
    }
  }
  for (const p of dislodged) marks.provinces.push({ province: p, mark: 'dislodged' });
  for (const e of view.events) {
    if (e.type === 'province.captured' && str(e.from)) marks.provinces.push({ province: str(e.province), mark: 'captured' });
    else if (e.type === 'unit.built') marks.provinces.push({ province: str(e.province), mark: 'built' });
    else if (e.type === 'unit.disbanded') marks.provinces.push({ province: str(e.province), mark: 'disbanded' });
  }
  return marks;
}

const hasMercenaries = (view: PublicView) => view.nations.some((n) => typeof n.mercenaries === 'number' && n.mercenaries > 0);

export const warfareReport: ReportHooks<WarfareOptions> = {
  updateTable(_ctx, view) {
    const mercenaries = hasMercenaries(view);
    const adjusting = view.nations.some((n) => typeof n.adjustment === 'number');
    const columns = ['Supply centres', 'Units', ...(mercenaries ? ['Mercenaries', 'Might'] : []), ...(adjusting ? ['Builds'] : [])];
    const rows = view.nations.map((n) => {
      const adjustment = typeof n.adjustment === 'number' ? n.adjustment : 0;
      const cells: Array<number | string> = [
        Number(n.supplyCenters ?? 0),
        n.units,
        ...(mercenaries ? [Number(n.mercenaries), Number(n.might)] : []),
        ...(adjusting ? [adjustment > 0 ? `+${adjustment}` : String(adjustment)] : []),
      ];
      return { nation: n.id, cells };
    });
    return { columns, rows };
  },
  battles: () => [],
  publicNews: (_ctx, view) => news(view),
  privateNews: (_ctx, view) => news(view),
  revealedOrders: (_ctx, view) => revealedOrders(view),
  noOrders(_ctx, before, nations) {
    const retreating = new Set((Array.isArray(before.dislodged) ? before.dislodged : []).map((d: { unit?: { nation?: string } }) => d.unit?.nation));
    const treatment =
      before.phase === 'retreats'
        ? 'its dislodged units were disbanded'
        : before.phase === 'adjustments'
          ? 'its builds were waived, and any disbands made by the rules of civil disorder'
          : 'its units held';
    const concerned = nations.filter((n) =>
      before.phase === 'retreats'
        ? retreating.has(n)
        : before.phase === 'adjustments'
          ? before.nations.some((v) => v.id === n && v.adjustment)
          : before.units.some((u) => u.nation === n),
    );
    return concerned.map((n) => say`${nation(n)} sent no orders; ${treatment}.`);
  },
  turnMarks: (_ctx, view) => turnMarks(view),
  orderMarks: (_ctx, nation, orders) => warfareOrderMarks(nation, orders),
};
