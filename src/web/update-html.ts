// The public update on the page: the same update the forum gets (renderPublicUpdate), in its
// Markdown flavour, turned into HTML by markdown-it with raw HTML off, so a player's words that
// reach the update show as text. Kept per committed step: a step's update never changes.
import MarkdownIt from 'markdown-it';
import type { Game } from '../game/open-game.ts';
import { renderPublicUpdate, renderPrivateReport } from '../render/report.ts';
import type { TurnRecord } from '../store/turn-record.ts';
import { BoundedCache } from './bounded-cache.ts';

const markdown = new MarkdownIt({ html: false, linkify: false, typographer: false });
// Links in an update may only lead to the web: no javascript: or data: URLs.
markdown.validateLink = (url: string) => /^(https?:|\/|#)/i.test(url.trim());

// On the page the update and the report sit under the page's own title: their headings go two levels down.
markdown.core.ruler.push('demote_headings', (state) => {
  for (const token of state.tokens) if (token.type === 'heading_open' || token.type === 'heading_close') token.tag = `h${Math.min(6, Number(token.tag.slice(1)) + 2)}`;
});
const demote = (html: string) => html.replace(/<(\/?)h([1-6])\b/gi, (_, slash: string, level: string) => `<${slash}h${Math.min(6, Number(level) + 2)}`);

const updates = new BoundedCache<string>(2000);
const reports = new BoundedCache<string>(2000);

const stepKey = (game: Game, record: TurnRecord) => `${game.id}:${record.step}:${record.committedAt}`;

export function updateHtml(game: Game, record: TurnRecord): string {
  return updates.get(stepKey(game, record), () => markdown.render(renderPublicUpdate(game, record, { flavour: 'discourse' }).text));
}

/** The body of the nation's HTML report for the step (the report template escapes every value). */
export function reportHtml(game: Game, record: TurnRecord, nation: string): string {
  return reports.get(`${stepKey(game, record)}:${nation}`, () => {
    const html = renderPrivateReport(game, record, nation).html ?? '';
    const body = /<body[^>]*>([\s\S]*)<\/body>/i.exec(html);
    return demote(body ? body[1] : html);
  });
}
