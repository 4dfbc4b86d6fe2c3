// Reads a YAML file of a game folder and checks it against a zod schema, turning every failure
// into a Problem that names the file, the line and the field.
import { CORE_SCHEMA, load } from 'js-yaml';
import { LineCounter, parseDocument, isMap, isScalar, visit, type Document } from 'yaml';
import type { z } from 'zod';
import { didYouMean, type Problem } from './problems.ts';

export interface YamlFile {
  file: string;
  /** The file's data, as plain values. */
  value: unknown;
  /** The syntax tree with positions, parsed when first asked for: only problems need lines. */
  readonly doc: Document;
  readonly lines: LineCounter;
}

/**
 * Reads a YAML file in two steps. js-yaml reads the data, some ten times faster than the syntax
 * tree with positions that line numbers need (a 12,000-province map.yaml: about a second less);
 * both read YAML 1.2's core schema. When js-yaml refuses the text, the tree reader reads it again
 * to say where and why, and its verdict stands.
 */
export function readYaml(file: string, text: string): { yaml: YamlFile; problems: Problem[] } {
  let value: unknown;
  try {
    value = load(text, { schema: CORE_SCHEMA, filename: file });
  } catch {
    return readYamlTree(file, text);
  }
  let tree: { doc: Document; lines: LineCounter } | undefined;
  const parsed = () => (tree ??= parseTree(text));
  const yaml: YamlFile = {
    file,
    value: value ?? null,
    get doc() {
      return parsed().doc;
    },
    get lines() {
      return parsed().lines;
    },
  };
  return { yaml, problems: [] };
}

function parseTree(text: string): { doc: Document; lines: LineCounter } {
  const lines = new LineCounter();
  // The parser's own duplicate-key check compares each key with every key before it: a map.yaml of
  // 12,000 provinces took seconds. duplicateKeys finds the same duplicates in one pass.
  const doc = parseDocument(text, { lineCounter: lines, prettyErrors: false, uniqueKeys: false });
  return { doc, lines };
}

function readYamlTree(file: string, text: string): { yaml: YamlFile; problems: Problem[] } {
  const { doc, lines } = parseTree(text);
  const errors = doc.errors.map((e) => ({ at: e.pos[0], message: e.message.split('\n')[0].replace(/ at line \d+, column \d+:?$/, '') }));
  errors.push(...duplicateKeys(doc));
  errors.sort((a, b) => a.at - b.at);
  const problems: Problem[] = errors.map((e) => ({ file, line: lines.linePos(e.at).line, message: `this is not valid YAML (${e.message}).` }));
  return { yaml: { file, value: problems.length ? null : doc.toJS(), doc, lines }, problems };
}

/** Keys given twice in one map, where the second one starts. */
function duplicateKeys(doc: Document): Array<{ at: number; message: string }> {
  const found: Array<{ at: number; message: string }> = [];
  visit(doc, {
    Map(_, map) {
      const seen = new Set<unknown>();
      for (const { key } of map.items) {
        if (!isScalar(key)) continue;
        if (seen.has(key.value)) found.push({ at: key.range?.[0] ?? 0, message: 'Map keys must be unique' });
        seen.add(key.value);
      }
    },
  });
  return found;
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
  const result = schema.safeParse(yaml.value);
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
