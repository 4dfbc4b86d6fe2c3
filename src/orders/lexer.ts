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
  rules.reset(line);
  const tokens: Token[] = [];
  for (const t of rules) {
    if (t.type === 'space' || t.type === 'noise') continue;
    const text = t.type === 'at' ? 'at' : t.text.toLowerCase();
    const token: Token = {
      type: t.type === 'at' ? 'word' : (t.type ?? 'other'),
      text,
      value: text,
      raw: t.text,
      offset: t.offset,
      end: t.offset + t.text.length,
    };
    if (t.type === 'number') token.number = Number(t.text);
    tokens.push(token);
  }
  return tokens;
}

/** A token made from several (a name of two words, a run of unknown words). */
export function joinTokens(type: string, parts: readonly Token[], line: string): Token {
  const first = parts[0];
  const last = parts[parts.length - 1];
  const raw = line.slice(first.offset, last.end);
  const text = raw.toLowerCase();
  return { type, text, value: text, raw, offset: first.offset, end: last.end };
}
