// Board NES's words in reports: battles told as a GM tells them (who attacked whom with how many,
// who lost what, whether the province fell), captures, purchases and disbands, each nation's gold;
// a nation's own trade news; and what the map draws of a turn. The events are this ruleset's own
// (battle.ts and phases/), so their fields are read with the shapes those files write.
import { caravansBack } from './phases/trade.ts';
import {
  counted,
  nation,
  plural,
  province,
  say,
  type GameEvent,
  type NationView,
  type PublicView,
  type ReportHooks,
  type ReportSection,
  type RulesetContext,
  type Sentence,
  type TurnMarks,
} from '../../engine/index.ts';
import type { BoardNesOptions } from './options.ts';
import { structureWord } from './orders.ts';
import { boardNesOrderMarks } from './order-marks.ts';

interface BattleSideFields {
  nation: string;
  role?: string;
  units: number;
  lost?: number;
}

/** "fleet", "3 armies": a single unit goes without its count. */
const units = (type: string, n: number) => (n === 1 ? type || 'unit' : counted(n, type || 'unit'));
const str = (value: unknown) => (typeof value === 'string' ? value : '');
const count = (value: unknown) => (Array.isArray(value) ? value.length : 0);
const of = (events: readonly GameEvent[], type: string) => events.filter((e) => e.type === type);

function sideList(sides: readonly BattleSideFields[], words: (s: BattleSideFields) => Sentence): Sentence {
  return sides.flatMap((s, i) => [...(i === 0 ? [] : i === sides.length - 1 ? [' and '] : [', ']), ...words(s)]);
}

/** A side's losses: "none", "1 army", "its army", "both its armies", "all its 3 armies". */
function lossWords(type: string, s: BattleSideFields): string {
  const lost = s.lost ?? 0;
  if (!lost) return 'none';
  if (lost < s.units) return counted(lost, type);
  if (s.units === 1) return `its ${type}`;
  return s.units === 2 ? `both its ${plural(type)}` : `all its ${counted(lost, type)}`;
}

/** "Caledonia's 3 armies attacked York, held by Londinium's 2 armies; Caledonia lost 1 army, Londinium lost all 2 armies and York fell to Caledonia." */
function battleStory(e: GameEvent, events: readonly GameEvent[]): Sentence {
  const place = str(e.place);
  const type = e.kind === 'naval' ? 'fleet' : 'army';
  const sides = (Array.isArray(e.sides) ? e.sides : []) as BattleSideFields[];
  const attackers = sides.filter((s) => s.role === 'attacker');
  const defenders = sides.filter((s) => s.role !== 'attacker');
  const force = (s: BattleSideFields) => say`${nation(s.nation)}'s ${units(type, s.units)}`;
  const opening: Sentence = attackers.length
    ? [...sideList(attackers, force), ` attacked `, province(place), ...(defenders.length ? [', held by ', ...sideList(defenders, force)] : [])]
    : [...sideList(sides, force), ' fought in ', province(place)];
  const losses = sides.every((s) => s.units === 1 && s.lost === 1)
    ? [`each side lost its single ${type}`]
    : [...attackers, ...defenders].flatMap((s, i) => [...(i ? [', '] : []), ...say`${nation(s.nation)} lost ${lossWords(type, s)}`]);
  const taken = events.find((c) => (c.type === 'province.captured' || c.type === 'province.claimed') && c.province === place);
  const winner = str(e.winner);
  const end: Sentence = taken
    ? say` and ${province(place)} fell to ${nation(str(taken.nation))}`
    : winner
      ? say`; ${nation(winner)} held the field`
      : ['; no one was left standing'];
  return [...opening, '; ', ...losses, ...end, '.'];
}

function battles(ctx: RulesetContext<BoardNesOptions>, events: readonly GameEvent[]) {
  return of(events, 'battle.fought').map((e) => {
    const place = str(e.place);
    const rounds = Array.isArray(e.rounds) ? e.rounds : [];
    const combat = ctx.combat.has(str(e.combat)) ? ctx.combat.get(str(e.combat)) : undefined;
    const part = typeof e.part === 'number' ? ` (part ${e.part})` : '';
    return {
      province: place,
      title: [e.kind === 'naval' ? 'Sea battle in ' : 'Battle in ', province(place), part],
      story: battleStory(e, events),
      dice: combat?.report?.rounds(rounds) ?? [],
      notes: (Array.isArray(e.notes) ? e.notes : []).map((n) => [String(n)]),
    };
  });
}

function captureLine(e: GameEvent): Sentence {
  const from = str(e.from);
  const down = e.downgraded as { from: string | null; to: string | null } | undefined;
  const structure: Sentence = down?.from ? [`; its ${structureWord(down.from)} ${down.to ? `became a ${structureWord(down.to)}` : 'was destroyed'}`] : [];
  const verb =
    e.type === 'province.claimed'
      ? say`${nation(str(e.nation))} claimed ${province(str(e.province))}`
      : say`${nation(str(e.nation))} took ${province(str(e.province))}${from ? ' from ' : ''}`;
  return [...verb, ...(from && e.type !== 'province.claimed' ? [nation(from)] : []), ...structure, '.'];
}

