// The lexer's ASCII path (a look at each character) cuts every line as its moo rules do: a line
// with a non-ASCII word added at its end is read by the moo rules, and must give the same tokens
// before that word.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { lexLine } from '../../src/orders/lexer.ts';

/** Characters each rule starts or continues with, and some no rule names. */
const CHARS = [...'aZ09 \t-=>.@/\\([{)]};,:!?*"\'`_~#|+%$&^<'];

describe('the lexer', () => {
  it('cuts ASCII lines as its moo rules do', () => {
    fc.assert(
      fc.property(fc.array(fc.constantFrom(...CHARS), { maxLength: 40 }), (chars) => {
        const line = chars.join('');
        const byRules = lexLine(`${line} é`);
        expect(byRules.at(-1)?.raw).toBe('é');
        expect(lexLine(line)).toEqual(byRules.slice(0, -1));
      }),
      { numRuns: 5000 },
    );
  });

  it('keeps words joined by an apostrophe or a hyphen whole, and tells arrows from dashes', () => {
    expect(lexLine("Queen's Mid-Atlantic a--b c-->d e=>f g==h").map((t) => [t.type, t.raw])).toEqual([
      ['word', "Queen's"],
      ['word', 'Mid-Atlantic'],
      ['word', 'a'],
      ['dash', '--'],
      ['word', 'b'],
      ['word', 'c'],
      ['arrow', '-->'],
      ['word', 'd'],
      ['word', 'e'],
      ['arrow', '=>'],
      ['word', 'f'],
      ['word', 'g'],
      ['other', '='],
      ['other', '='],
      ['word', 'h'],
    ]);
  });
});
