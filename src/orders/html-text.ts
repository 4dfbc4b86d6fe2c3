// The text of an HTML-only email, by html-to-text: every entity decoded (Orl&eacute;ans, &rsquo;),
// block elements on lines of their own, list items with a marker, and quoted parts (blockquote,
// Gmail's and Outlook's quote blocks) prefixed "> " so that the quoted-reply reader sets them aside.
//
// html-to-text (and the htmlparser2 under it) take time that grows faster than the HTML: 1 MB of
// unclosed <div> or <li> took 26 to 57 s, 16 KB at most 20 ms. It runs in one piece, so only a
// bounded part of the HTML is given to it (visibleHtml), and nesting deeper than MAX_DEPTH, which
// would overflow the stack, is left out.
import { convert, type HtmlToTextOptions } from 'html-to-text';

/** Deeper than this is a forty-reply thread quoted in full and more: not what the writer typed. */
const MAX_DEPTH = 200;

/**
 * Of an HTML-only message, this much of what its HTML shows (styles, scripts and comments left
 * out) is turned into text: the converter's cost grows faster than the HTML. As much as the text
 * a message may have read (MAX_TEXT of src/messages/incoming-message.ts).
 */
export const MAX_HTML = 16 * 1024;

export const HTML_OPTIONS: HtmlToTextOptions = {
  wordwrap: false,
  limits: { maxDepth: MAX_DEPTH, ellipsis: '' },
  decodeEntities: true,
  selectors: [
    { selector: 'a', options: { ignoreHref: true } },
    { selector: 'img', format: 'skip' },
    { selector: 'h1', options: { uppercase: false } },
    { selector: 'h2', options: { uppercase: false } },
    { selector: 'h3', options: { uppercase: false } },
    { selector: 'table', format: 'block' },
    { selector: 'tr', format: 'block' },
    { selector: 'td', format: 'inline' },
    { selector: 'th', format: 'inline' },
    { selector: 'ul', options: { itemPrefix: '- ' } },
    { selector: 'div.gmail_quote', format: 'blockquote', options: { trimEmptyLines: true } },
    { selector: 'div#divRplyFwdMsg', format: 'blockquote', options: { trimEmptyLines: true } },
    { selector: 'div#appendonsend', format: 'blockquote', options: { trimEmptyLines: true } },
  ],
};

// What shows nothing, and fills most of an Outlook email's HTML: styles, scripts, comments.
const HIDDEN_START = /<(style|script)\b|<!--/gi;

/**
 * The HTML without what shows nothing, cut to at most `max` characters. One pass: each hidden
 * part is skipped to its end, and one never ended hides the rest, as it does in a browser.
 */
export function visibleHtml(html: string, max: number): string {
  let out = '';
  let kept = 0;
  HIDDEN_START.lastIndex = 0;
  for (let m = HIDDEN_START.exec(html); m && out.length < max; m = HIDDEN_START.exec(html)) {
    const end = m[1] ? closingTagEnd(html, m[1], m.index) : html.indexOf('-->', m.index + 4);
    out += html.slice(kept, m.index);
    kept = end < 0 ? html.length : m[1] ? end : end + 3;
    HIDDEN_START.lastIndex = kept;
  }
  if (out.length < max) out += html.slice(kept, kept + max - out.length);
  return out.slice(0, max);
}

/** Where the closing tag of `name` opened at `from` ends; -1 when it is never closed. */
function closingTagEnd(html: string, name: string, from: number): number {
  const close = new RegExp(`</${name}\\s*>`, 'gi');
  close.lastIndex = from;
  const m = close.exec(html);
  return m ? m.index + m[0].length : -1;
}

export function htmlToText(html: string): string {
  return convert(html, HTML_OPTIONS)
    .split('\n')
    .map((l) => l.replace(/[ \t\u00a0]+/g, ' ').trimEnd())
    .join('\n')
    .replace(/\n{3,}/g, '\n\n')
    .trim();
}
