// The pages are the project's Handlebars templates in templates/web/ (HTML, so every value is
// escaped), each rendered into templates/web/layout.html.hbs. A game folder's template overrides
// change its reports, never the site around them.
import { createTemplates, type Templates } from '../render/templates.ts';

let templates: Templates | undefined;

export interface PageFrame {
  title: string;
  /** The site's path prefix behind a proxy ("" at the root), before every link. */
  base: string;
  /** A page that must not be kept by browsers or proxies (private pages, the console). */
  private?: boolean;
}

/** The site's own templates, never a game folder's. */
export function siteTemplates(): Templates {
  return (templates ??= createTemplates());
}

export function renderPage(name: string, frame: PageFrame, data: Record<string, unknown>): string {
  const templates = siteTemplates();
  const content = templates.render(`web/${name}.html.hbs`, { ...data, base: frame.base });
  return templates.render('web/layout.html.hbs', { ...frame, content });
}
