// The data of the public update for the forum, built from the ruleset's publicView and nothing
// else, so no secret (a nation's orders, its hidden gold, who stole from whom) can reach it.
import type { PublicView } from '../engine/index.ts';
import type { Flavour } from './flavours.ts';
import type { Game } from '../game/open-game.ts';
import type { TurnRecord } from '../store/turn-record.ts';
import { battleModel, type BattleModel } from './battles.ts';
import { escapeBbcode, Markup, safeUrl } from './escape.ts';
import { adjustmentLines, dislodgementLines } from './sections.ts';
import { formatDeadline, messagesOf, namesFor, stepLabel } from './report-common.ts';
import { humanize } from './report-model.ts';


export interface UpdateModel {
  gameTitle: string;
  turn: number;
  turnLabel: string;
  mapUrl: Markup | null;
  columns: string[];
  nations: Array<{ name: string; colour: string; cells: Array<number | string> }>;
  /** The nations table in monospace, for forums without tables (phpBB's [code]); already escaped. */
  codeTable: Markup;
  battles: BattleModel[];
  /** Every nation's orders with their results, when the ruleset makes them public (Diplomacy style). */
  orders: Array<{ nation: string; lines: string[] }>;
  dislodged: string[];
  adjustments: string[];
  news: string[];
  nextDeadline: string | null;
}

/** Columns of the nations table in this order when the view has them; other numbers follow. */
const COLUMN_ORDER = ['gold', 'taxIncome', 'provinces', 'supplyCentres', 'supplyCenters', 'units'];
const LABELS: Record<string, string> = { taxIncome: 'Tax income', supplyCentres: 'Supply centres', supplyCenters: 'Supply centres' };

function columnsOf(view: PublicView): string[] {
  const numeric = new Set<string>();
  for (const nation of view.nations) for (const [key, value] of Object.entries(nation)) if (typeof value === 'number') numeric.add(key);
  const known = COLUMN_ORDER.filter((k) => numeric.has(k));
  return [...known, ...[...numeric].filter((k) => !COLUMN_ORDER.includes(k)).sort()];
}

export interface UpdateOptions {
  mapUrl?: string;
  nextDeadline?: Date | string;
}

export function updateModel(game: Game, record: TurnRecord, options: UpdateOptions = {}): UpdateModel {
  const view = game.ruleset.publicView(game.ctx, record.stateAfter, record.events);
  const names = namesFor(game, view);
  const keys = columnsOf(view);
  const columns = keys.map((k) => LABELS[k] ?? humanize(k));
  const nations = view.nations.map((n) => ({
    name: names.nation(n.id),
    colour: game.config.nations[n.id]?.colour ?? '',
    cells: keys.map((k) => (typeof n[k] === 'number' ? (n[k] as number) : '')),
  }));
  return {
    gameTitle: game.config.title,
    turn: record.turn,
    turnLabel: stepLabel(game, record),
    mapUrl: safeUrl(options.mapUrl),
    columns,
    nations,
    codeTable: new Markup(monospaceTable(['Nation', ...columns], nations.map((n) => [n.name, ...n.cells.map(String)]))),
    battles: view.events.filter((e) => e.type === 'battle.fought').map((e) => battleModel(e, names)),
    orders: revealedOrders(view, names.nation),
    dislodged: dislodgementLines(view.events, names),
    adjustments: adjustmentLines(view, view.events, names),
    news: messagesOf(view.events, (e) => e.type === 'battle.fought'),
    nextDeadline: formatDeadline(options.nextDeadline, game.config.timezone),
  };
}

/** Orders a ruleset revealed (an `orders.revealed` event: [{nation, order, ok, reason}]), by nation. */
function revealedOrders(view: PublicView, nationName: (id: string) => string): UpdateModel['orders'] {
  const byNation = new Map<string, string[]>();
  for (const event of view.events.filter((e) => e.type === 'orders.revealed' && Array.isArray(e.orders))) {
    for (const o of event.orders as Array<{ nation: string; order: string; ok?: boolean; reason?: string }>) {
      const result = o.ok === false ? ` (failed${o.reason ? `: ${o.reason.toLowerCase().replace(/_/g, ' ')}` : ''})` : '';
      byNation.set(o.nation, [...(byNation.get(o.nation) ?? []), `${o.order}${result}`]);
    }
  }
  return [...byNation].map(([nation, lines]) => ({ nation: nationName(nation), lines }));
}

/** Columns padded on the raw text, then escaped: the invisible escapes must not shift the columns. */
export function monospaceTable(header: string[], rows: string[][]): string {
  const all = [header, ...rows];
  const widths = header.map((_, c) => Math.max(...all.map((r) => [...(r[c] ?? '')].length)));
  const line = (cells: string[]) =>
    cells
      .map((cell, c) => {
        const pad = ' '.repeat(widths[c] - [...cell].length);
        return c === 0 ? escapeBbcode(cell) + pad : pad + escapeBbcode(cell);
      })
      .join('  ')
      .trimEnd();
  return [line(header), widths.map((w) => '-'.repeat(w)).join('  '), ...rows.map(line)].join('\n');
}
