// Escaping of everything players and GMs wrote (nation names, order text, game titles) for the
// format a template writes. Templates receive their data already escaped for their format, so a
// GM's own template cannot forget it, and nobody can put BBCode, Markdown or HTML into an update.

export type TextFormat = 'txt' | 'html' | 'bbcode' | 'md';

/** The format of a template, from its name: "update-<flavour>.bbcode.hbs" is BBCode. */
export function formatOf(templateName: string): TextFormat {
  const m = /\.(txt|html|bbcode|md)\.hbs$/.exec(templateName);
  return (m?.[1] as TextFormat | undefined) ?? 'txt';
}

/**
 * Text the renderer built itself and already escaped or checked (a URL, a monospace table):
 * passed through as is. Handlebars honours `toHTML` in HTML templates.
 */
export class Markup {
  constructor(readonly text: string) {}
  toString(): string {
    return this.text;
  }
  toHTML(): string {
    return this.text;
  }
}

const ZWSP = '\u200b';
// eslint-disable-next-line no-control-regex
const CONTROL = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/g;

/** One line of plain text: control characters dropped, line breaks made spaces. */
export function oneLine(text: string): string {
  return text.replace(CONTROL, '').replace(/[\r\n\t]+/g, ' ');
}

/**
 * BBCode has no escape character, so an invisible zero-width space goes after every character that
 * could open a tag ("[url", "[/quote", "<script"), a mention ("@admin") or an auto-link ("http://").
 * Readers see the text exactly as written.
 */
export function escapeBbcode(text: string): string {
  return oneLine(text)
    .replace(/([[<@])/g, `$1${ZWSP}`)
    .replace(/:\/\//g, `:${ZWSP}//`);
}

/**
 * Markdown as a Markdown forum reads it (CommonMark with mentions, emoji and tables): a backslash before what opens emphasis, links, HTML, entities,
 * strikethrough, table cells and mentions anywhere; before a colon that would start an emoji or a
 * link; and before what would start a heading, quote or list at the start of the text. The rest
 * (parentheses, full stops...) stays as written, so the text a GM proofreads stays readable.
 */
export function escapeMarkdown(text: string): string {
  return escapeMarkdownInline(text).replace(/^(\s*)([#>+=-]|\d+(?=[.)]))/, (_, space: string, lead: string) =>
    /^\d/.test(lead) ? `${space}${lead}\\` : `${space}\\${lead}`,
  );
}

/** Markdown escapes for text in the middle of a line, where nothing can start a heading or a list. */
export function escapeMarkdownInline(text: string): string {
  return oneLine(text)
    .replace(/[\\`*_[\]<>&~|@]/g, '\\$&')
    .replace(/:(?=[\w+-]+:|\/\/)/g, '\\:');
}

/** Every string in `data`, however deep, escaped; Markup, numbers and booleans pass as they are. */
export function escapeData(data: unknown, escape: (text: string) => string): unknown {
  if (typeof data === 'string') return escape(data);
  if (Array.isArray(data)) return data.map((item) => escapeData(item, escape));
  if (data instanceof Markup || data === null || typeof data !== 'object') return data;
  return Object.fromEntries(Object.entries(data).map(([key, value]) => [key, escapeData(value, escape)]));
}

/** A URL fit for [IMG] and ![](): http or https only, with brackets, quotes and parentheses percent-encoded. */
export function safeUrl(url: string | undefined): Markup | null {
  if (!url) return null;
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return null;
  }
  if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:') return null;
  return new Markup(parsed.href.replace(/[[\]()<>"'`\s]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase().padStart(2, '0')}`));
}

/** How a short post in a game's thread writes bold text and escapes a name: Markdown or BBCode, as the forum's flavour is. */
export function shortPostMarkup(markdown: boolean): { bold: (text: string) => string; escape: (text: string) => string } {
  return { bold: (text) => (markdown ? `**${text}**` : `[B]${text}[/B]`), escape: markdown ? escapeMarkdownInline : escapeBbcode };
}
