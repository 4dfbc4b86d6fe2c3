// Pieces every report shares: names and colours for ids, the ruleset's report hooks, orders with
// their results, battles and news sections in a format, a nation's units in words, deadlines in the
// reader's time zone.
import {
  counted,
  type BattleStory,
  type GameEvent,
  type NationView,
  type Order,
  type PublicView,
  type ReportHooks,
  type ReportSection,
  type Sentence,
  type Unit,
} from '../engine/index.ts';
import { nationsOut } from '../game/game-standing.ts';
import type { Game } from '../game/open-game.ts';
import type { TurnRecord } from '../store/turn-record.ts';
import { defaultReport } from './default-report.ts';
import type { Markup } from './escape.ts';
import { nationColour } from './palette.ts';
import { plainSentence, writeSentence, type Names, type SentenceFormat } from './sentences.ts';

/** Names and colours as the map shows them: game.yaml's colour, else the palette's by the nation's place. */
export function namesFor(game: Game, view: PublicView): Names {
  const nations = new Map(view.nations.map((n, i) => [n.id, { name: n.name, colour: nationColour(game.config.nations[n.id]?.colour, i) }]));
  return {
    nation: (id) => nations.get(id)?.name ?? game.config.nations[id]?.name ?? id,
    province: (id) => (game.map.has(id) ? game.map.province(id).name : id),
    colour: (id) => nations.get(id)?.colour ?? game.config.nations[id]?.colour,
  };
}

/** The ruleset's words in reports, or plain defaults for a ruleset that brings none. */
/** Each nation's colour as game.yaml gives it (absent: the palette's, which the scene picks), for a map's drawing. */
export function nationColours(game: Game): Record<string, string | undefined> {
  return Object.fromEntries(Object.entries(game.config.nations).map(([id, n]) => [id, n.colour]));
}

export function reportOf(game: Game): ReportHooks {
  return (game.ruleset.report as ReportHooks | undefined) ?? defaultReport;
}

/** Played nations still in the game that sent no orders for the step: the record holds the orders it was judged on. */
export function withoutOrders(game: Game, record: Pick<TurnRecord, 'orders' | 'stateBefore'>): string[] {
  const out = new Set(nationsOut(game, record.stateBefore));
  return Object.keys(record.stateBefore.nations).filter((n) => game.config.nations[n]?.player && !record.orders[n]?.length && !out.has(n));
}

/**
 * The ruleset's sentences for the nations without orders. A nation whose lines were all refused did
 * send orders: its sentence says it "had no orders carried out" where the ruleset's says it "sent
 * no orders", so no ruleset needs to know of refusals. Which lines were refused stays private.
 */
export function noOrdersSentences(game: Game, record: Pick<TurnRecord, 'orders' | 'stateBefore' | 'refused'>, before: PublicView): Sentence[] {
  const report = reportOf(game);
  const nations = withoutOrders(game, record);
  const refused = nations.filter((n) => record.refused?.[n]?.length);
  const silent = nations.filter((n) => !refused.includes(n));
  return [...report.noOrders(game.ctx, before, silent), ...report.noOrders(game.ctx, before, refused).map(notCarriedOut)];
}

const notCarriedOut = (sentence: Sentence): Sentence =>
  sentence.map((p) => (typeof p === 'string' ? p.replace(/\bsent no orders\b/g, 'had no orders carried out') : p));

export interface BattleModel {
  /** Plain words, for a spoiler's title (escaped by the template). */
  title: string;
  story: Markup;
  dice: Markup[];
  notes: Markup[];
}

export function battleModels(stories: readonly BattleStory[], names: Names, format: SentenceFormat): BattleModel[] {
  return stories.map((b) => ({
    title: plainSentence(b.title, names),
    story: writeSentence(b.story, names, format),
    dice: b.dice.map((d) => writeSentence(d, names, format)),
    notes: b.notes.map((n) => writeSentence(n, names, format)),
  }));
}

export interface SectionModel {
  title: string;
  lines: Markup[];
}

export function sectionModels(sections: readonly ReportSection[], names: Names, format: SentenceFormat): SectionModel[] {
  return sections.map((s) => ({ title: s.title, lines: s.lines.map((l) => writeSentence(l, names, format)) }));
}

