// The data of a nation's private report and of the GM's summary. A nation's report is built from
// the ruleset's privateView for that nation, and only from it (plus the nation's own orders), so it
// can hold nothing the ruleset did not let that nation see.
import type { GameEvent, NationView, Order, PublicView } from '../engine/index.ts';
import type { Game } from '../game/open-game.ts';
import type { RefusedLine } from '../store/refused-lines.ts';
import type { TurnRecord } from '../store/turn-record.ts';
import { humanize } from './humanize.ts';
import {
  battleModels,
  formatDeadline,
  namesFor,
  orderLines,
  safely,
  ownedProvinces,
  reportOf,
  sectionModels,
  stepLabel,
  unitLines,
  withoutOrders,
  type BattleModel,
  type OrderLine,
  type SectionModel,
} from './report-common.ts';
import type { Markup } from './escape.ts';
import { standingNews } from './game-over.ts';
import { plainSentence, writeSentence, type Names, type SentenceFormat } from './sentences.ts';

export interface LedgerLine {
  label: string;
  amount: string;
  total: boolean;
}

/** Where a nation stands now, from its own view of the game's state: its treasury and income where the ruleset has them, its provinces and units. */
export interface NationStanding {
  gold: number | null;
  taxIncome: number | null;
  provinces: string[];
  units: string[];
}

export interface PrivateReportModel extends NationStanding {
  gameTitle: string;
  nation: { id: string; name: string };
  turn: number;
  phase: string;
  turnLabel: string;
  orders: OrderLine[];
  /** How the GM read this nation's ambiguous lines this turn. */
  rulings: RulingLine[];
  /** When no order of the nation stood: the lines of its newest message that were refused, and why. */
  refused: RefusedLine[];
  ledger: LedgerLine[] | null;
  battles: BattleModel[];
  /** The ruleset's news for this nation (its trade, dislodgements, builds...), in titled sections. */
  sections: SectionModel[];
  /** Nations that went out this step and, in the last, how the game ended. */
  standingNews: Markup[];
  nextDeadline: string | null;
}

export interface RulingLine {
  line: number;
  /** The player's line, as written. */
  text: string;
  /** What the GM decided, in one sentence. */
  decision: string;
}

/** The GM's rulings on the nation's lines, from the turn record (only that nation's: they quote its orders). */
export function rulingLines(game: Game, record: TurnRecord, nation: string): RulingLine[] {
  return (record.rulings?.[nation] ?? []).map((r) => ({
    line: r.line,
    text: r.text,
    decision: r.chosen ? `The GM read it as: ${words(game, r.chosen)}.` : 'The GM rejected it: it was not applied.',
  }));
}

const words = (game: Game, order: Order) => safely(() => game.ruleset.describeOrder(game.ctx, order), order.kind).replace(/\.$/, '');

/** The board NES ledger, in the order the document lists it; other rulesets' numeric ledgers follow by key. */
const LEDGER: Array<{ key: string; label: string; sign: '' | '+' | '-'; always: boolean; total?: boolean }> = [
  { key: 'start', label: 'Gold at the start of the turn', sign: '', always: true },
  { key: 'debtCleared', label: 'Debt cleared by disbanding', sign: '+', always: false },
  { key: 'spent', label: 'Spent this turn', sign: '-', always: true },
  { key: 'left', label: 'Left from last turn', sign: '', always: true, total: true },
  { key: 'tax', label: 'Tax income', sign: '+', always: true },
  { key: 'caravans', label: 'Caravan income', sign: '+', always: true },
  { key: 'theft', label: 'Theft income', sign: '+', always: true },
  { key: 'upkeep', label: 'Upkeep of units', sign: '-', always: true },
  { key: 'total', label: 'Total gold', sign: '', always: true, total: true },
];

export function ledgerLines(ledger: unknown): LedgerLine[] | null {
  if (!ledger || typeof ledger !== 'object') return null;
  const values = ledger as Record<string, unknown>;
  const known = new Set(LEDGER.map((l) => l.key));
  const lines: LedgerLine[] = [];
  for (const line of LEDGER) {
    const value = values[line.key];
    if (typeof value !== 'number' || (!line.always && value === 0)) continue;
    lines.push({ label: line.label, amount: line.sign && value !== 0 ? `${line.sign}${Math.abs(value)}` : String(value), total: line.total ?? false });
  }
  for (const [key, value] of Object.entries(values)) {
    if (known.has(key) || typeof value !== 'number') continue;
    lines.splice(Math.max(0, lines.length - 1), 0, { label: humanize(key), amount: String(value), total: false });
  }
  return lines.length ? lines : null;
}

const isOrderResult = (e: GameEvent) => e.type === 'order.succeeded' || e.type === 'order.failed';

