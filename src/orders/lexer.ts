// The moo lexer that cuts one line of an order into words, numbers and punctuation. It knows no
// keywords and no place names: those depend on the ruleset's grammar and the game's map, and are
// settled afterwards (see tokens.ts), so one lexer serves every ruleset and every map.
import moo from 'moo';

export interface Token {
  /** word, number, name, unknown, dash, arrow, slash, lparen, rparen, semi, comma, colon, dot, other. */
  type: string;
  /** Lower-case text: what the grammars' literal words are compared with. */
  text: string;
  /** nearley asks every token for a value; it is the same as `text`. */
  value: string;
  /** The characters as the player wrote them. */
  raw: string;
  /** Where the token starts and ends in its line. */
  offset: number;
  end: number;
  /** The number, for number tokens. */
  number?: number;
  /** For name tokens: every place or nation these words may mean, best first. */
  names?: NameCandidate[];
  /** The word as name keys are written (names.ts normalizeName), kept once worked out. */
  key?: string;
}

export interface NameCandidate {
  kind: 'province' | 'nation';
  id: string;
  /** The name it is known by, for messages ("Wales"). */
  name: string;
  /** 0 for an exact match, else the number of typing slips forgiven. */
  distance: number;
}

const rules = moo.compile({
  space: { match: /[\s\u200b\ufeff]+/u, lineBreaks: true },
  number: /\d+/u,
  // Hyphens and apostrophes inside a word keep names such as "Mid-Atlantic" and "Queen's" whole;
  // "Par-Bur" is split again when it is not a name.
  word: /[\p{L}\p{M}][\p{L}\p{M}\p{N}]*(?:['’-][\p{L}\p{M}\p{N}]+)*/u,
  arrow: /-+>|=+>|→|⇒|⟶|>/u,
  // "A @ Par": players write "@" for "in" or "at".
  at: /@/u,
  dash: /[-–—‐]+/u,
  slash: /[/\\]/u,
  lparen: /[([{]/u,
  rparen: /[)\]}]/u,
  semi: /;/u,
  comma: /,/u,
  colon: /:/u,
  dot: /[.…]+/u,
  // Emphasis and exclamation marks carry no meaning in an order ("*A Par - Bur*", "hold!").
  noise: /[!?*"“”‘’'`_~#|]+/u,
  other: { match: /[^]/u, lineBreaks: true },
});

/** Cuts a line into tokens; spaces and emphasis marks are dropped. */
export function lexLine(line: string): Token[] {
  // Most lines are plain ASCII, where the rules above come down to a look at each character; moo's
  // one pattern of Unicode classes is most of the cost of reading a short line.
  if (!BEYOND_ASCII.test(line)) return lexAscii(line);
  rules.reset(line);
  const tokens: Token[] = [];
  for (const t of rules) {
    if (t.type === 'space' || t.type === 'noise') continue;
    tokens.push(lexed(t.type ?? 'other', t.text, t.offset));
  }
  return tokens;
}

/** Beyond ASCII, or a control character other than tabs and line breaks: the moo rules read those lines. */
const BEYOND_ASCII = /[^\t-~]/;

function lexed(type: string, raw: string, offset: number): Token {
  const text = type === 'at' ? 'at' : raw.toLowerCase();
  const token: Token = { type: type === 'at' ? 'word' : type, text, value: text, raw, offset, end: offset + raw.length };
  if (type === 'number') token.number = Number(raw);
  return token;
}

// The ASCII characters of the rules above, by character code: in ASCII a token's first character
// decides which rule reads it, as the first rule that matches does in moo. 0 for any other character.
const CLASS = new Uint8Array(128);
const [SPACE, DIGIT, LETTER, NOISE] = [1, 2, 3, 4];
for (const c of '\t\n\v\f\r ') CLASS[c.charCodeAt(0)] = SPACE;
for (let c = 48; c <= 57; c++) CLASS[c] = DIGIT;
for (let c = 65; c <= 90; c++) CLASS[c] = CLASS[c + 32] = LETTER;
for (const c of '!?*"\'`_~#|') CLASS[c.charCodeAt(0)] = NOISE;
/** The type of a one-character token, by character code. */
const SINGLE: Array<string | undefined> = Array.from({ length: 128 }, () => undefined);
for (const [chars, type] of Object.entries({
  '@': 'at',
  '/\\': 'slash',
  '([{': 'lparen',
  ')]}': 'rparen',
  ';': 'semi',
  ',': 'comma',
  ':': 'colon',
  '>': 'arrow',
}))
  for (const c of chars) SINGLE[c.charCodeAt(0)] = type;

/**
 * lexLine for a line of ASCII characters only: the same tokens as the moo rules give. Plain loops,
 * no closures: this runs for every token of every line, and a closure made per call costs more
 * than the loop it saves writing.
 */
function lexAscii(line: string): Token[] {
  const tokens: Token[] = [];
  for (let i = 0; i < line.length;) {
    const c = line[i];
    const code = line.charCodeAt(i);
    const kind = CLASS[code];
    let type = SINGLE[code] ?? 'other';
    let end = i + 1;
    if (kind === SPACE || kind === DIGIT || kind === NOISE) {
      type = kind === SPACE ? 'space' : kind === DIGIT ? 'number' : 'noise';
      while (end < line.length && CLASS[line.charCodeAt(end)] === kind) end++;
    } else if (kind === LETTER) [type, end] = ['word', wordEnd(line, i)];
    else if (c === '-' || c === '=') {
      // "-->" and "=>" are arrows; "--" is a dash, a lone "=" nothing the rules know.
      while (line[end] === c) end++;
      if (line[end] === '>') [type, end] = ['arrow', end + 1];
      else if (c === '-') type = 'dash';
      else end = i + 1;
    } else if (c === '.') {
      type = 'dot';
      while (line[end] === '.') end++;
    }
    if (type !== 'space' && type !== 'noise') tokens.push(lexed(type, line.slice(i, end), i));
    i = end;
  }
  return tokens;
}

/** Is the character at j a letter or digit (ASCII)? */
function alnumAt(line: string, j: number): boolean {
  if (j >= line.length) return false;
  const kind = CLASS[line.charCodeAt(j)];
  return kind === LETTER || kind === DIGIT;
}

/** Where the word starting at `from` ends: letters and digits, joined by "'" or "-" before more of them. */
function wordEnd(line: string, from: number): number {
  let j = from + 1;
  for (;;) {
    while (alnumAt(line, j)) j++;
    if ((line[j] === "'" || line[j] === '-') && alnumAt(line, j + 1)) j++;
    else return j;
  }
}

/** A token made from several (a name of two words, a run of unknown words). */
export function joinTokens(type: string, parts: readonly Token[], line: string): Token {
  const first = parts[0];
  const last = parts[parts.length - 1];
  const raw = line.slice(first.offset, last.end);
  const text = raw.toLowerCase();
  return { type, text, value: text, raw, offset: first.offset, end: last.end };
}