export interface OrderLine {
  number: number;
  /** The order in the ruleset's notation. */
  text: string;
  /** The order in plain words, with the game's names for places. */
  words: string;
  ok: boolean;
  result: string;
  reason: string | null;
  message: string | null;
}

/** A nation's orders as written, each with the one result event the ruleset gave it. */
export function orderLines(game: Game, orders: readonly Order[], events: readonly GameEvent[], nation: string): OrderLine[] {
  return orders.map((order, i) => {
    const result = events.find((e) => (e.type === 'order.succeeded' || e.type === 'order.failed') && e.nation === nation && e.order === i);
    const ok = result?.type === 'order.succeeded' && !result.unitsLost;
    const text = safely(() => game.ruleset.formatOrder(order), order.kind);
    return {
      number: i + 1,
      text,
      words: safely(() => game.ruleset.describeOrder(game.ctx, order), text),
      ok,
      result: ok ? 'done' : result?.unitsLost ? 'UNITS LOST' : result ? 'FAILED' : 'no result',
      reason: result?.reason ? result.reason.toLowerCase().replace(/_/g, ' ') : null,
      message: result?.message ?? null,
    };
  });
}

/** Describing an order must not stop a report: an order the ruleset cannot word is shown by kind. */
export function safely(describe: () => string, fallback: string): string {
  try {
    return describe();
  } catch {
    return fallback;
  }
}

/** "3 armies in Wales", "1 fleet in North Sea, 2 armies aboard". */
export function unitLines(units: readonly Unit[], names: Names): string[] {
  const fleets = new Map(units.filter((u) => u.type === 'fleet').map((u) => [u.id, u]));
  const groups = new Map<string, { province: string; type: string; count: number; aboard: number }>();
  for (const unit of units) {
    const carrier = typeof unit.aboard === 'string' ? fleets.get(unit.aboard) : undefined;
    const key = carrier ? `${carrier.province}\nfleet` : `${unit.province}\n${unit.type}`;
    const group = groups.get(key) ?? { province: carrier?.province ?? unit.province, type: carrier ? 'fleet' : unit.type, count: 0, aboard: 0 };
    if (carrier) group.aboard++;
    else group.count++;
    groups.set(key, group);
  }
  return [...groups.values()]
    .sort((a, b) => names.province(a.province).localeCompare(names.province(b.province)) || a.type.localeCompare(b.type))
    .map((g) => `${counted(g.count, g.type)} in ${names.province(g.province)}${g.aboard ? `, ${counted(g.aboard, 'army')} aboard` : ''}`);
}

/** Provinces the nation owns, by name. */
export function ownedProvinces(view: PublicView | NationView, nation: string, names: Names): string[] {
  return Object.entries(view.provinces)
    .filter(([, p]) => p.owner === nation)
    .map(([id]) => names.province(id))
    .sort((a, b) => a.localeCompare(b));
}

/** A deadline as text in a time zone, e.g. "Fri 4 Dec 2026, 20:00 GMT"; a stored ISO time is read first. */
export function formatDeadline(deadline: Date | string | undefined, timeZone: string): string | null {
  if (deadline === undefined) return null;
  if (typeof deadline === 'string') {
    const parsed = new Date(deadline);
    if (!/^\d{4}-\d{2}-\d{2}T/.test(deadline) || Number.isNaN(parsed.getTime())) return deadline;
    deadline = parsed;
  }
  return new Intl.DateTimeFormat('en-GB', {
    timeZone,
    weekday: 'short',
    day: 'numeric',
    month: 'short',
    year: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
    timeZoneName: 'short',
  }).format(deadline);
}

/**
 * The step as players name it: "Spring 1901" when the ruleset's view has a season and year (read
 * from the state the step started from), else "Turn 3"; "(retreats)" for a turn's later steps.
 */
export function stepLabel(game: Game, record: Pick<TurnRecord, 'turn' | 'phase' | 'stateBefore'>): string {
  const before = game.ruleset.publicView(game.ctx, record.stateBefore, []);
  const when =
    typeof before.season === 'string' && typeof before.year === 'number'
      ? `${before.season.charAt(0).toUpperCase()}${before.season.slice(1)} ${before.year}`
      : `Turn ${record.turn}`;
  return record.phase && record.phase !== 'orders' ? `${when} (${record.phase})` : when;
}
