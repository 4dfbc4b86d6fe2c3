// The industrial order corpus (test/orders/industrial/*.yaml): every line through the real parser
// on the small industrial map, each with its exact expected result.
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { corpusFiles, differences, lineCount, messagesOf, parseCase } from './support/corpus.ts';

const files = corpusFiles(path.join(path.dirname(fileURLToPath(import.meta.url)), 'industrial'));

describe('industrial order corpus', () => {
  it('holds at least 300 order lines', () => {
    expect(files.flatMap((f) => f.cases).reduce((n, c) => n + lineCount(c), 0)).toBeGreaterThanOrEqual(300);
  });
  for (const corpus of files) {
    describe(path.basename(corpus.file), () => {
      corpus.cases.forEach((c, i) => {
        it(c.name ?? `case ${i + 1}`, () => {
          const failures = messagesOf(c).flatMap((text) => differences(c, parseCase(corpus, text)).map((d) => `${JSON.stringify(text)}: ${d}`));
          expect(failures).toEqual([]);
        });
      });
    });
  }
});
