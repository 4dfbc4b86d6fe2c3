// What of a forum post is read as orders. A public post in the game thread is mostly diplomacy
// and chatter, so only what the player marks is read: the inside of an [orders]...[/orders] block
// (BBCode, any forum), or of a fenced Markdown block labelled orders (```orders ... ```). A private
// message to the game's account is read whole. Quoted text is never read, marked or not: a
// [quote] block (with or without an author), a Markdown "> " line, or a quote rendered into the
// phpBB feed's text ("> " too).
//
// A post is player input of any length: forumText (forum-message.ts) cuts it to MAX_POST before
// anything here reads it, and what is read of it is then cut to MAX_TEXT. Every scan below is one
// pass over the text, however many tags are left open: a 1 MB post of unclosed "[quote" costs
// what 1 MB of prose does (test/forum/bounded-input.test.ts).

/**
 * The most of a post that is looked at: more than XenForo's (25,000 characters) and Discourse's
 * (32,000) default post limits, so a post those forums take is read whole, quotes and all.
 */
export const MAX_POST = 64 * 1024;

// Where a quote tag may begin: "[quote]", "[quote=...]", "[quote ...]"; its end is the next "]".
const QUOTE_TAG = /\[quote(?=[=\s\]])|\[\/quote\]/gi;
const ORDERS_TAG = /\[orders\]|\[\/orders\]/gi;
const FENCE_OPEN = /^[ \t]*(```|~~~)[ \t]*orders[ \t]*$/i;
const FENCE_CLOSE = /^[ \t]*(```|~~~)[ \t]*$/;
const QUOTED_LINE = /^[ \t]*>/;

/** The post without anything quoted from other posts. */
export function withoutQuotes(text: string): string {
  const post = text.replace(/\r\n?/g, '\n');
  // Quotes nest: a closing tag closes the latest open one, and a whole quote, nested ones and
  // all, leaves a line break. A closing tag with nothing open is kept as text.
  let out = '';
  let kept = 0;
  const open: number[] = [];
  for (const tag of quoteTags(post)) {
    if (!tag.closing) open.push(tag.start);
    else if (open.length) {
      const start = open.pop()!;
      if (!open.length) {
        out += `${post.slice(kept, start)}\n`;
        kept = tag.end;
      }
    }
  }
  // An opening tag never closed quotes everything after it.
  out += open.length ? post.slice(kept, open[0]) : post.slice(kept);
  return out
    .split('\n')
    .filter((line) => !QUOTED_LINE.test(line))
    .join('\n');
}

/**
 * The post's quote tags in order. An opening tag runs to the next "]", whatever it holds, and the
 * next tag is looked for after it: each character is looked at once.
 */
function* quoteTags(post: string): Generator<{ start: number; end: number; closing: boolean }> {
  QUOTE_TAG.lastIndex = 0;
  for (let m = QUOTE_TAG.exec(post); m; m = QUOTE_TAG.exec(post)) {
    if (m[0][1] === '/') {
      yield { start: m.index, end: m.index + m[0].length, closing: true };
      continue;
    }
    const bracket = post.indexOf(']', m.index);
    // No "]" from here on: no tag of either kind is left.
    if (bracket < 0) return;
    yield { start: m.index, end: bracket + 1, closing: false };
    QUOTE_TAG.lastIndex = bracket + 1;
  }
}

/** The text inside the post's orders blocks, quotes left out; empty when the post marks none. */
export function markedOrders(text: string): string {
  const clean = withoutQuotes(text);
  return [...bbcodeBlocks(clean), ...fencedBlocks(clean)]
    .map((b) => b.trim())
    .filter(Boolean)
    .join('\n');
}

/** [orders]...[/orders]: a block runs to the first closing tag; one never closed is no block. */
function bbcodeBlocks(text: string): string[] {
  const blocks: string[] = [];
  let from = -1;
  for (const tag of text.matchAll(ORDERS_TAG)) {
    if (tag[0][1] !== '/') {
      if (from < 0) from = tag.index + tag[0].length;
    } else if (from >= 0) {
      blocks.push(text.slice(from, tag.index));
      from = -1;
    }
  }
  return blocks;
}

/**
 * ```orders (or ~~~orders) on a line of its own, to the first line of the same fence alone. An
 * opening line with no such line after it opens no block, and the lines below it are still
 * looked at: the other fence may open one there.
 */
function fencedBlocks(text: string): string[] {
  const lines = text.split('\n');
  // For each line, the first closing line of each fence at or after it: one pass from the end.
  const next = { '```': new Int32Array(lines.length + 1), '~~~': new Int32Array(lines.length + 1) };
  next['```'][lines.length] = next['~~~'][lines.length] = -1;
  for (let i = lines.length - 1; i >= 0; i--) {
    const fence = FENCE_CLOSE.exec(lines[i])?.[1];
    next['```'][i] = fence === '```' ? i : next['```'][i + 1];
    next['~~~'][i] = fence === '~~~' ? i : next['~~~'][i + 1];
  }
  const blocks: string[] = [];
  for (let i = 0; i < lines.length - 1; i++) {
    const fence = FENCE_OPEN.exec(lines[i])?.[1] as '```' | '~~~' | undefined;
    const close = fence ? next[fence][i + 1] : -1;
    if (close < 0) continue;
    blocks.push(lines.slice(i + 1, close).join('\n'));
    i = close;
  }
  return blocks;
}
