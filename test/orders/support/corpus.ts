// The order corpus: YAML files of realistic order lines with what each must give, under
// test/orders/<ruleset>/. Each case is a list of lines (each its own message) or one message;
// every expectation it leaves out must come back empty, so nothing extra slips through.
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { parse } from 'yaml';
import { z } from 'zod';
import type { AnyRuleset, GameState, MapGraph } from '../../../src/engine/index.ts';
import { readMapFile } from '../../../src/game/map-file.ts';
import { htmlToText } from '../../../src/orders/html-text.ts';
import { bareOrder } from '../../../src/orders/check-orders.ts';
import { parseMessage } from '../../../src/orders/parse-message.ts';
import type { ParseResult } from '../../../src/orders/types.ts';
import { orderRuleset } from './rulesets.ts';

const order = z.looseObject({ kind: z.string() });
const caseSchema = z.strictObject({
  name: z.string().optional(),
  lines: z.array(z.string()).optional(),
  text: z.string().optional(),
  /** The text is an HTML-only email, reduced to text first as the mail loop does. */
  html: z.boolean().default(false),
  orders: z.array(order).default([]),
  ambiguous: z.array(z.array(order)).default([]),
  errors: z
    .array(
      z.strictObject({
        line: z.number().optional(),
        contains: z.string().optional(),
        code: z.string().optional(),
        suggestions: z.array(z.string()).optional(),
      }),
    )
    .default([]),
  ignored: z.array(z.strictObject({ line: z.number().optional(), why: z.string().optional() })).default([]),
});
const fileSchema = z.strictObject({
  ruleset: z.enum(['warfare', 'board-nes', 'industrial', 'cnes']),
  map: z.string(),
  nation: z.string(),
  /** A state file beside this one: unit types come from its units, and orders are validated. */
  state: z.string().optional(),
  /** Written by scripts/make-order-corpus.ts and measured as a whole (share read as intended, none carried out wrongly). */
  measured: z.boolean().default(false),
  cases: z.array(caseSchema),
});

export type CorpusCase = z.infer<typeof caseSchema>;

export interface CorpusFile {
  file: string;
  ruleset: AnyRuleset;
  map: MapGraph;
  nation: string;
  state?: GameState;
  measured: boolean;
  cases: CorpusCase[];
}

export function corpusFiles(dir: string): CorpusFile[] {
  return readdirSync(dir, { recursive: true, encoding: 'utf8' })
    .filter((f) => f.endsWith('.yaml') && !f.startsWith('states'))
    .sort()
    .map((f) => loadCorpus(path.join(dir, f)));
}

function loadCorpus(file: string): CorpusFile {
  const data = fileSchema.parse(parse(readFileSync(file, 'utf8')));
  const here = path.dirname(file);
  const { map, problems } = readMapFile(data.map, readFileSync(path.resolve(here, data.map), 'utf8'));
  if (!map) throw new Error(`${file}: the map does not load: ${problems.map((p) => p.message).join('; ')}`);
  const state = data.state ? (parse(readFileSync(path.resolve(here, data.state), 'utf8')) as GameState) : undefined;
  return { file, ruleset: orderRuleset(data.ruleset), map, nation: data.nation, state, measured: data.measured, cases: data.cases };
}

/** The messages a case sends: each line alone, or the one text. */
export function messagesOf(c: CorpusCase): string[] {
  const texts = c.lines ?? (c.text !== undefined ? [c.text] : []);
  return c.html ? texts.map(htmlToText) : texts;
}

/** How many order lines a corpus file holds, for the "at least 300 lines" count. */
export function lineCount(c: CorpusCase): number {
  return c.lines?.length ?? (c.text ?? '').split('\n').filter((l) => l.trim()).length;
}

export function parseCase(corpus: CorpusFile, text: string): ParseResult {
  return parseMessage({ ruleset: corpus.ruleset, map: corpus.map, nation: corpus.nation, text, state: corpus.state });
}

