// Every Handlebars helper, registered in one place.
import type HandlebarsNamespace from 'handlebars';

export function registerHelpers(hb: typeof HandlebarsNamespace): void {
  hb.registerHelper('eq', (a: unknown, b: unknown) => a === b);
  hb.registerHelper('plural', (n: number, one: string, many: string) => (n === 1 ? one : many));
  hb.registerHelper('signed', (n: number) => (n > 0 ? `+${n}` : String(n)));
  hb.registerHelper('join', (list: unknown[], sep: unknown) => (Array.isArray(list) ? list.join(typeof sep === 'string' ? sep : ', ') : ''));
}
