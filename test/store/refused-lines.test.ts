// What is kept of a nation's refused lines is bounded, however many and however long they were.
import { describe, expect, it } from 'vitest';
import { REFUSED_KEPT, encodeRefused } from '../../src/store/refused-lines.ts';

describe('refused lines as stored', () => {
  it('keeps the first lines, each cut to a readable length, with the step they were sent in', () => {
    const lines = Array.from({ length: 50 }, (_, i) => ({ line: i + 1, text: 'x'.repeat(1000), reason: 'no such province' }));
    const stored = JSON.parse(encodeRefused(3, lines)) as { step: number; lines: Array<{ line: number; text: string; reason: string }> };
    expect(stored.step).toBe(3);
    expect(stored.lines).toHaveLength(REFUSED_KEPT.lines);
    expect(stored.lines[0]).toEqual({ line: 1, text: `${'x'.repeat(REFUSED_KEPT.chars - 1)}…`, reason: 'no such province' });
  });
});
