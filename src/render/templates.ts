// Handlebars templates: the project's own in templates/, any of which a GM overrides by putting a
// file of the same name in the game folder (e.g. templates/report.txt.hbs -> report.txt.hbs).
// Partials live in templates/partials/; helpers are registered in helpers.ts, and only there.
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import Handlebars from 'handlebars';
import { registerHelpers } from './helpers.ts';

export const TEMPLATE_DIR = fileURLToPath(new URL('../../templates/', import.meta.url));

export class TemplateNotFoundError extends Error {
  override name = 'TemplateNotFoundError';
}

function readTemplates(dir: string): Record<string, string> {
  const found: Record<string, string> = {};
  for (const name of readdirSync(dir, { recursive: true }) as string[]) {
    if (name.endsWith('.hbs')) found[name.split(path.sep).join('/')] = readFileSync(path.join(dir, name), 'utf8');
  }
  return found;
}

let projectTemplates: Record<string, string> | undefined;

export interface Templates {
  /** Renders `name` (e.g. "report.txt.hbs") with `data`. */
  render(name: string, data: unknown): string;
  has(name: string): boolean;
}

/**
 * Templates for one game: the project's, with the game folder's `*.hbs` files (from its GameFiles)
 * taking precedence over the project's file or partial of the same name.
 */
export function createTemplates(overrides: Record<string, string> = {}): Templates {
  projectTemplates ??= readTemplates(TEMPLATE_DIR);
  const sources: Record<string, string> = { ...projectTemplates };
  for (const [name, text] of Object.entries(overrides)) {
    if (!name.endsWith('.hbs')) continue;
    const base = path.basename(name);
    const target = Object.keys(sources).find((n) => path.basename(n) === base) ?? base;
    sources[target] = text;
  }
  const hb = Handlebars.create();
  registerHelpers(hb);
  for (const [name, text] of Object.entries(sources)) {
    if (name.startsWith('partials/')) hb.registerPartial(path.basename(name, '.hbs').replace(/\.(txt|html|bbcode|md)$/, ''), text);
  }
  const compiled = new Map<string, HandlebarsTemplateDelegate>();
  return {
    has: (name) => name in sources,
    render(name, data) {
      const source = sources[name];
      if (source === undefined) throw new TemplateNotFoundError(`There is no template "${name}" (looked in ${TEMPLATE_DIR} and the game folder).`);
      let template = compiled.get(name);
      if (!template) compiled.set(name, (template = hb.compile(source, { strict: false, noEscape: !name.endsWith('.html.hbs') })));
      return template(data);
    },
  };
}
