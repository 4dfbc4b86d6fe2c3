// A GM's unit cards file (cards.yaml in the game folder; examples/starter/cnes/cards.yaml is the
// starter set), checked from its text with the line of every mistake: the edge reads the file and
// passes the text here, so the combat system never does I/O.
import { LineCounter, parseDocument } from 'yaml';
import { lineOf, valueAt } from '../yaml-lines.ts';
import { z } from 'zod';
import type { DataFileProblem } from '../../engine/index.ts';
import { cardsSchema, type Cards } from './cards.ts';

const cardFileSchema = z.strictObject({ cards: cardsSchema });

export function readCardFile(text: string): { cards?: Cards; problems: DataFileProblem[] } {
  const lines = new LineCounter();
  const doc = parseDocument(text, { lineCounter: lines, prettyErrors: false, uniqueKeys: true });
  if (doc.errors.length) {
    return { problems: doc.errors.map((e) => ({ line: lines.linePos(e.pos[0]).line, message: `this is not valid YAML (${e.message.split('\n')[0]}).` })) };
  }
  if (doc.contents === null) return { problems: [{ message: 'the file is empty; it needs a "cards:" map of unit cards.' }] };
  const data: unknown = doc.toJS();
  const result = cardFileSchema.safeParse(data);
  if (result.success) return { cards: result.data.cards, problems: [] };
  const problems = result.error.issues.map((issue): DataFileProblem => {
    // An unknown field is reported at its own key, the thing the GM mistyped.
    const path = issue.code === 'unrecognized_keys' ? [...issue.path, issue.keys[0]] : issue.path;
    const field = path.map(String).join('.');
    const message =
      issue.code === 'unrecognized_keys'
        ? `"${issue.keys.join('", "')}" is not a field of a unit card (name, class, atk, def, eva, arm, ap, aa, alt, cost, move, flags)`
        : issue.code === 'invalid_type' && valueAt(data, path) === undefined
          ? `this field is required (${issue.expected === 'record' ? 'a map of unit cards' : issue.expected})`
          : issue.message.replace(/^Invalid (input|option): /, '');
    return { line: lineOf(doc, lines, path), ...(field && { field }), message: `${message}.` };
  });
  return { problems };
}
