// A GM's unit table file (examples/civ-advanced-units.yaml), checked from its text: the edge reads
// the file and passes the text here, so the combat system itself never does I/O.
import { LineCounter, parseDocument } from 'yaml';
import { lineOf, valueAt } from '../yaml-lines.ts';
import { z } from 'zod';
import type { UnitTable } from './types.ts';
import { unitTableSchema } from './unit-table.ts';

const unitTableFileSchema = z.strictObject({ units: unitTableSchema });

export type UnitTableFileResult = { ok: true; table: UnitTable } | { ok: false; error: string };

/** One mistake in a unit table file, as a game folder reports it: the file, the line, the field. */
export interface UnitTableProblem {
  file: string;
  line?: number;
  field?: string;
  message: string;
}

/** The table, or every problem on its own line as "file:line: field: what is wrong". */
export function parseUnitTableFile(text: string, file: string): UnitTableFileResult {
  const { table, problems } = readUnitTableFile(text, file);
  if (table) return { ok: true, table };
  const where = (p: UnitTableProblem) => (p.line ? `${p.file}:${p.line}` : p.file);
  return { ok: false, error: problems.map((p) => `${where(p)}: ${p.field ? `${p.field}: ` : ''}${p.message}`).join('\n') };
}

/** The table, or its problems one by one, for a loader that reports them with its own. */
export function readUnitTableFile(text: string, file: string): { table?: UnitTable; problems: UnitTableProblem[] } {
  const lines = new LineCounter();
  const doc = parseDocument(text, { lineCounter: lines, prettyErrors: false, uniqueKeys: true });
  if (doc.errors.length) {
    return {
      problems: doc.errors.map((e) => ({ file, line: lines.linePos(e.pos[0]).line, message: `this is not valid YAML (${e.message.split('\n')[0]}).` })),
    };
  }
  if (doc.contents === null) return { problems: [{ file, message: 'the file is empty; it needs a "units:" map of unit kinds.' }] };
  const data: unknown = doc.toJS();
  const result = unitTableFileSchema.safeParse(data);
  if (result.success) return { table: result.data.units, problems: [] };
  const problems = result.error.issues.map((issue): UnitTableProblem => {
    // An unknown field is reported at its own key, the thing the GM mistyped.
    const path = issue.code === 'unrecognized_keys' ? [...issue.path, issue.keys[0]] : issue.path;
    const field = path.map(String).join('.');
    const message =
      issue.code === 'unrecognized_keys'
        ? `"${issue.keys.join('", "')}" is not a field of the unit table`
        : issue.code === 'invalid_type' && valueAt(data, path) === undefined
          ? `this field is required (${issue.expected === 'record' ? 'a map of unit kinds' : issue.expected})`
          : issue.message.replace(/^Invalid (input|option): /, '');
    return { file, line: lineOf(doc, lines, path), ...(field && { field }), message: `${message}.` };
  });
  return { problems };
}
