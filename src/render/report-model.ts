// The data of a nation's private report and of the GM's summary. A nation's report is built from
// the ruleset's privateView for that nation, and only from it (plus the nation's own orders), so it
// can hold nothing the ruleset did not let that nation see.
import type { GameEvent, NationView } from '../engine/index.ts';
import type { Game } from '../game/open-game.ts';
import type { TurnRecord } from '../store/turn-record.ts';
import { battleModel, type BattleModel } from './battles.ts';
import { adjustmentLines, dislodgementLines } from './sections.ts';
import { formatDeadline, messagesOf, namesFor, orderLines, ownedProvinces, stepLabel, unitLines, type OrderLine } from './report-common.ts';

export interface LedgerLine {
  label: string;
  amount: string;
  total: boolean;
}

export interface PrivateReportModel {
  gameTitle: string;
  nation: { id: string; name: string };
  turn: number;
  phase: string;
  turnLabel: string;
  orders: OrderLine[];
  ledger: LedgerLine[] | null;
  gold: number | null;
  taxIncome: number | null;
  /** Caravans, escorts' reports and thefts, in the ruleset's words. */
  trade: string[];
  battles: BattleModel[];
  dislodged: string[];
  adjustments: string[];
  /** What only this nation (and the GM) was told, not shown in another section. */
  learned: string[];
  news: string[];
  provinces: string[];
  units: string[];
  nextDeadline: string | null;
}

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

/** "taxIncome" -> "Tax income". */
export function humanize(key: string): string {
  const words = key.replace(/([a-z])([A-Z])/g, '$1 $2').replace(/[-_]+/g, ' ').toLowerCase();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

const isOrderResult = (e: GameEvent) => e.type === 'order.succeeded' || e.type === 'order.failed';
const isTrade = (e: GameEvent) => e.type.startsWith('caravan');
const isBattle = (e: GameEvent) => e.type === 'battle.fought';

export function privateReportModel(game: Game, record: TurnRecord, nation: string, nextDeadline?: Date | string): PrivateReportModel {
  const view: NationView = game.ruleset.privateView(game.ctx, record.stateAfter, record.events, nation);
  const names = namesFor(game, view);
  const own = view.nations.find((n) => n.id === nation);
  const mine = view.events;
  const timeZone = game.config.nations[nation]?.player?.timezone ?? game.config.timezone;
  return {
    gameTitle: game.config.title,
    nation: { id: nation, name: names.nation(nation) },
    turn: record.turn,
    phase: record.phase,
    turnLabel: stepLabel(game, record),
    orders: orderLines(game, record.orders[nation] ?? [], mine, nation),
    ledger: ledgerLines(view.ledger),
    gold: numberOr(view.gold, own?.gold),
    taxIncome: numberOr(view.taxIncome, own?.taxIncome),
    trade: messagesOf(mine.filter(isTrade), () => false),
    battles: mine.filter(isBattle).map((e) => battleModel(e, names)),
    dislodged: dislodgementLines(mine, names),
    adjustments: adjustmentLines(view, mine, names),
    learned: messagesOf(
      mine.filter((e) => e.audience !== 'public'),
      (e) => isOrderResult(e) || isTrade(e) || isBattle(e) || e.type === 'ledger',
    ),
    news: messagesOf(
      mine.filter((e) => e.audience === 'public'),
      (e) => isBattle(e) || isTrade(e),
    ),
    provinces: ownedProvinces(view, nation, names),
    units: unitLines(view.units.filter((u) => u.nation === nation), names),
    nextDeadline: formatDeadline(nextDeadline, timeZone),
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
  missing: string[];
  nations: Array<{ name: string; orders: OrderLine[]; ledger: LedgerLine[] | null }>;
  events: Array<{ audience: string; type: string; message: string }>;
  battles: BattleModel[];
  dice: Array<{ sides: number; value: number; purpose: string }>;
  nextDeadline: string | null;
}

/** Everything, for the GM: each nation's orders and ledger, every event with who saw it, every die. */
export function gmSummaryModel(game: Game, record: TurnRecord, missing: readonly string[] = [], nextDeadline?: Date | string): GmSummaryModel {
  const publicView = game.ruleset.publicView(game.ctx, record.stateAfter, record.events);
  const names = namesFor(game, publicView);
  const nations = Object.keys(record.stateBefore.nations);
  return {
    gameTitle: game.config.title,
    turnLabel: stepLabel(game, record),
    step: record.step,
    seed: record.seed,
    missing: missing.map((n) => names.nation(n)),
    nations: nations.map((nation) => {
      const view = game.ruleset.privateView(game.ctx, record.stateAfter, record.events, nation);
      return { name: names.nation(nation), orders: orderLines(game, record.orders[nation] ?? [], record.events, nation), ledger: ledgerLines(view.ledger) };
    }),
    events: record.events
      .filter((e) => !isOrderResult(e) && e.type !== 'ledger')
      .map((e) => ({ audience: e.audience === 'public' ? 'public' : e.audience.map((n) => names.nation(n)).join(', ') || 'GM only', type: e.type, message: e.message ?? '' })),
    battles: record.events.filter(isBattle).map((e) => battleModel(e, names)),
    dice: record.dice.map((d) => ({ sides: d.sides, value: d.value, purpose: d.purpose })),
    nextDeadline: formatDeadline(nextDeadline, game.config.timezone),
  };
}
