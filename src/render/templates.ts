// Handlebars templates: the project's own in templates/, any of which a GM overrides by putting a
// file of the same name in the game folder (e.g. templates/report.txt.hbs -> report.txt.hbs).
// Partials live in templates/partials/ and are called by their file name without ".hbs"
// ({{> ledger.txt}}); a partial whose stem is unique is also known by the stem ({{> ledger}}).
// Helpers are registered in helpers.ts, and only there. A template's data is escaped for its
// format (BBCode, Markdown, HTML) before it is rendered: see escape.ts.
import { readdirSync, readFileSync } from 'node:fs';
import { createHash } from 'node:crypto';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import Handlebars from 'handlebars';
import { escapeBbcode, escapeData, escapeMarkdown, formatOf } from './escape.ts';
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

const ESCAPERS = { bbcode: escapeBbcode, md: escapeMarkdown } as const;

const compiledByOverrides = new Map<string, Templates>();

/** Templates for a game's files, compiled once per set of `*.hbs` overrides (reports and replies share them). */
export function templatesFor(files: Record<string, string>): Templates {
  const overrides = Object.fromEntries(Object.entries(files).filter(([name]) => name.endsWith('.hbs')));
  const key = createHash('sha256').update(JSON.stringify(overrides)).digest('hex');
  let templates = compiledByOverrides.get(key);
  if (!templates) {
    // A long-running worker serving many games keeps a bounded number of compiled sets.
    if (compiledByOverrides.size > 100) compiledByOverrides.clear();
    compiledByOverrides.set(key, (templates = createTemplates(overrides)));
  }
  return templates;
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
  const partials = Object.keys(sources).filter((n) => n.startsWith('partials/'));
  const stems = new Map<string, number>();
  const stemOf = (name: string) => path.basename(name, '.hbs').replace(/\.(txt|html|bbcode|md)$/, '');
  for (const name of partials) stems.set(stemOf(name), (stems.get(stemOf(name)) ?? 0) + 1);
  for (const name of partials) {
    hb.registerPartial(path.basename(name, '.hbs'), sources[name]);
    if (stems.get(stemOf(name)) === 1) hb.registerPartial(stemOf(name), sources[name]);
  }
  const compiled = new Map<string, HandlebarsTemplateDelegate>();
  return {
    has: (name) => name in sources,
    render(name, data) {
      const source = sources[name];
      if (source === undefined) throw new TemplateNotFoundError(`There is no template "${name}" (looked in ${TEMPLATE_DIR} and the game folder).`);
      let template = compiled.get(name);
      if (!template) compiled.set(name, (template = hb.compile(source, { strict: false, noEscape: formatOf(name) !== 'html' })));
      const format = formatOf(name);
      return template(format === 'bbcode' || format === 'md' ? escapeData(data, ESCAPERS[format]) : data);
    },
  };
}
