// CNES's words in reports: battles as stories (battle-story.ts), then what forum readers learn in
// titled sections (alliances and wars, provinces taken and improved, movements, losses, building),
// and what only a nation is told (its purchases, razing, air missions, halted moves). Nations and
// provinces stay ids, which render names; units are counted by their card.
import {
  counted,
  listOf,
  nation,
  province,
  say,
  type GameEvent,
  type NationView,
  type PublicView,
  type ReportHooks,
  type ReportSection,
  type ReportTable,
  type RulesetContext,
  type Sentence,
} from '../../engine/index.ts';
import { flies } from '../../combat/cnes-heat/index.ts';
import { battleStories, kindsWords } from './battle-story.ts';
import { cnesMarks } from './marks.ts';
import type { CnesOptions } from './options.ts';
import { cnesOrderMarks } from './order-marks.ts';

const str = (value: unknown) => (typeof value === 'string' ? value : '');
const kindOf = (e: GameEvent) => str(e.unitKind) || 'unit';

const IMPROVED: Record<string, string> = {
  urban: 'urbanized',
  industrial: 'industrialized',
  port: 'built a port in',
  airbase: 'built an airbase in',
  lab: 'built a research lab in',
};
const RAZED: Record<string, string> = { urban: 'urbanization', industrial: 'industry', forest: 'forest', port: 'port', airbase: 'airbase' };
const STATUS: Record<string, string> = { allied: 'allied', war: 'at war', peace: 'at peace' };
const WHY: Record<string, string> = { entered: 'entered the territory of', battle: 'fought', declared: 'declared war on' };

/** Events that say the same of several units, counted by card under one key, in first-seen order. */
function grouped(events: readonly GameEvent[], key: (e: GameEvent) => string): Array<{ first: GameEvent; kinds: Record<string, number> }> {
  const groups = new Map<string, { first: GameEvent; kinds: Record<string, number> }>();
  for (const e of events) {
    const k = key(e);
    const g = groups.get(k) ?? groups.set(k, { first: e, kinds: {} }).get(k)!;
    g.kinds[kindOf(e)] = (g.kinds[kindOf(e)] ?? 0) + 1;
  }
  return [...groups.values()];
}

/** Each unit's steps joined into one path, then units on the same path counted together. */
function movements(events: readonly GameEvent[]): Sentence[] {
  const paths = new Map<string, { e: GameEvent; path: string[] }>();
  for (const e of events.filter((x) => x.type === 'unit.moved')) {
    const p = paths.get(str(e.unit));
    if (p) p.path.push(str(e.to));
    else paths.set(str(e.unit), { e, path: [str(e.from), str(e.to)] });
  }
  const moves = grouped(
    [...paths.values()].map(({ e, path }) => ({ ...e, path })),
    (e) => `${e.nation}|${(e.path as string[]).join('>')}`,
  );
  return moves.map(({ first, kinds }) => {
    const path = first.path as string[];
    const via: Sentence = path.length > 2 ? [' through ', ...listOf(path.slice(1, -1).map((p) => [province(p)]))] : [];
    return [
      ...say`${nation(str(first.nation))}'s ${kindsWords(kinds, true)} moved from ${province(path[0])}`,
      ...via,
      ...say` to ${province(path[path.length - 1])}.`,
    ];
  });
}

function publicSections(ctx: RulesetContext<CnesOptions>, view: PublicView | NationView): ReportSection[] {
  const of = (type: string) => view.events.filter((e) => e.type === type);
  const diplomacy = of('relation.changed').map((e) => {
    const why = WHY[str(e.why)];
    return [
      ...say`${nation(str(e.nation))} and ${nation(str(e.with))} are now ${STATUS[str(e.to)] ?? str(e.to)}`,
      ...(why && e.to === 'war' ? say` (${nation(str(e.nation))} ${why} ${nation(str(e.with))})` : []),
      '.',
    ];
  });
  const provinces: Sentence[] = [
    ...of('province.occupied').map((e) => [
      ...say`${nation(str(e.nation))} occupied ${province(str(e.province))}`,
      ...(e.from ? say` from ${nation(str(e.from))}` : []),
      '; it yields nothing this turn.',
    ]),
    ...of('province.improved').map(
      (e) => say`${nation(str(e.nation))} ${IMPROVED[str(e.improvement)] ?? `built ${str(e.improvement)} in`} ${province(str(e.province))}.`,
    ),
    ...of('razing.completed').map((e) => say`The ${RAZED[str(e.what)] ?? str(e.what)} of ${province(str(e.province))} was razed.`),
  ];
  const moves: Sentence[] = [
    ...movements(view.events),
    ...grouped(of('unit.retreated'), (e) => `${e.nation}|${e.from}|${e.to}`).map(
      ({ first: e, kinds }) => say`${nation(str(e.nation))}'s ${kindsWords(kinds, true)} fell back from ${province(str(e.from))} to ${province(str(e.to))}.`,
    ),
    ...of('aircraft.rebased').map(
      (e) =>
        say`${nation(str(e.nation))}'s ${kindOf(e)} ${e.forced ? 'lost its base and ' : ''}rebased from ${province(str(e.from))} to ${province(str(e.to))}.`,
    ),
  ];
  const losses: Sentence[] = [
    ...grouped(of('unit.destroyed'), (e) => `${e.nation}|${e.province}`).map(
      ({ first: e, kinds }) =>
        say`${nation(str(e.nation))}'s ${kindsWords(kinds, true)} had no friendly province to fall back to from ${province(str(e.province))}, and ${Object.values(kinds).reduce((a, b) => a + b, 0) === 1 ? 'was' : 'were'} lost.`,
    ),
    ...of('aircraft.lost').map(
      (e) => say`${nation(str(e.nation))}'s ${kindOf(e)} lost its base in ${province(str(e.province))} and had nowhere to land: destroyed.`,
    ),
  ];
  const building: Sentence[] = [
    ...of('unit.built').map(
      (e) => say`${nation(str(e.nation))} raised ${counted(Array.isArray(e.units) ? e.units.length : 1, str(e.unitKind))} in ${province(str(e.province))}.`,
    ),
    ...of('units.fortified').map(
      (e) => say`${nation(str(e.nation))}'s units in ${province(str(e.province))} dug in to fortification level ${Number(e.level)}.`,
    ),
  ];
  return [
    { title: 'Diplomacy', lines: diplomacy },
    { title: 'Provinces', lines: provinces },
    { title: 'Movements', lines: moves },
    { title: 'Losses', lines: losses },
    { title: 'Building', lines: building },
    { title: 'Alliances and wars', lines: relations(view) },
  ].filter((s) => s.lines.length);
}

