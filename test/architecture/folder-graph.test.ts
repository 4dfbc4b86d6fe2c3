// The folders of src/ and jobs/ import each other in layers, as docs/architecture.md draws them
// ("Layers"): each imports only from layers below its own, so there is no cycle between folders,
// type imports included. A folder is a top-level folder of src/ (src/engine, src/store, ...) or
// jobs/; under src/channels, each folder on its own, every forum software's as one.
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { forums } from '../../src/channels/forum/settings/forums.ts';

const root = path.join(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
const SOFTWARE = 'src/channels/forum/<software>';

/** The folder a file counts in. */
export function folderOf(file: string): string {
  const parts = file.split('/');
  if (parts[0] === 'jobs') return 'jobs';
  if (parts[1] !== 'channels') return parts.slice(0, 2).join('/');
  const dir = parts.slice(0, -1).join('/');
  return parts[2] === 'forum' && parts.length === 5 && forums.has(parts[3]) ? SOFTWARE : dir;
}

/** Every import between two folders: "from -> to" with the files that make it. */
export function folderImports(files: ReadonlyMap<string, string>): Map<string, string[]> {
  const edges = new Map<string, string[]>();
  for (const [file, code] of files) {
    for (const [, spec] of code.matchAll(/^(?:import|export)\s+(?:type\s+)?[^'";]*?from\s+'(\.[^']+)'/gm)) {
      const [from, to] = [folderOf(file), folderOf(path.posix.normalize(path.posix.join(path.posix.dirname(file), spec)))];
      if (from !== to) edges.set(`${from} -> ${to}`, [...(edges.get(`${from} -> ${to}`) ?? []), file]);
    }
  }
  return edges;
}

/** The layers docs/architecture.md lists, lowest first: folder -> its layer's number. */
export function documentedLayers(doc: string): Map<string, number> {
  const section = doc.slice(doc.indexOf('### Layers'));
  const layers = new Map<string, number>();
  for (const [, n, names] of section.matchAll(/^(\d+)\. (.+)$/gm)) for (const [, name] of names.matchAll(/`([^`]+)`/g)) layers.set(name, Number(n));
  return layers;
}

/** Imports that do not go down: to a folder of the same or a higher layer, or between folders the doc does not place. */
export function upwardImports(edges: ReadonlyMap<string, string[]>, layers: ReadonlyMap<string, number>): string[] {
  return [...edges].flatMap(([edge, files]) => {
    const [from, to] = edge.split(' -> ');
    const [a, b] = [layers.get(from), layers.get(to)];
    if (a === undefined || b === undefined) return [`${edge}: ${a === undefined ? from : to} is in no layer of docs/architecture.md`];
    return a > b ? [] : [`${edge} (layer ${a} imports layer ${b}): ${files.slice(0, 3).join(', ')}`];
  });
}

function sources(): Map<string, string> {
  const files = new Map<string, string>();
  for (const dir of ['src', 'jobs']) {
    for (const entry of readdirSync(path.join(root, dir), { withFileTypes: true, recursive: true })) {
      if (!entry.isFile() || !entry.name.endsWith('.ts') || entry.name.endsWith('.generated.ts')) continue;
      const file = path.relative(root, path.join(entry.parentPath, entry.name)).split(path.sep).join('/');
      files.set(file, readFileSync(path.join(root, file), 'utf8'));
    }
  }
  return files;
}

describe('the folders, in layers', () => {
  const layers = documentedLayers(readFileSync(path.join(root, 'docs/architecture.md'), 'utf8'));
  const edges = folderImports(sources());

  it('reads the layers and every folder from the code', () => {
    expect(layers.get('src/engine')).toBe(1);
    expect(layers.get('jobs')).toBeGreaterThan(layers.get('src/messages')!);
    expect(edges.get('src/messages -> src/store')).toBeDefined();
    expect(folderOf('src/channels/forum/xenforo/index.ts')).toBe(SOFTWARE);
    expect(folderOf('src/channels/forum/forum-poster.ts')).toBe('src/channels/forum');
  });

  it('tells an import that goes up, and a folder the doc does not place', () => {
    const up = folderImports(
      new Map([
        ['src/game/a.ts', "import { x } from '../messages/b.ts';"],
        ['src/newer/c.ts', "import type { y } from '../engine/d.ts';"],
      ]),
    );
    expect(upwardImports(up, layers)).toEqual([
      `src/game -> src/messages (layer ${layers.get('src/game')} imports layer ${layers.get('src/messages')}): src/game/a.ts`,
      'src/newer -> src/engine: src/newer is in no layer of docs/architecture.md',
    ]);
  });

  it('holds: every import goes to a lower layer, so no two folders import each other', () => {
    expect(upwardImports(edges, layers)).toEqual([]);
  });
});
