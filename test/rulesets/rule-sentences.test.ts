// Every sentence of a rule document is listed in its ruleset's doc with the scenario or test that
// covers it (docs/rules/<id>.md, "Rule sentences and the scenarios that cover them"), and the list
// has no gaps: each sentence shares a run of words with a quoted passage, each quotation is the
// document's own words, each name in the list is a scenario or test that exists, and each scenario
// is listed beside the passage its `source:` quotes.
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';

const root = path.join(import.meta.dirname, '..', '..');
const DOCUMENTS = [
  { ruleset: 'cnes', source: 'cnes-rules.txt' },
  { ruleset: 'industrial', source: 'industrial-phases-rules.md' },
];
const SECTION = '## Rule sentences and the scenarios that cover them';
/** A sentence is covered by a passage sharing this many words in a row with it (all of a shorter one). */
const RUN = 6;
/** A scenario's `source:` and its row's passage share at least this many words in a row. */
const SOURCE_RUN = 4;

interface Row {
  line: number;
  pieces: string[];
  names: string[];
  uncovered: boolean;
}

const plain = (text: string) =>
  text
    .replace(/[‘’`]/g, "'")
    .replace(/[“”]/g, '"')
    .replace(/\*\*|`/g, '')
    .replace(/\s+/g, ' ')
    .trim()
    .toLowerCase();
const words = (text: string) =>
  plain(text)
    .split(' ')
    .map((w) => w.replace(/[^\p{L}\p{N}$%]/gu, ''))
    .filter(Boolean);
const runs = (ws: string[], n: number) => ws.slice(0, ws.length - n + 1).map((_, i) => ws.slice(i, i + n).join(' '));

/** The document's sentences: lines outside front matter and headings, split after . ? or !. */
function sentencesOf(document: string): string[] {
  const body = document.replace(/^---\n[\s\S]*?\n---\n/, '');
  return body
    .split('\n')
    .filter((line) => !/^\s*(#|```)/.test(line))
    .map((line) => line.replace(/^\s*(?:[-*]|\d+\.)\s+/, ''))
    .flatMap((line) => line.split(/(?<=[.?!]["”’)]?)\s+(?=\S)/))
    .filter((sentence) => words(sentence).length >= 4);
}

function rowsOf(doc: string): Row[] {
  const start = doc.indexOf(SECTION);
  if (start < 0) return [];
  const lines = doc.slice(start).split('\n').slice(1);
  const end = lines.findIndex((l) => l.startsWith('## '));
  const firstLine = doc.slice(0, start).split('\n').length + 1;
  return lines.slice(0, end < 0 ? undefined : end).flatMap((text, i) => {
    const cells = text.split('|').map((c) => c.trim());
    if (cells.length < 4 || /^-+$/.test(cells[1]) || cells[1] === 'passage') return [];
    const [passage, cover] = [cells.slice(1, -2).join('|'), cells[cells.length - 2]];
    const pieces = [...passage.matchAll(/"([^"]+)"/g)].flatMap((m) => m[1].split(/\s*(?:\.\.\.|…)\s*/)).filter((p) => words(p).length > 0);
    const names = [...cover.matchAll(/`([^`]+)`/g)].map((m) => m[1]);
    return [{ line: firstLine + i, pieces, names, uncovered: /^not (a rule|implemented)/.test(cover) }];
  });
}

async function testFiles(dir: string): Promise<Set<string>> {
  const entries = await readdir(dir, { recursive: true });
  return new Set(entries.filter((e) => e.endsWith('.test.ts')).map((e) => path.basename(e)));
}

const tests = await testFiles(path.join(root, 'test'));

describe.each(DOCUMENTS)('the rule sentences of $source', ({ ruleset, source }) => {
  const load = async () => {
    const document = await readFile(path.join(root, 'docs/rules/sources', source), 'utf8');
    const rows = rowsOf(await readFile(path.join(root, 'docs/rules', `${ruleset}.md`), 'utf8'));
    const scenarioDir = path.join(root, 'test/scenarios', ruleset);
    const scenarios = (await readdir(scenarioDir)).filter((f) => f.endsWith('.yaml')).map((f) => f.slice(0, -'.yaml'.length));
    return { document, rows, scenarioDir, scenarios };
  };

  it('are listed in the ruleset doc', async () => {
    const { rows } = await load();
    expect(rows.length).toBeGreaterThan(0);
  });

  it('are quoted in the document own words', async () => {
    const { document, rows } = await load();
    const text = plain(document.replace(/^\s*(?:[-*]|\d+\.)\s+/gm, ''));
    const misquoted = rows.flatMap((row) => row.pieces.filter((p) => !text.includes(plain(p))).map((p) => `line ${row.line}: "${p}"`));
    expect(misquoted).toEqual([]);
  });

  it('each name a scenario or test that exists, or say why none does', async () => {
    const { rows, scenarios } = await load();
    const unknown = rows.flatMap((row) => {
      if (row.names.length === 0 && !row.uncovered) return [`line ${row.line}: names no scenario or test`];
      return row.names
        .filter((name) => !scenarios.includes(name) && !tests.has(name) && !name.startsWith('npm run bench -- '))
        .map((name) => `line ${row.line}: \`${name}\` is neither a scenario of this ruleset nor a test`);
    });
    expect(unknown).toEqual([]);
  });

  it('leave no sentence of the document out', async () => {
    const { document, rows } = await load();
    const quoted = rows.flatMap((row) => row.pieces.map(words));
    const gramsOf = (n: number) => new Set(quoted.flatMap((ws) => runs(ws, n)));
    const grams = new Map([4, 5, 6].map((n) => [n, gramsOf(n)]));
    const missing = sentencesOf(document).filter((sentence) => {
      const ws = words(sentence);
      const n = Math.min(RUN, ws.length);
      return !runs(ws, n).some((run) => grams.get(n)!.has(run));
    });
    expect(missing).toEqual([]);
  });

  it('name every scenario beside the passage its source quotes', async () => {
    const { rows, scenarioDir, scenarios } = await load();
    const unlisted = [];
    for (const name of scenarios) {
      const scenario = parse(await readFile(path.join(scenarioDir, `${name}.yaml`), 'utf8')) as { source?: string };
      const sourceRuns = new Set(runs(words(scenario.source ?? ''), SOURCE_RUN));
      const listed = rows.filter((row) => row.names.includes(name));
      const quotes = listed.some((row) => row.pieces.some((p) => runs(words(p), SOURCE_RUN).some((run) => sourceRuns.has(run))));
      if (!quotes) unlisted.push(listed.length ? `${name}: its row quotes no passage of its source` : `${name}: not listed`);
    }
    expect(unlisted).toEqual([]);
  });
});
