// Maps are drawn with the DejaVu Sans the project ships in assets/fonts (and its Droid Sans Fallback
// for Chinese, Japanese and Korean characters), never whatever the host has:
// a missing font renders every glyph as a box, silently. librsvg and pango (inside sharp) find fonts
// through fontconfig, which reads FONTCONFIG_FILE once, when it draws its first text. So this module,
// imported by everything that draws text, writes a config naming only assets/fonts and sets the
// variable at load, before any text can be drawn.
import { mkdirSync, renameSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const FONT_DIR = fileURLToPath(new URL('../../assets/fonts/', import.meta.url));
export const FONT_FAMILY = 'DejaVu Sans';

const xml = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

function writeFontConfig(): string {
  const dir = path.join(tmpdir(), `adjutant-fontconfig-${process.getuid?.() ?? 'user'}`);
  mkdirSync(dir, { recursive: true });
  const file = path.join(dir, 'fonts.conf');
  // Written aside and renamed, so another process starting at the same moment never reads half a file.
  const draft = `${file}.${process.pid}`;
  writeFileSync(
    draft,
    `<?xml version="1.0"?>
<!DOCTYPE fontconfig SYSTEM "urn:fontconfig:fonts.dtd">
<fontconfig>
  <dir>${xml(FONT_DIR)}</dir>
  <cachedir>${xml(path.join(dir, 'cache'))}</cachedir>
</fontconfig>
`,
  );
  renameSync(draft, file);
  return file;
}

export const FONT_CONFIG_FILE = writeFontConfig();
process.env.FONTCONFIG_FILE = FONT_CONFIG_FILE;
