// What of a forum post is read as orders. A public post in the game thread is mostly diplomacy
// and chatter, so only what the player marks is read: the inside of an [orders]...[/orders] block
// (BBCode, any forum), or of a fenced Markdown block labelled orders (```orders ... ```). A private
// message to the game's account is read whole. Quoted text is never read, marked or not: a
// [quote] block (with or without an author), a Markdown "> " line, or a quote rendered into the
// phpBB feed's text ("> " too). The text is bounded before it gets here (MAX_TEXT).

const QUOTE_OPEN = /\[quote(?:[=\s][^\]]*)?\]/i;
// The innermost quote: an opening tag, then no further opening tag before its closing tag.
const INNER_QUOTE = /\[quote(?:[=\s][^\]]*)?\](?:(?!\[quote(?:[=\s][^\]]*)?\])[\s\S])*?\[\/quote\]/gi;
const ORDERS_BLOCK = /\[orders\]([\s\S]*?)\[\/orders\]/gi;
const FENCED_ORDERS = /^[ \t]*(```|~~~)[ \t]*orders[ \t]*\n([\s\S]*?)^[ \t]*\1[ \t]*$/gim;

/** The post without anything quoted from other posts. */
export function withoutQuotes(text: string): string {
  let out = text.replace(/\r\n?/g, '\n');
  // Innermost first, so nested quotes go whole; each pass removes at least one, so it ends.
  for (let before = ''; before !== out; ) {
    before = out;
    out = out.replace(INNER_QUOTE, '\n');
  }
  // An opening tag never closed quotes everything after it.
  const open = QUOTE_OPEN.exec(out);
  if (open) out = out.slice(0, open.index);
  return out
    .split('\n')
    .filter((line) => !/^[ \t]*>/.test(line))
    .join('\n');
}

/** The text inside the post's orders blocks, quotes left out; empty when the post marks none. */
export function markedOrders(text: string): string {
  const clean = withoutQuotes(text);
  const blocks = [...clean.matchAll(ORDERS_BLOCK)].map((m) => m[1]);
  const fenced = [...clean.matchAll(FENCED_ORDERS)].map((m) => m[2]);
  return [...blocks, ...fenced].map((b) => b.trim()).filter(Boolean).join('\n');
}
