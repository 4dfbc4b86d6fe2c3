// The BBCode Adjutant adds to what it writes on a phpBB board: only tags phpBB has as installed
// (no spoiler), the reference line in [size=85], the editor's "Small".
import { markerLine } from '../base/forum-adapter.ts';

/** A post's or private message's BBCode: its text, then its reference line in small print. */
export function withMarker(text: string, marker: string): string {
  return `${text}\n\n[size=85]${markerLine(marker)}[/size]`;
}
