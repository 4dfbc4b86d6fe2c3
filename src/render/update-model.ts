// The data of the public update for the forum, built from the ruleset's publicView and its report
// hooks, and nothing else, so no secret (a nation's orders, its hidden gold, who stole from whom)
// can reach it. Render knows no ruleset: the table, battles, orders and news are the ruleset's words.
import type { PublicView } from '../engine/index.ts';
import { DEFAULT_FLAVOUR, flavourSpec, type Flavour } from './flavours.ts';
import type { Game } from '../game/open-game.ts';
import type { TurnRecord } from '../store/turn-record.ts';
import { escapeBbcode, Markup, safeUrl } from './escape.ts';
import {
  battleModels,
  formatDeadline,
  namesFor,
  noOrdersSentences,
  reportOf,
  sectionModels,
  stepLabel,
  type BattleModel,
  type SectionModel,
} from './report-common.ts';
import { standingNews } from './game-over.ts';
import { writeSentence, type Names, type SentenceFormat } from './sentences.ts';

export interface UpdateModel {
  gameTitle: string;
  turn: number;
  turnLabel: string;
  mapUrl: Markup | null;
  /** The map's file name when the update travels with it attached and has no URL for it. */
  mapAttachment: string | null;
  columns: string[];
  nations: Array<{ name: string; colour: string; cells: Array<number | string> }>;
  /** The nations table in monospace, for boards without tables (in a [code] block); already escaped. */
  codeTable: Markup;
  battles: BattleModel[];
  /** Every nation's orders with their results, when the ruleset makes them public (Diplomacy style). */
  orders: Array<{ nation: Markup; lines: Array<{ order: Markup; result: string | null }> }>;
  /** Nations that sent no orders, or none that could be carried out, and what the game did for them. */
  noOrders: Markup[];
  sections: SectionModel[];
  /** Nations that went out this step and, in the last, how the game ended. */
  standingNews: Markup[];
  nextDeadline: string | null;
}

export interface UpdateOptions {
  mapUrl?: string;
  /** The file name the map is attached under, for an update without a map URL. */
  mapAttachment?: string;
  nextDeadline?: Date | string;
  /** Where the update is read: a thread's flavour, or HTML for the public web page. Sets how names are coloured and escaped. */
  flavour?: Flavour | 'html';
}

export function updateModel(game: Game, record: TurnRecord, options: UpdateOptions = {}): UpdateModel {
  const view: PublicView = game.ruleset.publicView(game.ctx, record.stateAfter, record.events);
  const before = game.ruleset.publicView(game.ctx, record.stateBefore, []);
  const names = namesFor(game, view);
  const report = reportOf(game);
  const flavour = options.flavour ?? DEFAULT_FLAVOUR;
  const format: SentenceFormat = flavour === 'html' ? 'html' : flavourSpec(flavour).format;
  return {
    gameTitle: game.config.title,
    turn: record.turn,
    turnLabel: stepLabel(game, record),
    mapUrl: safeUrl(options.mapUrl),
    mapAttachment: options.mapAttachment ?? null,
    ...nationsTable(game, view, names),
    battles: battleModels(report.battles(game.ctx, view.events), names, format),
    orders: (report.revealedOrders?.(game.ctx, view) ?? []).map((n) => ({
      nation: writeSentence([{ nation: n.nation }], names, format),
      lines: n.orders.map((o) => ({ order: writeSentence(o.order, names, format), result: o.result })),
    })),
    noOrders: noOrdersSentences(game, record, before).map((s) => writeSentence(s, names, format)),
    sections: sectionModels(report.publicNews(game.ctx, view), names, format),
    standingNews: standingNews(game, record).map((s) => writeSentence(s, names, format)),
    nextDeadline: formatDeadline(options.nextDeadline, game.config.timezone),
  };
}

/** The nations table of an update, as a table and in monospace: the ruleset's public columns. */
export function nationsTable(game: Game, view: PublicView, names: Names): Pick<UpdateModel, 'columns' | 'nations' | 'codeTable'> {
  const table = reportOf(game).updateTable(game.ctx, view);
  const nations = table.rows.map((row) => ({ name: names.nation(row.nation), colour: names.colour(row.nation) ?? '', cells: row.cells }));
  const codeTable = new Markup(
    monospaceTable(
      ['Nation', ...table.columns],
      nations.map((n) => [n.name, ...n.cells.map(String)]),
    ),
  );
  return { columns: table.columns, nations, codeTable };
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
