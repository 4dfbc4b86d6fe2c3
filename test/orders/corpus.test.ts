// Runs the order corpus (test/orders/<ruleset>/*.yaml): every line through the real parser, on the
// full standard map for warfare, the board NES test map and the CNES starter map, each with its exact expected result.
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { corpusFiles, differences, lineCount, messagesOf, parseCase } from './support/corpus.ts';

const here = path.dirname(fileURLToPath(import.meta.url));

/** Order lines each ruleset's corpus must hold at least. */
const minimum = { warfare: 300, 'board-nes': 300, cnes: 200 } as const;

for (const ruleset of ['warfare', 'board-nes', 'cnes'] as const) {
  const files = corpusFiles(path.join(here, ruleset));

  describe(`${ruleset} order corpus`, () => {
    it(`holds at least ${minimum[ruleset]} order lines`, () => {
      expect(files.flatMap((f) => f.cases).reduce((n, c) => n + lineCount(c), 0)).toBeGreaterThanOrEqual(minimum[ruleset]);
    });

    for (const corpus of files) {
      describe(path.basename(corpus.file), () => {
        corpus.cases.forEach((c, i) => {
          it(c.name ?? `case ${i + 1}: ${(c.lines?.[0] ?? c.text ?? '').split('\n')[0]}`, () => {
            const failures = messagesOf(c).flatMap((text) => differences(c, parseCase(corpus, text)).map((d) => `${JSON.stringify(text)}: ${d}`));
            expect(failures).toEqual([]);
          });
        });
      });
    }
  });
}
