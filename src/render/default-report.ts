// The words of a ruleset that brings none (Ruleset.report left out): its numeric public facts as
// the table, and its events' own messages as the news.
import { nation, say, type GameEvent, type PublicView, type ReportHooks } from '../engine/index.ts';
import { humanize } from './humanize.ts';

/** Columns in this order when the view has them; other numbers follow. */
const COLUMN_ORDER = ['provinces', 'units'];

function columnsOf(view: PublicView): string[] {
  const numeric = new Set<string>();
  for (const n of view.nations) for (const [key, value] of Object.entries(n)) if (typeof value === 'number') numeric.add(key);
  return [...COLUMN_ORDER.filter((k) => numeric.has(k)), ...[...numeric].filter((k) => !COLUMN_ORDER.includes(k)).sort()];
}

const messages = (events: readonly GameEvent[]) =>
  events
    .filter((e) => typeof e.message === 'string' && e.message && e.type !== 'order.succeeded' && e.type !== 'order.failed')
    .map((e) => [e.message as string]);

export const defaultReport: ReportHooks = {
  updateTable(_ctx, view) {
    const keys = columnsOf(view);
    return {
      columns: keys.map(humanize),
      rows: view.nations.map((n) => ({ nation: n.id, cells: keys.map((k) => (typeof n[k] === 'number' ? (n[k] as number) : '')) })),
    };
  },
  battles: () => [],
  publicNews: (_ctx, view) => [{ title: 'News', lines: messages(view.events) }].filter((s) => s.lines.length),
  privateNews: (_ctx, view) => [{ title: 'News', lines: messages(view.events) }].filter((s) => s.lines.length),
  noOrders: (_ctx, _before, nations) => nations.map((n) => say`${nation(n)} sent no orders.`),
  turnMarks: () => ({ arrows: [], provinces: [] }),
};
