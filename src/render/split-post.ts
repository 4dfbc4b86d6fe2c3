// A public update longer than the thread takes in one post (the board's maximum message length,
// its channel's postLimit) goes out as several posts, split between blocks: a table, a
// spoiler or details block, a code block, a quote or a list is never cut in half. A block longer
// than a post by itself is cut between its lines, each piece closed and opened again (a table's
// header row repeated), so every post shows whole markup.

/** Room kept in each post for what the poster adds (the marker line, the map's attachment) and the part's label. */
export const POST_RESERVE = 300;

const WRAPPER = '(spoiler|details|table|code|quote|list)';
const OPENS = new RegExp(`\\[${WRAPPER}(?:=[^\\]]*)?\\]`, 'gi');
const CLOSES = new RegExp(`\\[/${WRAPPER}\\]`, 'gi');
const FENCE = /^\s*(```|~~~)/;
const MD_RULE = /^\s*\|?\s*:?-{3,}/;

/** The text in posts of at most `limit` characters, labelled "(1 of 3)"...; one part, unchanged, when it fits. */
export function splitPost(text: string, limit: number): string[] {
  const budget = limit - POST_RESERVE;
  if (text.length <= budget) return [text];
  const parts: string[] = [];
  let current = '';
  for (const block of blocksOf(text)) {
    const joined = current ? `${current}\n\n${block}` : block;
    if (joined.length <= budget) {
      current = joined;
      continue;
    }
    if (current) parts.push(current);
    const pieces = block.length <= budget ? [block] : cutBlock(block, budget);
    parts.push(...pieces.slice(0, -1));
    current = pieces[pieces.length - 1];
  }
  if (current) parts.push(current);
  return parts.map((part, i) =>
    i === parts.length - 1
      ? `(${i + 1} of ${parts.length})\n\n${part}`
      : `${i ? `(${i + 1} of ${parts.length})\n\n` : ''}${part}\n\n(continued in the next post)`,
  );
}

/** Paragraphs: runs of lines between blank lines, a blank line inside an open block or code fence not ending one. */
function blocksOf(text: string): string[] {
  const blocks: string[] = [];
  let lines: string[] = [];
  let depth = 0;
  let fenced = false;
  for (const line of text.split('\n')) {
    if (!line.trim() && depth <= 0 && !fenced) {
      if (lines.length) blocks.push(lines.join('\n'));
      lines = [];
      depth = 0;
      continue;
    }
    lines.push(line);
    if (FENCE.test(line)) fenced = !fenced;
    else if (!fenced) depth += (line.match(OPENS)?.length ?? 0) - (line.match(CLOSES)?.length ?? 0);
  }
  if (lines.length) blocks.push(lines.join('\n'));
  return blocks;
}

/** A block longer than a post, cut between lines; a wrapped block's pieces each wrapped again. */
function cutBlock(block: string, budget: number): string[] {
  const lines = block.split('\n');
  const { head, body, tail } = wrapperOf(lines);
  const room = budget - [...head, ...tail].reduce((n, l) => n + l.length + 1, 0);
  const pieces: string[][] = [];
  let piece: string[] = [];
  let size = 0;
  for (const line of body.flatMap((l) => cutLine(l, room))) {
    if (piece.length && size + line.length + 1 > room) {
      pieces.push(piece);
      piece = [];
      size = 0;
    }
    piece.push(line);
    size += line.length + 1;
  }
  if (piece.length) pieces.push(piece);
  return pieces.map((p) => [...head, ...p, ...tail].join('\n'));
}

/** What each piece of a block repeats: a wrapper's opening line (and a table's header row) and its closing line. */
function wrapperOf(lines: string[]): { head: string[]; body: string[]; tail: string[] } {
  const first = lines[0];
  const last = lines[lines.length - 1];
  const tag = new RegExp(`^\\s*\\[${WRAPPER}(?:=[^\\]]*)?\\]\\s*$`, 'i').exec(first)?.[1];
  if (lines.length > 2 && tag && new RegExp(`^\\s*\\[/${tag}\\]\\s*$`, 'i').test(last)) {
    const header = /\[th\]/i.test(lines[1]) ? 1 : 0;
    return { head: lines.slice(0, 1 + header), body: lines.slice(1 + header, -1), tail: [last] };
  }
  if (lines.length > 2 && FENCE.test(first) && FENCE.test(last)) return { head: [first], body: lines.slice(1, -1), tail: [last] };
  if (lines.length > 2 && first.trimStart().startsWith('|') && MD_RULE.test(lines[1])) return { head: lines.slice(0, 2), body: lines.slice(2), tail: [] };
  return { head: [], body: lines, tail: [] };
}

/** A line longer than `room`, cut at the last space before it (or at `room` where there is none). */
function cutLine(line: string, room: number): string[] {
  const out: string[] = [];
  let rest = line;
  while (rest.length > room) {
    const space = rest.lastIndexOf(' ', room);
    const at = space > room / 2 ? space : room;
    out.push(rest.slice(0, at));
    rest = rest.slice(at).trimStart();
  }
  out.push(rest);
  return out;
}