/** Every alliance and war in force: "shown in reports". */
function relations(view: PublicView): Sentence[] {
  const list = (Array.isArray(view.relations) ? view.relations : []) as Array<{ nations: string[]; status: string }>;
  const lines = list.map((r) => say`${nation(r.nations[0])} and ${nation(r.nations[1])} are ${STATUS[r.status] ?? r.status}.`);
  return lines.length ? [...lines, ['Every other pair of nations is at peace.']] : [];
}

/** What only this nation was told: its purchases, razing, air missions and halted moves. */
function ownSection(view: NationView): ReportSection {
  const lines: Sentence[] = [];
  for (const e of view.events) {
    const where = province(str(e.province));
    if (e.type === 'unit.bought') lines.push(say`You bought ${counted(Number(e.count), str(e.unitKind))} in ${where} for $${Number(e.cost)}.`);
    else if (e.type === 'razing.started')
      lines.push(say`Razing of the ${RAZED[str(e.what)] ?? str(e.what)} of ${where} began; it is done next turn unless stopped for $10.`);
    else if (e.type === 'razing.stopped') lines.push(say`You stopped the razing in ${where} for $${Number(e.cost)}.`);
    else if (e.type === 'air.support')
      lines.push(
        say`Your ${Array.isArray(e.units) && e.units.length === 1 ? 'aircraft' : counted(Array.isArray(e.units) ? e.units.length : 0, 'aircraft')} flew ground support over ${where}.`,
      );
    else if (e.type === 'air.intercepting')
      lines.push(say`Your ${kindOf(e)} (${str(e.unit)}) intercepted over ${where}, where ${Number(e.enemies)} enemy aircraft flew.`);
    else if (e.type === 'air.no-interception') lines.push(say`Your ${kindOf(e)} (${str(e.unit)}) found no battle in range with enemy aircraft to intercept.`);
    else if (e.type === 'move.halted') lines.push(say`Your ${kindOf(e)} (${str(e.unit)}) stopped in ${where}: enemies hold ${province(str(e.before))}.`);
    else if (e.type === 'alliance.proposed')
      lines.push(say`${nation(str(e.nation))} proposed an alliance to ${nation(str(e.with))}; it holds once both name it.`);
  }
  return { title: 'Your orders at work', lines };
}

/** The update's table: the public board each nation holds, counted as a CNES reader counts it. */
function updateTable(ctx: RulesetContext<CnesOptions>, view: PublicView): ReportTable {
  const rows = view.nations.map((n) => {
    const owned = Object.values(view.provinces).filter((p) => p.owner === n.id);
    const units = view.units.filter((u) => u.nation === n.id);
    const cls = (c: string) => units.filter((u) => ctx.options.cards[u.type]?.class === c && !flies(ctx.options.cards[u.type])).length;
    return {
      nation: n.id,
      cells: [
        owned.length,
        owned.filter((p) => p.urban).length,
        owned.filter((p) => p.industrial).length,
        cls('infantry') + cls('ground'),
        units.filter((u) => ctx.options.cards[u.type] && flies(ctx.options.cards[u.type])).length,
        cls('naval'),
      ],
    };
  });
  return { columns: ['Provinces', 'Urbanized', 'Industrialized', 'Ground units', 'Aircraft', 'Ships'], rows };
}

export const cnesReport: ReportHooks<CnesOptions> = {
  updateTable,
  battles: (_ctx, events) => battleStories(events),
  publicNews: (ctx, view) => publicSections(ctx, view),
  privateNews: (ctx, view) => [ownSection(view), ...publicSections(ctx, view)].filter((s) => s.lines.length),
  noOrders: (_ctx, _before, nations) => nations.map((id) => say`${nation(id)} sent no orders; its units held.`),
  turnMarks: (ctx, view) => cnesMarks(ctx, view),
  orderMarks: (_ctx, nation, orders) => cnesOrderMarks(nation, orders),
};
