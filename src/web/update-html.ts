// The public update on the page: the same model the forum's update is written from, rendered in
// HTML by the site's own template (renderWebUpdate), never a forum flavour's BBCode or Markdown
// shown raw. Every name in it is escaped by the HTML template. Kept per committed step: a step's
// update never changes.
import type { Game } from '../game/open-game.ts';
import { renderPrivateReport, renderWebUpdate } from '../render/report.ts';
import type { TurnRecord } from '../store/turn-record.ts';
import { BoundedCache } from './bounded-cache.ts';
import { siteTemplates } from './page-templates.ts';

// On the page the report sits under the page's own title: its headings go two levels down.
const demote = (html: string) => html.replace(/<(\/?)h([1-6])\b/gi, (_, slash: string, level: string) => `<${slash}h${Math.min(6, Number(level) + 2)}`);

const updates = new BoundedCache<string>(2000);
const reports = new BoundedCache<string>(2000);

const stepKey = (game: Game, record: TurnRecord) => `${game.id}:${record.step}:${record.committedAt}`;

export function updateHtml(game: Game, record: TurnRecord): string {
  return updates.get(stepKey(game, record), () => renderWebUpdate(game, record, siteTemplates()));
}

/** The body of the nation's HTML report for the step (the report template escapes every value). */
export function reportHtml(game: Game, record: TurnRecord, nation: string): string {
  return reports.get(`${stepKey(game, record)}:${nation}`, () => {
    const html = renderPrivateReport(game, record, nation).html ?? '';
    const body = /<body[^>]*>([\s\S]*)<\/body>/i.exec(html);
    return demote(body ? body[1] : html);
  });
}
