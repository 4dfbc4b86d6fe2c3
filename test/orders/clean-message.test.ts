import { describe, expect, it } from 'vitest';
import { cleanMessage, MAX_MESSAGE_LINES } from '../../src/orders/clean-message.ts';
import { htmlToText } from '../../src/orders/html-text.ts';

describe('cleanMessage', () => {
  it('keeps line numbers of the message and strips list markers', () => {
    const { lines } = cleanMessage('Hi\r\n\r\n1. A Par H\n- A Mar H\n(3) F Bre H\n  * A Pic H  \n');
    expect(lines).toEqual([
      { line: 1, text: 'Hi' },
      { line: 3, text: 'A Par H' },
      { line: 4, text: 'A Mar H' },
      { line: 5, text: 'F Bre H' },
      { line: 6, text: 'A Pic H' },
    ]);
  });

  it('sets aside quoted lines as one note per run, with the reason', () => {
    const { lines, ignored } = cleanMessage('A Par H\n> old 1\n> old 2\nA Mar H\n  > old 3');
    expect(lines.map((l) => l.text)).toEqual(['A Par H', 'A Mar H']);
    expect(ignored).toEqual([
      { line: 2, text: '> old 1\n> old 2', why: 'quoted from an earlier message' },
      { line: 5, text: '> old 3', why: 'quoted from an earlier message' },
    ]);
  });

  it('drops everything after a signature or an earlier message', () => {
    expect(cleanMessage('A Par H\n-- \nMarie\nA Mar H').ignored).toEqual([{ line: 2, text: '-- \nMarie\nA Mar H', why: 'a signature (after "-- ")' }]);
    expect(cleanMessage('A Par H\n-----Original Message-----\nA Mar H').lines).toHaveLength(1);
    expect(cleanMessage('A Par H\nFrom: GM\nSent: Monday\nA Mar H').lines).toHaveLength(1);
  });

  it('reads the one reply structure the mail loop reads (src/orders/quoted-reply.ts)', () => {
    // Bottom-posted: the quote under Gmail's header is set aside, the answer below it is read.
    expect(cleanMessage('On Mon, GM <gm@adjutant.test> wrote:\n> Hold eng\nA Par H').lines.map((l) => l.text)).toEqual(['A Par H']);
    // Outlook and Apple Mail do not quote with ">": below the header is the earlier message.
    expect(cleanMessage('A Par H\nOn Mon, GM <gm@adjutant.test> wrote:\nA Mar H').ignored.map((i) => i.why)).toEqual([
      'a reply header',
      'an earlier message below a reply',
    ]);
    // Earlier orders forwarded with nothing above are sent again.
    const forwarded = '---------- Forwarded message ---------\nFrom: Me <p1@adjutant.test>\nDate: Mon\nSubject: orders\n\nA Par H';
    expect(cleanMessage(forwarded).lines.map((l) => l.text)).toEqual(['A Par H']);
    expect(cleanMessage(`A Mar H\n${forwarded}`).lines.map((l) => l.text)).toEqual(['A Mar H']);
  });

  it('reads only ORDERS ... END blocks when the message has one', () => {
    const { lines, ignored } = cleanMessage('chat\nOrders:\nA Par H\nEnd of orders\nmore chat\nORDERS\nA Mar H\nEND');
    expect(lines.map((l) => l.text)).toEqual(['A Par H', 'A Mar H']);
    expect(ignored.map((i) => i.line)).toEqual([1, 4, 8]);
  });

  it('reads everything when a block is never closed', () => {
    expect(cleanMessage('ORDERS\nA Par H').lines.map((l) => l.text)).toEqual(['ORDERS', 'A Par H']);
  });

  it('reads at most its cap of lines', () => {
    const { lines, ignored } = cleanMessage('A Par H\n'.repeat(MAX_MESSAGE_LINES + 5));
    expect(lines).toHaveLength(MAX_MESSAGE_LINES);
    expect(ignored).toHaveLength(1);
    expect(ignored[0].line).toBe(MAX_MESSAGE_LINES + 1);
  });
});

describe('htmlToText', () => {
  it('turns blocks and breaks into lines and lists into bullets', () => {
    expect(htmlToText('<div>A Par H</div><p>A Mar H<br/>F Bre H</p><ul><li>A Pic H</li></ul>')).toBe('A Par H\n\nA Mar H\nF Bre H\n\n- A Pic H');
  });

  it('decodes entities and drops styles, scripts and comments', () => {
    expect(htmlToText('<style>p{}</style><script>x()</script><!-- hi -->A Par &ndash;&gt; Bur&nbsp;&amp;&#33;&#x41;')).toBe('A Par –> Bur &!A');
  });

  it('marks quoted HTML as quoted text, one ">" per level', () => {
    const text = htmlToText('A Par H<blockquote>old<blockquote>older</blockquote></blockquote>');
    expect(text.split('\n')).toContain('> > older');
    expect(cleanMessage(text).lines.map((l) => l.text)).toEqual(['A Par H']);
  });

  it('decodes every named entity, so accented places and curly quotes match', () => {
    expect(htmlToText('<p>A Par &ndash; Orl&eacute;ans &rsquo;&ldquo;x&rdquo;</p>')).toBe('A Par – Orléans ’“x”');
  });

  it("sets Gmail's quote block aside like a blockquote", () => {
    const text = htmlToText('<div>A Par H</div><div class="gmail_quote">On Mon, GM wrote:<br>F Bre H</div>');
    expect(cleanMessage(text).lines.map((l) => l.text)).toEqual(['A Par H']);
  });
});
