// A ruleset's sentences (src/engine/report.ts) written out for one format: nations and provinces
// named as the game names them, a nation's name in its colour where the format has colours, and
// every name escaped for the format, so a name cannot inject markup.
import type { UpdateFormat } from '../channels/settings/index.ts';
import type { Phrase, Sentence } from '../engine/index.ts';
import { escapeBbcode, escapeMarkdown, escapeMarkdownInline, Markup, oneLine } from './escape.ts';
import { parseHex, toHex } from './palette.ts';

/** A forum update's format (BBCode in upper or lower case, Markdown), plain text, or the web page's HTML. */
export type SentenceFormat = UpdateFormat | 'txt' | 'html';

export interface Names {
  nation(id: string): string;
  province(id: string): string;
  /** The nation's colour ("#rrggbb"), when it has one. */
  colour(id: string): string | undefined;
}

export const escapeHtml = (text: string) => oneLine(text).replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

const ESCAPE: Record<SentenceFormat, (text: string) => string> = {
  'bbcode-upper': escapeBbcode,
  bbcode: escapeBbcode,
  md: escapeMarkdown,
  txt: oneLine,
  html: escapeHtml,
};

/** The colour darkened until text in it reads on a white page (contrast 3:1 at least, WCAG for bold text). */
export function textColour(colour: string): string {
  let rgb = parseHex(colour);
  const luminance = (c: readonly number[]) => {
    const [r, g, b] = c.map((v) => (v / 255 <= 0.03928 ? v / 255 / 12.92 : ((v / 255 + 0.055) / 1.055) ** 2.4));
    return 0.2126 * r + 0.7152 * g + 0.0722 * b;
  };
  while (1.05 / (luminance(rgb) + 0.05) < 3) rgb = [rgb[0] * 0.9, rgb[1] * 0.9, rgb[2] * 0.9];
  return toHex(rgb);
}

function nationText(name: string, colour: string | undefined, format: SentenceFormat): string {
  const text = ESCAPE[format](name);
  if (!colour || !/^#[0-9a-f]{6}$/i.test(colour)) return format === 'md' ? `**${text}**` : text;
  const ink = textColour(colour);
  switch (format) {
    case 'bbcode-upper':
      return `[COLOR=${ink}][B]${text}[/B][/COLOR]`;
    case 'bbcode':
      return `[color=${ink}][b]${text}[/b][/color]`;
    case 'md':
      return `**${text}**`;
    case 'html':
      return `<strong style="color: ${ink};">${text}</strong>`;
    case 'txt':
      return text;
  }
}

function phraseText(phrase: Phrase, names: Names, format: SentenceFormat, first: boolean): string {
  // Only the start of a line can open a Markdown heading or list: later pieces are escaped inline.
  if (typeof phrase === 'string') return format === 'md' && !first ? escapeMarkdownInline(phrase) : ESCAPE[format](phrase);
  if ('nation' in phrase) return nationText(names.nation(phrase.nation), names.colour(phrase.nation), format);
  return ESCAPE[format](names.province(phrase.province));
}

export function writeSentence(sentence: Sentence, names: Names, format: SentenceFormat): Markup {
  return new Markup(sentence.map((p, i) => phraseText(p, names, format, i === 0)).join(''));
}

/** The sentence as plain words, for places that escape it themselves (a [SPOILER=...] title). */
export function plainSentence(sentence: Sentence, names: Names): string {
  return sentence.map((p) => (typeof p === 'string' ? p : 'nation' in p ? names.nation(p.nation) : names.province(p.province))).join('');
}
