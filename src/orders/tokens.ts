// From a line of text to the tokens a grammar reads. Runs of words that name a place or a nation
// become one `name` token (longest match first, exact before forgiving a slip); words the grammar
// knows stay words; filler words go; anything else becomes an `unknown` token, so "A Pqrs - Bur"
// still parses and the player is told which name was not found instead of "not understood".
import { joinTokens, lexLine, type NameCandidate, type Token } from './lexer.ts';
import { nameParts, normalizeName, type NameResolver } from './names.ts';
import type { Vocabulary } from './vocabulary.ts';

/** Longer lines are not orders; refusing them early keeps a 1 MB line as fast as a short one. */
export const MAX_LINE_CHARS = 500;
export const MAX_LINE_TOKENS = 80;

export type LineTokens = { tokens: Token[]; heading?: Token } | { tooLong: string };

const SEPARATORS = new Set(['dot', 'comma', 'semi']);
const HYPHEN = /[-‐]/u;
const MIN_FUZZY_KEY = 3;

export function lineTokens(line: string, vocabulary: Vocabulary, names: NameResolver): LineTokens {
  if (line.length > MAX_LINE_CHARS)
    return { tooLong: `This line is ${line.length} characters long, too long to be an order; please write one order per line.` };
  const queue = lexLine(line);
  if (queue.length > MAX_LINE_TOKENS)
    return { tooLong: `This line has ${queue.length} words and signs, too long to be an order; please write one order per line.` };
  const out: Token[] = [];
  const exact: ExactMemo = [];
  // Only a hyphen inside a word joins a name to the next place ("North Sea-Norway") or is split off
  // ("Par-Bur"): most lines have none to look for, and splitting a word leaves none in its parts.
  const hyphens = queue.some((t) => t.type === 'word' && HYPHEN.test(t.raw));
  let lastUnknown = -1;
  for (let i = 0; i < queue.length;) {
    const token = queue[i];
    if (token.type !== 'word') {
      out.push(token);
      i++;
      continue;
    }
    // "North Sea-Norway": a name's last word joined by a hyphen to the next place; split it, then read on.
    const joined = hyphens && names.isPrefix(keyOfWord(token)) ? hyphenatedAhead(queue, i, names) : -1;
    if (joined >= 0) {
      queue.splice(joined, 1, ...splitHyphens(queue[joined]));
      exact.length = 0; // positions moved
      continue;
    }
    const span = nameAt(queue, i, line, vocabulary, names, exact);
    if (span) {
      out.push(span.token);
      i = span.next;
      continue;
    }
    if (hyphens && HYPHEN.test(token.raw)) {
      queue.splice(i, 1, ...splitHyphens(token));
      exact.length = 0; // positions moved
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

/**
 * The longest run of words from `start` that names something: exactly first, then forgiving slips.
 * A slip in a later word may make a longer name than the exact one ("Norwegian Se" is Norwegian Sea,
 * not Norwegian and a stray "Se").
 */
function nameAt(
  queue: Token[],
  start: number,
  line: string,
  vocabulary: Vocabulary,
  names: NameResolver,
  memo: ExactMemo,
): { token: Token; next: number } | undefined {
  const exact = exactAt(queue, start, names, memo);
  const after = exact ? exact.end + 1 : start;
  if (exact && !isStray(queue, after, vocabulary, names, memo)) return nameToken(queue, start, after, exact.found, line);
  const prefix = exact ? undefined : prefixAt(queue, start, vocabulary, names);
  const fuzzy = fuzzyAt(queue, start, exact ? exact.words + 1 : 1, vocabulary, names);
  // "English Chanel" is a slip in two words, not "English" abbreviated and a stray word.
  if (prefix && (!fuzzy || prefix.end >= fuzzy.end)) return nameToken(queue, start, prefix.end + 1, prefix.found, line);
  if (fuzzy) return nameToken(queue, start, fuzzy.end + 1, fuzzy.found, line);
  return exact ? nameToken(queue, start, after, exact.found, line) : undefined;
}

interface Found {
  found: NameCandidate[];
  /** Index of the run's last token, and how many words it has. */
  end: number;
  words: number;
}

/** A run of words: the index of each word's token, and the key of the run up to each. */
interface Run {
  ends: number[];
  keys: string[];
}

/**
 * Words of a run from `start` (a dot allowed between two: "St. Petersburg"; a hyphen between two
 * with no space, as "Brest-Mid-Atlantic Ocean" is split: "Mid-Atlantic"), while `keepGoing` likes its key.
 */
function runFrom(queue: readonly Token[], start: number, max: number, keepGoing?: (key: string) => boolean): Run {
  const run: Run = { ends: [], keys: [] };
  let key = '';
  for (let j = start; j < queue.length && run.ends.length < max; j++) {
    const t = queue[j];
    if (t.type === 'dot' && run.ends.length && queue[j + 1]?.type === 'word') continue;
    if (t.type === 'dash' && run.ends.length && queue[j - 1].end === t.offset && queue[j + 1]?.type === 'word' && queue[j + 1].offset === t.end) continue;
    if (t.type !== 'word') break;
    key += keyOfWord(t);
    if (keepGoing && !keepGoing(key)) break;
    run.ends.push(j);
    run.keys.push(key);
  }
  return run;
}

function keyOfWord(t: Token): string {
  return (t.key ??= normalizeName(t.raw));
}

/** Exact names found so far in the line, by start position (null: none): a name's neighbour is looked at twice. */
type ExactMemo = Array<Found | null | undefined>;

/** The longest run naming something exactly; it stops growing once its letters begin no name. */
function exactAt(queue: readonly Token[], start: number, names: NameResolver, memo: ExactMemo): Found | undefined {
  const known = memo[start];
  if (known !== undefined) return known ?? undefined;
  let result: Found | undefined;
  const { ends, keys } = runFrom(queue, start, names.maxWords, (key) => names.isPrefix(key));
  for (let k = ends.length; k >= 1 && !result; k--) {
    const key = keys[k - 1];
    let found = names.exact(key, k);
    // "Bluevale's caravans", "England's fleet": the name without its 's.
    if (!found.length && POSSESSIVE.test(queue[ends[k - 1]].raw)) found = names.exact(key.slice(0, -1), k);
    if (found.length) result = { found, end: ends[k - 1], words: k };
  }
  memo[start] = result ?? null;
  return result;
}

/** A word after a name that the grammar does not know and that begins no name: maybe a slip in the name. */
function isStray(queue: readonly Token[], at: number, vocabulary: Vocabulary, names: NameResolver, memo: ExactMemo): boolean {
  const t = queue[at];
  return t?.type === 'word' && !vocabulary.has(t.text) && !exactAt(queue, at, names, memo);
}

const POSSESSIVE = /\p{L}['’]s$/iu;
/** Signs inside a word that part it into name words ("Mid-Atl"). */
const SPLITS_WORD = /[-‐.'’_]/u;

/**
 * The longest run of words that begins a name word by word ("Mid-Atl", "N. Sea", "Yorks"). Its
 * last word must not be a grammar word, and an order word ("A", "F") never begins one.
 */
function prefixAt(queue: readonly Token[], start: number, vocabulary: Vocabulary, names: NameResolver): Found | undefined {
  // Most words reaching here are the grammar's own ("move", "army"): they begin no abbreviation
  // unless another word follows ("N. Sea", "North Atl").
  const first = queue[start].text;
  if (vocabulary.has(first) && (vocabulary.isOrderWord(first) || !followedByWord(queue, start))) return undefined;
  const head = queue[start];
  if (!names.mayAbbreviate(SPLITS_WORD.test(head.raw) ? (nameParts(head.raw)[0] ?? '') : keyOfWord(head))) return undefined;
  const { ends } = runFrom(queue, start, names.maxWords);
  for (let k = ends.length; k >= 1; k--) {
    const words = queue.slice(start, ends[k - 1] + 1).filter((t) => t.type === 'word');
    if (vocabulary.has(words[words.length - 1].text) || vocabulary.isOrderWord(words[0].text)) continue;
    if (k === 1 && vocabulary.has(words[0].text)) continue;
    const found = names.prefix(words.flatMap(partsOf));
    if (found.length) return { found, end: ends[k - 1], words: k };
  }
  return undefined;
}

/** A word's name parts: its key, unless signs inside part it ("Mid-Atl"). */
function partsOf(word: Token): string[] {
  return SPLITS_WORD.test(word.raw) ? nameParts(word.raw) : [keyOfWord(word)];
}

function followedByWord(queue: readonly Token[], at: number): boolean {
  const next = queue[at + 1]?.type === 'dot' ? queue[at + 2] : queue[at + 1];
  return next?.type === 'word';
}

/** The longest run of at least `fewest` words within a slip or two of a name. */
function fuzzyAt(queue: readonly Token[], start: number, fewest: number, vocabulary: Vocabulary, names: NameResolver): Found | undefined {
  // The run's words are the tokens at `ends` (a dot between two is no word).
  const { ends, keys } = runFrom(queue, start, names.maxWords);
  const first = queue[start];
  let beforeShort = ends.findIndex((j) => queue[j].raw.length < 2);
  if (beforeShort < 0) beforeShort = ends.length;
  for (let k = Math.min(ends.length, beforeShort); k >= fewest; k--) {
    // Never in "A" or "S"; a grammar word may begin a longer name ("North Sae") but not stand alone
    // or end one ("Wal holds" is not a misspelt name).
    if (k === 1 ? vocabulary.has(first.text) : vocabulary.has(queue[ends[k - 1]].text) || (vocabulary.has(first.text) && first.raw.length < 3)) continue;
    const key = keys[k - 1];
    // Two letters are a slip of no name: a name of four letters forgives one slip, not two.
    if (key.length < MIN_FUZZY_KEY) continue;
    const found = names.fuzzy(key, k);
    if (found.length) return { found, end: ends[k - 1], words: k };
  }
  return undefined;
}

/** The name token for the words of `queue` from `start` to before `next`. */
function nameToken(queue: readonly Token[], start: number, next: number, found: NameCandidate[], line: string): { token: Token; next: number } {
  // Built whole rather than spread from joinTokens: one is made for every name of every line.
  const { offset } = queue[start];
  const { end } = queue[next - 1];
  const raw = line.slice(offset, end);
  const text = raw.toLowerCase();
  return { token: { type: 'name', text, value: text, raw, offset, end, names: found }, next };
}

/**
 * A hyphenated word ahead in the run from `at` whose first part ends a name begun at `at`, and
 * whose whole does not go on with it ("North Sea-Norway", not "to Mid-Atl"), or -1.
 */
function hyphenatedAhead(queue: readonly Token[], at: number, names: NameResolver): number {
  const { ends, keys } = runFrom(queue, at, names.maxWords);
  for (let n = 1; n < ends.length; n++) {
    const j = ends[n];
    if (!/[-‐]/u.test(queue[j].raw)) continue;
    const before = keys[n - 1];
    return names.isPrefix(before + (nameParts(queue[j].raw)[0] ?? '')) && !names.isPrefix(before + keyOfWord(queue[j])) ? j : -1;
  }
  return -1;
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
