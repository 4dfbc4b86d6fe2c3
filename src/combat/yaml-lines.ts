// Where a combat system's GM data file (a unit table, a set of cards) went wrong: the line of a
// field in the YAML the GM wrote, so each problem names file, line and field.
import { isMap, type Document, type LineCounter } from 'yaml';

/** The line where the value (or key) at `path` starts, or the nearest parent that exists. */
export function lineOf(doc: Document, lines: LineCounter, path: readonly PropertyKey[]): number | undefined {
  for (let depth = path.length; depth > 0; depth--) {
    const parent = depth > 1 ? doc.getIn(path.slice(0, depth - 1) as unknown[], true) : doc.contents;
    if (!isMap(parent)) continue;
    const pair = parent.items.find((p) => (p.key as { value?: unknown } | null)?.value === path[depth - 1]);
    const range = ((pair?.value ?? pair?.key) as { range?: [number, number] } | null)?.range;
    if (range) return lines.linePos(range[0]).line;
  }
  const range = (doc.contents as { range?: [number, number] } | null)?.range;
  return range ? lines.linePos(range[0]).line : undefined;
}

export function valueAt(data: unknown, path: readonly PropertyKey[]): unknown {
  return path.reduce<unknown>((node, key) => (node && typeof node === 'object' ? (node as Record<PropertyKey, unknown>)[key] : undefined), data);
}
