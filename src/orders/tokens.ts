// From a line of text to the tokens a grammar reads. Runs of words that name a place or a nation
// become one `name` token (longest match first, exact before forgiving a slip); words the grammar
// knows stay words; filler words go; anything else becomes an `unknown` token, so "A Pqrs - Bur"
// still parses and the player is told which name was not found instead of "not understood".
import { joinTokens, lexLine, type Token } from './lexer.ts';
import { normalizeName, type NameResolver } from './names.ts';
import type { Vocabulary } from './vocabulary.ts';

/** Longer lines are not orders; refusing them early keeps a 1 MB line as fast as a short one. */
export const MAX_LINE_CHARS = 500;
export const MAX_LINE_TOKENS = 80;

export type LineTokens = { tokens: Token[]; heading?: Token } | { tooLong: string };

const SEPARATORS = new Set(['dot', 'comma', 'semi']);

export function lineTokens(line: string, vocabulary: Vocabulary, names: NameResolver): LineTokens {
  if (line.length > MAX_LINE_CHARS) return { tooLong: `This line is ${line.length} characters long, too long to be an order; please write one order per line.` };
  const queue = lexLine(line);
  if (queue.length > MAX_LINE_TOKENS) return { tooLong: `This line has ${queue.length} words and signs, too many for one order; please write one order per line.` };
  const out: Token[] = [];
  let lastUnknown = -1;
  for (let i = 0; i < queue.length; ) {
    const token = queue[i];
    if (token.type !== 'word') {
      out.push(token);
      i++;
      continue;
    }
    const span = nameAt(queue, i, line, vocabulary, names);
    if (span) {
      out.push(span.token);
      i = span.next;
      continue;
    }
    if (/[-‐]/u.test(token.raw)) {
      queue.splice(i, 1, ...splitHyphens(token));
      continue;
    }
    const corrected = vocabulary.has(token.text) ? token.text : vocabulary.correct(token.text);
    if (corrected) out.push(corrected === token.text ? token : { ...token, text: corrected, value: corrected });
    else if (lastUnknown === i - 1 && out[out.length - 1]?.type === 'unknown') out[out.length - 1] = joinTokens('unknown', [out[out.length - 1], token], line);
    else out.push({ ...token, type: 'unknown' });
    if (!corrected) lastUnknown = i;
    i++;
  }
  const heading = headingOf(out, names);
  const kept = out.slice(heading ? 2 : 0).filter((t) => !vocabulary.isFiller(t));
  while (kept.length && SEPARATORS.has(kept[kept.length - 1].type)) kept.pop();
  while (kept.length && SEPARATORS.has(kept[0].type)) kept.shift();
  return heading ? { tokens: kept, heading } : { tokens: kept };
}

/** "England: A Lon - Wal": a nation and a colon opening the line say whose orders follow. */
function headingOf(tokens: readonly Token[], names: NameResolver): Token | undefined {
  const [first, second] = tokens;
  if (second?.type !== 'colon') return undefined;
  if (first.type === 'name' && first.names?.some((c) => c.kind === 'nation')) return first;
  if (first.type === 'unknown' && !names.knowsNations) return first;
  return undefined;
}

/** The longest run of words from `start` that names something: exactly first, then forgiving slips. */
function nameAt(queue: Token[], start: number, line: string, vocabulary: Vocabulary, names: NameResolver): { token: Token; next: number } | undefined {
  // The run's words, with a dot allowed between two of them ("St. Petersburg"); it stops growing
  // once its letters begin no name at all.
  const ends: number[] = [];
  const keys: string[] = [];
  let key = '';
  for (let j = start; j < queue.length && ends.length < names.maxWords; j++) {
    const t = queue[j];
    if (t.type === 'dot' && ends.length && queue[j + 1]?.type === 'word') continue;
    if (t.type !== 'word') break;
    key += normalizeName(t.raw);
    ends.push(j);
    keys.push(key);
    if (!names.isPrefix(key)) break;
  }
  for (let k = ends.length; k >= 1; k--) {
    const found = names.exact(keys[k - 1], k);
    if (found.length) return { token: nameToken(queue.slice(start, ends[k - 1] + 1), found, line), next: ends[k - 1] + 1 };
  }
  if (vocabulary.has(queue[start].text)) return undefined;
  // Slips are looked for in runs of words, whether or not their letters begin a name.
  const words: Token[] = [];
  for (let j = start; j < queue.length && words.length < names.maxWords; j++) {
    const t = queue[j];
    if (t.type === 'dot' && words.length && queue[j + 1]?.type === 'word') continue;
    if (t.type !== 'word') break;
    words.push(t);
  }
  for (let k = words.length; k >= 1; k--) {
    const run = words.slice(0, k);
    // Never in "A" or "S", nor ending in a grammar word: "Wal holds" is not a misspelt name.
    if (run.some((w) => w.raw.length < 2) || (k > 1 && vocabulary.has(run[k - 1].text))) continue;
    const found = names.fuzzy(normalizeName(run.map((w) => w.raw).join('')), k);
    if (found.length) return { token: nameToken(queue.slice(start, queue.indexOf(run[k - 1]) + 1), found, line), next: queue.indexOf(run[k - 1]) + 1 };
  }
  return undefined;
}

function nameToken(span: Token[], found: Token['names'], line: string): Token {
  return { ...joinTokens('name', span, line), names: found };
}

/** "Par-Bur" is two places and a move: the parts become words around a dash. */
function splitHyphens(token: Token): Token[] {
  const parts: Token[] = [];
  const re = /[^-‐]+|[-‐]+/gu;
  for (let m = re.exec(token.raw); m; m = re.exec(token.raw)) {
    const raw = m[0];
    const text = raw.toLowerCase();
    const offset = token.offset + m.index;
    parts.push({ type: /^[-‐]+$/u.test(raw) ? 'dash' : 'word', text, value: text, raw, offset, end: offset + raw.length });
  }
  return parts;
}
