// Runs the order corpus (test/orders/<ruleset>/*.yaml): every line through the real parser, on the
// full standard map for warfare and the board NES test map, each with its exact expected result.
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { corpusFiles, differences, lineCount, messagesOf, parseCase } from './support/corpus.ts';

const here = path.dirname(fileURLToPath(import.meta.url));

for (const ruleset of ['warfare', 'board-nes'] as const) {
  const files = corpusFiles(path.join(here, ruleset));

  describe(`${ruleset} order corpus`, () => {
    it('holds at least 300 order lines', () => {
      expect(files.flatMap((f) => f.cases).reduce((n, c) => n + lineCount(c), 0)).toBeGreaterThanOrEqual(300);
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