/** The order's slots alone, to compare with the corpus's exact orders. */
export const slotsOf = bareOrder;

/** What differs between a result and the case's expectations; empty when it matches. */
export function differences(c: CorpusCase, result: ParseResult): string[] {
  const out: string[] = [];
  const show = (v: unknown) => JSON.stringify(v);
  const got = result.orders.map(slotsOf);
  if (show(got.map(sorted)) !== show(c.orders.map(sorted))) out.push(`orders: expected ${show(c.orders)}, got ${show(got)}`);
  const gotAmbiguous = result.ambiguous.map((a) => a.candidates.map((x) => show(sorted(slotsOf(x)))).sort());
  const wantAmbiguous = c.ambiguous.map((a) => a.map((x) => show(sorted(x))).sort());
  if (show(gotAmbiguous) !== show(wantAmbiguous))
    out.push(`ambiguous: expected ${show(c.ambiguous)}, got ${show(result.ambiguous.map((a) => a.candidates.map(slotsOf)))}`);
  if (result.errors.length !== c.errors.length) out.push(`errors: expected ${c.errors.length}, got ${show(result.errors)}`);
  c.errors.forEach((want, i) => {
    const e = result.errors[i];
    if (!e) return;
    if (want.line !== undefined && e.line !== want.line) out.push(`error ${i}: expected line ${want.line}, got ${e.line}`);
    if (want.contains !== undefined && !e.message.includes(want.contains))
      out.push(`error ${i}: expected the message to contain ${show(want.contains)}, got ${show(e.message)}`);
    if (want.code !== undefined && e.code !== want.code) out.push(`error ${i}: expected code ${want.code}, got ${e.code}`);
    if (want.suggestions !== undefined && show(e.suggestions) !== show(want.suggestions))
      out.push(`error ${i}: expected suggestions ${show(want.suggestions)}, got ${show(e.suggestions)}`);
  });
  if (result.ignored.length !== c.ignored.length) out.push(`ignored: expected ${c.ignored.length}, got ${show(result.ignored)}`);
  c.ignored.forEach((want, i) => {
    const g = result.ignored[i];
    if (!g) return;
    if (want.line !== undefined && g.line !== want.line) out.push(`ignored ${i}: expected line ${want.line}, got ${g.line}`);
    if (want.why !== undefined && !g.why.includes(want.why)) out.push(`ignored ${i}: expected why to contain ${show(want.why)}, got ${show(g.why)}`);
  });
  return out;
}

function sorted(o: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(
    Object.keys(o)
      .sort()
      .map((k) => [k, o[k]]),
  );
}

export interface Measure {
  lines: number;
  /** Lines whose result is exactly the expected one. */
  intended: number;
  /** Lines that gave an order the player did not mean: the worst outcome. */
  wrong: string[];
  misses: string[];
}

/** Every line of every case: read as intended, or not; and whether an order came out that was not meant. */
export function measure(files: readonly CorpusFile[]): Measure {
  const out: Measure = { lines: 0, intended: 0, wrong: [], misses: [] };
  for (const corpus of files) {
    for (const c of corpus.cases) {
      const meant = new Set(c.orders.map((o) => JSON.stringify(sorted(o))));
      for (const text of messagesOf(c)) {
        out.lines++;
        const result = parseCase(corpus, text);
        const diff = differences(c, result);
        if (!diff.length) out.intended++;
        else out.misses.push(`${path.basename(corpus.file)}: ${JSON.stringify(text)}: ${diff.join('; ')}`);
        const stray = result.orders.map(slotsOf).filter((o) => !meant.has(JSON.stringify(sorted(o))));
        if (stray.length) out.wrong.push(`${path.basename(corpus.file)}: ${JSON.stringify(text)} gave ${JSON.stringify(stray)}`);
      }
    }
  }
  return out;
}
