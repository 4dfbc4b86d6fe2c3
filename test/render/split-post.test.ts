// A long update split into posts the forum takes: every part within the limit, the text kept in
// order, and no table, spoiler, details or code block cut so that a part shows broken markup.
import { describe, expect, it } from 'vitest';
import { POST_RESERVE, splitPost } from '../../src/render/split-post.ts';

const LIMIT = 2000;
const battle = (i: number) =>
  `[B]Battle of Province ${i}[/B]: Red's 3 armies attacked Blue's 2 in Province ${i}.\n[SPOILER=Dice of the battle of Province ${i}]\n${Array.from(
    { length: 6 },
    (_, d) => `Red rolled ${d + 1}, Blue rolled ${6 - d}`,
  ).join('\n')}\n\n[I]A blank line inside the spoiler does not end it.[/I]\n[/SPOILER]`;
const table = (rows: number) =>
  `[TABLE]\n[TR][TH]Nation[/TH][TH]Gold[/TH][/TR]\n${Array.from({ length: rows }, (_, i) => `[TR][TD]Nation ${i}[/TD][TD]${i}[/TD][/TR]`).join('\n')}\n[/TABLE]`;

/** The counts of each wrapper's openings and closings in a part: equal where nothing is cut in half. */
function balanced(part: string): boolean {
  return ['spoiler', 'details', 'table', 'code'].every(
    (tag) => (part.match(new RegExp(`\\[${tag}[=\\]]`, 'gi'))?.length ?? 0) === (part.match(new RegExp(`\\[/${tag}\\]`, 'gi'))?.length ?? 0),
  );
}
const contentLines = (parts: string[]) =>
  parts
    .join('\n')
    .split('\n')
    .filter((l) => l.trim() && !/^\(\d+ of \d+\)$|^\(continued in the next post\)$/.test(l));

describe('a long update split into posts', () => {
  it('leaves an update that fits as one post, unchanged', () => {
    const text = `[B]Turn 3[/B]\n\n${battle(1)}`;
    expect(splitPost(text, LIMIT)).toEqual([text]);
  });

  it('splits between battles, never inside a spoiler, each part within the limit and labelled', () => {
    const text = [`[B]Turn 3[/B]`, table(5), ...Array.from({ length: 40 }, (_, i) => battle(i))].join('\n\n');
    // Many limits, so the cuts fall at every kind of place in the text.
    for (let limit = 1000; limit <= 4000; limit += 37) {
      const parts = splitPost(text, limit);
      expect(parts.length).toBeGreaterThan(3);
      for (const part of parts) {
        expect(part.length).toBeLessThanOrEqual(limit - POST_RESERVE + 50);
        expect(balanced(part)).toBe(true);
      }
      expect(parts[0]).toMatch(/\(continued in the next post\)$/);
      expect(parts[1]).toMatch(new RegExp(`^\\(2 of ${parts.length}\\)`));
      expect(contentLines(parts)).toEqual(text.split('\n').filter((l) => l.trim()));
    }
  });

  it('cuts a table longer than a post between rows, each piece a whole table with its header row', () => {
    const parts = splitPost(table(200), LIMIT);
    expect(parts.length).toBeGreaterThan(2);
    for (const part of parts) {
      expect(balanced(part)).toBe(true);
      expect(part).toContain('[TR][TH]Nation[/TH][TH]Gold[/TH][/TR]');
      expect(part.length).toBeLessThanOrEqual(LIMIT);
    }
    const rows = parts.flatMap((p) => p.split('\n').filter((l) => l.startsWith('[TR][TD]')));
    expect(rows).toEqual(Array.from({ length: 200 }, (_, i) => `[TR][TD]Nation ${i}[/TD][TD]${i}[/TD][/TR]`));
  });

  it('keeps a Markdown details block and a table whole, repeating a long table header', () => {
    const details = `[details="The dice"]\n${Array.from({ length: 8 }, (_, i) => `- Red rolled ${i}`).join('\n')}\n[/details]`;
    const mdTable = `| Nation | Gold |\n|---|---:|\n${Array.from({ length: 150 }, (_, i) => `| Nation ${i} | ${i} |`).join('\n')}`;
    const parts = splitPost([`# Turn 3`, ...Array.from({ length: 30 }, () => details), mdTable].join('\n\n'), LIMIT);
    for (const part of parts) {
      expect(balanced(part)).toBe(true);
      expect(part.length).toBeLessThanOrEqual(LIMIT);
      if (part.includes('| Nation 1')) expect(part).toContain('| Nation | Gold |\n|---|---:|');
    }
  });

  it('cuts a single line longer than a post at a space', () => {
    const words = Array.from({ length: 1000 }, (_, i) => `word${i}`).join(' ');
    const parts = splitPost(words, LIMIT);
    for (const part of parts) expect(part.length).toBeLessThanOrEqual(LIMIT);
    expect(contentLines(parts).join(' ')).toBe(words);
  });
});
