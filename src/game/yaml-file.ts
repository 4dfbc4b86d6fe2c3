// Reads a YAML file of a game folder and checks it against a zod schema, turning every failure
// into a Problem that names the file, the line and the field.
import { LineCounter, parseDocument, isMap, type Document } from 'yaml';
import type { z } from 'zod';
import { didYouMean, type Problem } from './problems.ts';

export interface YamlFile {
  file: string;
  doc: Document;
  lines: LineCounter;
}

export function readYaml(file: string, text: string): { yaml: YamlFile; problems: Problem[] } {
  const lines = new LineCounter();
  const doc = parseDocument(text, { lineCounter: lines, prettyErrors: false, uniqueKeys: true });
  const problems: Problem[] = doc.errors.map((e) => ({
    file,
    line: lines.linePos(e.pos[0]).line,
    message: `this is not valid YAML (${e.message.split('\n')[0].replace(/ at line \d+, column \d+:?$/, '')}).`,
  }));
  return { yaml: { file, doc, lines }, problems };
}

/** The line where the value at `path` starts (or the nearest parent that exists). */
export function lineOf(yaml: YamlFile, path: readonly PropertyKey[]): number | undefined {
  for (let depth = path.length; depth >= 0; depth--) {
    const node = yaml.doc.getIn(path.slice(0, depth) as unknown[], true) as { range?: [number, number] } | undefined;
    if (node?.range) return yaml.lines.linePos(node.range[0]).line;
  }
  return undefined;
}

/** The line of a key itself (for "unknown field" problems, the key is what the GM mistyped). */
function lineOfKey(yaml: YamlFile, parent: readonly PropertyKey[], key: string): number | undefined {
  const node = parent.length ? yaml.doc.getIn(parent as unknown[], true) : yaml.doc.contents;
  if (isMap(node)) {
    const pair = node.items.find((p) => (p.key as { value?: unknown })?.value === key);
    const range = (pair?.key as { range?: [number, number] } | undefined)?.range;
    if (range) return yaml.lines.linePos(range[0]).line;
  }
  return lineOf(yaml, parent);
}

export function fieldName(path: readonly PropertyKey[]): string {
  return path.map((p, i) => (typeof p === 'number' ? `[${p}]` : i ? `.${String(p)}` : String(p))).join('');
}

export function checkSchema<T>(yaml: YamlFile, schema: z.ZodType<T>): { value?: T; problems: Problem[] } {
  const result = schema.safeParse(yaml.doc.toJS());
  if (result.success) return { value: result.data, problems: [] };
  const problems = result.error.issues.map((issue): Problem => {
    const path = issue.path as PropertyKey[];
    if (issue.code === 'unrecognized_keys') {
      const known = knownKeys(schema, path);
      return {
        file: yaml.file,
        line: lineOfKey(yaml, path, issue.keys[0]),
        field: fieldName([...path, issue.keys[0]]),
        message: issue.keys
          .map((k) => {
            const guess = didYouMean(k, known);
            return `"${k}" is not a field here${guess ? ` (did you mean "${guess}"?)` : ''}.`;
          })
          .join(' '),
      };
    }
    return { file: yaml.file, line: lineOf(yaml, path), field: fieldName(path) || undefined, message: sentence(issue) };
  });
  return { problems };
}

function sentence(issue: z.core.$ZodIssue): string {
  if (issue.code === 'invalid_type' && issue.input === undefined) return `this field is required (${issue.expected}).`;
  const text = issue.message.replace(/^Invalid input: /, '');
  return /[.!?]$/.test(text) ? text : `${text}.`;
}

// Finds the object schema at `path` to list its keys, for "did you mean" on mistyped fields.
function knownKeys(schema: z.ZodType, path: readonly PropertyKey[]): string[] {
  let node: unknown = schema;
  for (const step of path) {
    node = unwrap(node);
    const def = (node as { def?: Record<string, unknown> }).def;
    if (!def) return [];
    if (typeof step === 'number') node = def.element ?? def.valueType;
    else node = (def.shape as Record<string, unknown> | undefined)?.[String(step)] ?? def.valueType;
  }
  const shape = (unwrap(node) as { def?: { shape?: Record<string, unknown> } }).def?.shape;
  return shape ? Object.keys(shape) : [];
}

function unwrap(node: unknown): unknown {
  let current = node as { def?: { type?: string; innerType?: unknown; in?: unknown } };
  while (current?.def && ['optional', 'default', 'nullable', 'pipe', 'prefault'].includes(current.def.type ?? '')) {
    current = (current.def.innerType ?? current.def.in) as typeof current;
  }
  return current;
}