export function privateReportModel(
  game: Game,
  record: TurnRecord,
  nation: string,
  nextDeadline?: Date | string,
  format: SentenceFormat = 'txt',
): PrivateReportModel {
  const view: NationView = game.ruleset.privateView(game.ctx, record.stateAfter, record.events, nation);
  const names = namesFor(game, view);
  const report = reportOf(game);
  const timeZone = game.config.nations[nation]?.player?.timezone ?? game.config.timezone;
  return {
    gameTitle: game.config.title,
    nation: { id: nation, name: names.nation(nation) },
    turn: record.turn,
    phase: record.phase,
    turnLabel: stepLabel(game, record),
    orders: orderLines(game, record.orders[nation] ?? [], view.events, nation),
    rulings: rulingLines(game, record, nation),
    refused: record.refused?.[nation] ?? [],
    ledger: ledgerLines(view.ledger),
    ...standingIn(view, nation, names),
    battles: battleModels(report.battles(game.ctx, view.events), names, format),
    sections: sectionModels(report.privateNews(game.ctx, view), names, format),
    standingNews: standingNews(game, record).map((s) => writeSentence(s, names, format)),
    nextDeadline: formatDeadline(nextDeadline, timeZone),
  };
}

export function nationStanding(game: Game, nation: string): NationStanding {
  const view: NationView = game.ruleset.privateView(game.ctx, game.state, [], nation);
  return standingIn(view, nation, namesFor(game, view));
}

function standingIn(view: NationView, nation: string, names: ReturnType<typeof namesFor>): NationStanding {
  const own = view.nations.find((n) => n.id === nation);
  return {
    gold: numberOr(view.gold, own?.gold),
    taxIncome: numberOr(view.taxIncome, own?.taxIncome),
    provinces: ownedProvinces(view, nation, names),
    units: unitLines(
      view.units.filter((u) => u.nation === nation),
      names,
    ),
  };
}

function numberOr(...values: unknown[]): number | null {
  const found = values.find((v) => typeof v === 'number');
  return typeof found === 'number' ? found : null;
}

export interface GmSummaryModel {
  gameTitle: string;
  turnLabel: string;
  step: number;
  seed: string;
  /** Nations that sent no orders; those that sent only refused lines are in `refused`. */
  missing: string[];
  refused: Array<{ name: string; lines: RefusedLine[] }>;
  nations: Array<{ name: string; orders: OrderLine[]; ledger: LedgerLine[] | null }>;
  /** What the public update told everyone, in the ruleset's sentences. */
  publicNews: SectionModel[];
  /** What each nation alone was told besides the public news. */
  privateNews: Array<{ name: string; lines: string[] }>;
  /** What no nation saw (the GM's alone), in the event's own words. */
  gmOnly: string[];
  battles: BattleModel[];
  dice: Array<{ sides: number; value: number; purpose: string }>;
  standingNews: string[];
  nextDeadline: string | null;
}

/** Everything, for the GM: who sent no orders, each nation's orders and ledger, the news each audience read, every die. */
export function gmSummaryModel(game: Game, record: TurnRecord, nextDeadline?: Date | string): GmSummaryModel {
  const publicView = game.ruleset.publicView(game.ctx, record.stateAfter, record.events);
  const names = namesFor(game, publicView);
  const without = withoutOrders(game, record);
  const refusedAll = (n: string) => !!record.refused?.[n]?.length;
  // Each nation's view once: its ledger and its news both come from it.
  const views = new Map(Object.keys(record.stateBefore.nations).map((n) => [n, game.ruleset.privateView(game.ctx, record.stateAfter, record.events, n)]));
  return {
    gameTitle: game.config.title,
    turnLabel: stepLabel(game, record),
    step: record.step,
    seed: record.seed,
    missing: without.filter((n) => !refusedAll(n)).map((n) => names.nation(n)),
    refused: without.filter(refusedAll).map((n) => ({ name: names.nation(n), lines: record.refused![n] })),
    nations: [...views].map(([nation, view]) => ({
      name: names.nation(nation),
      orders: orderLines(game, record.orders[nation] ?? [], record.events, nation),
      ledger: ledgerLines(view.ledger),
    })),
    ...newsFor(game, record, publicView, views, names),
    battles: battleModels(reportOf(game).battles(game.ctx, record.events), names, 'txt'),
    dice: record.dice.map((d) => ({ sides: d.sides, value: d.value, purpose: d.purpose })),
    standingNews: standingNews(game, record).map((s) => plainSentence(s, names)),
    nextDeadline: formatDeadline(nextDeadline, game.config.timezone),
  };
}

/** The step's news as readers got it: the public update's sentences, then what each nation alone read, then what only the GM knows. */
function newsFor(
  game: Game,
  record: TurnRecord,
  publicView: PublicView,
  views: ReadonlyMap<string, NationView>,
  names: Names,
): Pick<GmSummaryModel, 'publicNews' | 'privateNews' | 'gmOnly'> {
  const report = reportOf(game);
  const publicNews = sectionModels(report.publicNews(game.ctx, publicView), names, 'txt');
  const everyone = new Set(publicNews.flatMap((s) => s.lines.map(String)));
  const privateNews = [...views]
    .map(([nation, view]) => {
      const lines = sectionModels(report.privateNews(game.ctx, view), names, 'txt').flatMap((s) => s.lines.map(String));
      return { name: names.nation(nation), lines: [...new Set(lines)].filter((line) => !everyone.has(line)) };
    })
    .filter((n) => n.lines.length);
  const gmOnly = record.events
    .filter((e) => e.audience !== 'public' && !e.audience.length && !isOrderResult(e) && e.type !== 'ledger')
    .map((e) => e.message ?? humanize(e.type));
  return { publicNews, privateNews, gmOnly };
}
