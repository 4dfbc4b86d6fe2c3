// Text inside SVG. Names come from players and GMs, so they are escaped; characters XML 1.0 forbids
// (control codes) are dropped, because one of them makes librsvg refuse the whole picture.
import { FONT_FAMILY } from './fonts.ts';

export function xml(text: string): string {
  return (
    text
      // eslint-disable-next-line no-control-regex
      .replace(/[\u0000-\u0008\u000b\u000c\u000e-\u001f\ufffe\uffff]/g, '')
      .replace(/&/g, '&amp;')
      .replace(/</g, '&lt;')
      .replace(/>/g, '&gt;')
      .replace(/"/g, '&quot;')
  );
}

export function svgDocument(width: number, height: number, body: string): Buffer {
  return Buffer.from(
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}" font-family="${FONT_FAMILY}">${body}</svg>`,
  );
}