function publicSections(view: PublicView | NationView): ReportSection[] {
  const moves: Sentence[] = [];
  const captures: Sentence[] = [];
  const building: Sentence[] = [];
  for (const e of view.events) {
    const who = nation(str(e.nation));
    if (e.type === 'units.moved')
      moves.push(
        say`${who}'s ${units(str(e.unitType), count(e.units))} ${e.landed ? 'landed' : 'moved'} from ${province(str(e.from))} to ${province(str(e.to))}.`,
      );
    else if (e.type === 'units.boarded')
      moves.push(say`${who}'s ${units('army', count(e.units))} boarded fleets in ${province(str(e.sea))} from ${province(str(e.from))}.`);
    else if (e.type === 'units.fell-back')
      moves.push(
        say`${who}'s attack on ${province(str(e.from))} broke off: ${count(e.units)} fell back to ${province(str(e.to))}${count(e.lost) ? `, ${count(e.lost)} had nowhere to go and were lost` : ''}.`,
      );
    else if (e.type === 'armies.drowned') moves.push(say`${counted(count(e.units), 'army')} went down with a sunken fleet in ${province(str(e.sea))}.`);
    else if (e.type === 'province.captured' || e.type === 'province.claimed') captures.push(captureLine(e));
    else if (e.type === 'units.bought') building.push(say`${who} raised ${counted(count(e.units), str(e.unitType))} in ${province(str(e.province))}.`);
    else if (e.type === 'structure.built') building.push(say`${who} built a ${structureWord(str(e.structure))} in ${province(str(e.province))}.`);
    else if (e.type === 'units.disbanded')
      building.push(
        e.reason === 'UNSUPPORTED'
          ? say`${who} could not pay its upkeep and lost ${counted(count(e.units), 'unit')}.`
          : say`${who} disbanded ${counted(count(e.units), str(e.unitType) || 'unit')}${str(e.province) ? ' in ' : ''}${str(e.province) ? province(str(e.province)) : ''}.`,
      );
  }
  return [
    { title: 'Captures', lines: captures },
    { title: 'Movements', lines: moves },
    { title: 'Purchases and disbands', lines: building },
  ].filter((s) => s.lines.length);
}

/** What only the nation was told: its caravans, thefts by and from it, gold it lacks. */
function tradeSection(view: NationView): ReportSection {
  const lines: Sentence[] = [];
  for (const e of view.events) {
    if (e.type === 'caravans.returned') lines.push([caravansBack(Number(e.sent), Number(e.returned), Number(e.gold))]);
    else if (e.type === 'caravan.stolen' && e.thief === view.nation)
      lines.push(say`Your minions stole ${Number(e.count)} of ${nation(str(e.victim))}'s caravans, worth ${counted(Number(e.gold), 'gold')}.`);
    else if (e.type === 'caravan.stolen' && e.escortSaw)
      lines.push(
        say`Your escorts came back with bad news: ${nation(str(e.thief))} stole ${Number(e.escorted) === 1 ? 'an escorted caravan' : counted(Number(e.escorted), 'escorted caravan')}.`,
      );
    else if (e.type === 'gold.short' && typeof e.message === 'string') lines.push([e.message]);
  }
  return { title: 'Trade and treasury', lines };
}

function turnMarks(view: PublicView): TurnMarks {
  const marks: TurnMarks = { arrows: [], provinces: [] };
  const brokeOff = new Set(of(view.events, 'units.fell-back').map((e) => `${str(e.to)}>${str(e.from)}`));
  for (const e of view.events) {
    const p = str(e.province);
    if (e.type === 'units.moved')
      marks.arrows.push({ kind: 'move', from: str(e.from), to: str(e.to), ok: !brokeOff.has(`${str(e.from)}>${str(e.to)}`), nation: str(e.nation) });
    else if (e.type === 'battle.fought') marks.provinces.push({ province: str(e.place), mark: 'battle' });
    else if (e.type === 'province.captured' || e.type === 'province.claimed') marks.provinces.push({ province: p, mark: 'captured' });
    else if (e.type === 'units.bought') marks.provinces.push({ province: p, mark: 'built' });
    else if (e.type === 'structure.built') marks.provinces.push({ province: p, mark: 'structure' });
    else if (e.type === 'units.disbanded' && p) marks.provinces.push({ province: p, mark: 'disbanded' });
  }
  return marks;
}

export const boardNesReport: ReportHooks<BoardNesOptions> = {
  updateTable: (_ctx, view) => ({
    columns: ['Gold', 'Tax income', 'Provinces', 'Units'],
    rows: view.nations.map((n) => ({ nation: n.id, cells: [Number(n.gold ?? 0), Number(n.taxIncome ?? 0), n.provinces, n.units] })),
  }),
  battles,
  publicNews: (_ctx, view) => publicSections(view),
  privateNews: (_ctx, view) => [tradeSection(view), ...publicSections(view)].filter((s) => s.lines.length),
  noOrders: (_ctx, _before, nations) => nations.map((n) => say`${nation(n)} sent no orders: its units held where they stood, and it bought nothing.`),
  turnMarks: (_ctx, view) => turnMarks(view),
  orderMarks: (_ctx, nation, orders) => boardNesOrderMarks(nation, orders),
};
