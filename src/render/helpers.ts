// Every Handlebars helper, registered in one place.
import type HandlebarsNamespace from 'handlebars';
import { counted } from '../engine/index.ts';

/** Width in characters as a reader counts them (zero-width escapes do not count). */
function width(text: string): number {
  return [...text.replace(/\u200b/g, '')].length;
}

function text(value: unknown): string {
  return value === null || value === undefined ? '' : String(value);
}

export function registerHelpers(hb: typeof HandlebarsNamespace): void {
  hb.registerHelper('eq', (a: unknown, b: unknown) => a === b);
  /** A count with its noun, as every report says it: {{counted dice.length "die"}} -> "1 die", "2 dice". */
  hb.registerHelper('counted', (n: unknown, noun: unknown) => counted(Number(n) || 0, text(noun)));
  hb.registerHelper('signed', (n: number) => (n > 0 ? `+${n}` : String(n)));
  hb.registerHelper('join', (list: unknown[], sep: unknown) => (Array.isArray(list) ? list.join(typeof sep === 'string' ? sep : ', ') : ''));
  /** Pads on the right to a column width, for plain-text tables: {{padEnd label 30}}. */
  hb.registerHelper('padEnd', (value: unknown, size: number) => text(value) + ' '.repeat(Math.max(0, size - width(text(value)))));
  /** Pads on the left, for numbers in a column: {{padStart amount 6}}. */
  hb.registerHelper('padStart', (value: unknown, size: number) => ' '.repeat(Math.max(0, size - width(text(value)))) + text(value));
  /** A line of a character as long as a text, to underline a title: {{rule title "="}}. */
  hb.registerHelper('rule', (value: unknown, char: unknown) => (typeof char === 'string' ? char : '-').repeat(width(text(value))));
  /** Joins its arguments into one text: {{rule (concat turnLabel ": " name) "="}}. */
  hb.registerHelper('concat', (...args: unknown[]) => args.slice(0, -1).map(text).join(''));
  hb.registerHelper('upper', (value: unknown) => text(value).toUpperCase());
  /** A value inside a BBCode tag option ([SPOILER=...]), where "]" or a quote would end the option early. */
  hb.registerHelper('option', (value: unknown) => text(value).replace(/[\]"]/g, ''));
}
