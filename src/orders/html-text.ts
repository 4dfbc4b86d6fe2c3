// The text of an HTML-only email, by html-to-text: every entity decoded (Orl&eacute;ans, &rsquo;),
// block elements on lines of their own, list items with a marker, and quoted parts (blockquote,
// Gmail's and Outlook's quote blocks) prefixed "> " so that the quoted-reply reader sets them aside.
import { convert, type HtmlToTextOptions } from 'html-to-text';

const OPTIONS: HtmlToTextOptions = {
  wordwrap: false,
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

export function htmlToText(html: string): string {
  return convert(html, OPTIONS)
    .split('\n')
    .map((l) => l.replace(/[ \t\u00a0]+/g, ' ').trimEnd())
    .join('\n')
    .replace(/\n{3,}/g, '\n\n')
    .trim();
}
