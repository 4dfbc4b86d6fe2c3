// Words around an order that say it is not being given now: "Do NOT move A Par - Bur", "Should I
// do A Par - Bur?", "Maybe A Par - Bur", "In the fall I'll do A Par - Bur", "A Par - Bur if you
// want". The reader finds the order inside such a sentence as readily as inside "Hi GM, A Par -
// Bur. Thanks!", so every line that yields an order is looked at for these words outside the
// order's own words; a line holding one is refused with the reason (docs/orders.md, "Only what
// you order"). "Instead of X, Y" is the one modifier that keeps an order: Y stands, X is withdrawn.
import type { Token } from './lexer.ts';

/** Why an order's words do not make an order. */
export type ModifierKind = 'negation' | 'question' | 'hedge' | 'condition' | 'time' | 'withdrawal';

export interface Modifier {
  kind: ModifierKind;
  /** The words as the player wrote them ("do not", "next turn", "?"). */
  words: string;
  /** Where the words start in the line. */
  offset: number;
}

/**
 * Where the game stands when the line is read: a turn, season or year the player names must be this
 * one. A ruleset without seasons leaves them out, and then any season named is another time.
 */
export interface LineCalendar {
  turn: number;
  season?: string;
  year?: number;
}

/** A stretch of the line, by character offsets (end exclusive). */
export interface Span {
  offset: number;
  end: number;
}

interface Word {
  text: string;
  offset: number;
  end: number;
}

const SEASONS = new Map([
  ['spring', 'spring'],
  ['summer', 'summer'],
  ['fall', 'fall'],
  ['autumn', 'fall'],
  ['winter', 'winter'],
]);

const NEGATIONS = new Set([
  'not',
  'no',
  'never',
  'nor',
  'neither',
  'cannot',
  'cancel',
  'cancelled',
  'canceled',
  'scratch',
  'disregard',
  'ignore',
  'forget',
  'undo',
  'revoke',
  'withdraw',
]);
const HEDGES = new Set([
  'maybe',
  'probably',
  'perhaps',
  'possibly',
  'might',
  'could',
  'hopefully',
  'hope',
  'thinking',
  'considering',
  'planning',
  'plan',
  'plans',
  'idea',
  'suggest',
  'suggestion',
  'propose',
  'proposal',
  'wondering',
  'tempted',
  'or',
  'either',
  'unsure',
  'undecided',
]);
const CONDITIONS = new Set(['if', 'unless', 'provided', 'providing', 'assuming', 'depending', 'depends', 'whether', 'when', 'otherwise']);
const TIMES = new Set([
  'later',
  'eventually',
  'someday',
  'tomorrow',
  'yesterday',
  'afterwards',
  'soon',
  'future',
  'already',
  'previously',
  'earlier',
  'last',
  'did',
  'was',
  'were',
  'had',
]);
/** Negations written without their apostrophe ("dont", "wont"). */
const BARE_CONTRACTIONS = new Set(['dont', 'wont', 'cant', 'didnt', 'doesnt', 'shouldnt', 'wouldnt', 'isnt', 'arent']);
const NEXT_THINGS = new Set(['turn', 'turns', 'season', 'year', 'round', 'phase', 'time', 'week', 'month', ...SEASONS.keys()]);

interface Phrase {
  words: readonly string[];
  kind: ModifierKind;
}

/** Two- and three-word phrases, as word lists. */
const PHRASE_LIST: Phrase[] = [
  { words: ['instead', 'of'], kind: 'withdrawal' },
  { words: ['rather', 'than'], kind: 'withdrawal' },
  { words: ['in', 'case'], kind: 'condition' },
  { words: ['as', 'long', 'as'], kind: 'condition' },
  { words: ['i', 'think'], kind: 'hedge' },
  { words: ['i', 'guess'], kind: 'hedge' },
  { words: ['i', 'suppose'], kind: 'hedge' },
  { words: ['not', 'sure'], kind: 'hedge' },
  { words: ['what', 'about'], kind: 'question' },
  { words: ['how', 'about'], kind: 'question' },
  ...['should', 'shall', 'could', 'can', 'may', 'do', 'would', 'will'].flatMap((verb) =>
    ['i', 'we', 'you'].map((who) => ({ words: [verb, who], kind: 'question' as const })),
  ),
];

const GAP = '[^\\p{L}\\p{N}]+';
const WORDS = [...NEGATIONS, ...BARE_CONTRACTIONS, ...HEDGES, ...CONDITIONS, ...TIMES, 'next', 'turn', 'round', ...SEASONS.keys()];
/** Any word or phrase a modifier may start with, or a question mark, "n't" or a year: most order lines hold none. */
const MAYBE_MODIFIER = new RegExp(
  `(?<![\\p{L}\\p{N}])(?:${[...WORDS, ...PHRASE_LIST.map((p) => p.words.join(GAP))].join('|')})(?![\\p{L}\\p{N}])|\\?|n['’]t\\b|\\d{4}`,
  'iu',
);

/** What only MAYBE_MODIFIER itself can judge: letters beyond ASCII (case folding), "?", "n't", a year. */
const NOT_PLAIN = /[^\x20-\x7e]|[?']|\d{4}/;
/** MAYBE_MODIFIER for the other lines: in plain ASCII a word is a run of letters and digits. */
const PLAIN_MODIFIER = new RegExp(`(?<![A-Za-z0-9])(?:${[...WORDS, ...PHRASE_LIST.map((p) => p.words.join('[^A-Za-z0-9]+'))].join('|')})(?![A-Za-z0-9])`, 'i');

/** False when the line holds no word a modifier could be: then it has none. */
export function mayHoldModifier(line: string): boolean {
  // Without the Unicode classes and case folding the pattern is many times quicker.
  return NOT_PLAIN.test(line) ? MAYBE_MODIFIER.test(line) : PLAIN_MODIFIER.test(line);
}

/** The phrases by their first word: most words of a line begin none. */
const PHRASES = new Map<string, Phrase[]>();
for (const p of PHRASE_LIST) PHRASES.set(p.words[0], [...(PHRASES.get(p.words[0]) ?? []), p]);

/**
 * The modifiers in the line, left to right, starting outside the spans the order was read from. Words
 * the caller says the order language knows (`known`) are part of an order, not around it
 * (industrial's "do not attack", warfare's "no builds").
 */
export function modifiersIn(line: string, outside: readonly Span[], calendar?: LineCalendar, known?: (word: string) => boolean): Modifier[] {
  // Phrases and "turn 3" are matched against every word: the grammar may have taken the number for a count.
  const words = wordsOf(line);
  const around = (w: Word) => !outside.some((s) => w.offset < s.end && w.end > s.offset) && !known?.(w.text);
  const found: Modifier[] = [];
  for (let i = 0; i < words.length; i++) {
    const w = words[i];
    if (!around(w)) continue;
    const phrase = PHRASES.get(w.text)?.find((p) => p.words.every((pw, k) => words[i + k]?.text === pw));
    if (phrase) {
      const last = words[i + phrase.words.length - 1];
      found.push({ kind: phrase.kind, words: line.slice(w.offset, last.end), offset: w.offset });
      i += phrase.words.length - 1;
      continue;
    }
    const next = words[i + 1];
    const kind = kindOfWord(w.text, next, calendar);
    if (!kind) continue;
    const end = kind === 'time' && next && isTimeWithNext(w.text, next) ? next.end : w.end;
    found.push({ kind, words: line.slice(w.offset, end), offset: w.offset });
  }
  return found;
}

function normalSeason(season: string): string {
  return SEASONS.get(season) ?? season;
}

/** "next turn", "turn 3", "Fall 1902": the word after says which time, and is quoted with it. */
function isTimeWithNext(word: string, next: Word): boolean {
  return word === 'next' || word === 'turn' || word === 'round' || (SEASONS.has(word) && /^\d{4}$/.test(next.text));
}

function kindOfWord(word: string, next: Word | undefined, calendar: LineCalendar | undefined): ModifierKind | undefined {
  if (word === '?') return 'question';
  if (NEGATIONS.has(word) || BARE_CONTRACTIONS.has(word) || word.endsWith("n't")) return 'negation';
  if (HEDGES.has(word)) return 'hedge';
  if (CONDITIONS.has(word)) return 'condition';
  if (TIMES.has(word)) return 'time';
  if (word === 'next' && next && NEXT_THINGS.has(next.text)) return 'time';
  const season = SEASONS.get(word);
  // Without the game's state (adjutant parse without a game) this turn is not known, and names of times pass.
  if (!calendar) return undefined;
  if (season) return calendar.season !== undefined && normalSeason(calendar.season) === season ? undefined : 'time';
  if ((word === 'turn' || word === 'round') && next && /^\d+$/.test(next.text)) return Number(next.text) === calendar.turn ? undefined : 'time';
  if (/^\d{4}$/.test(word) && Number(word) >= 1000 && Number(word) < 3000) return Number(word) === calendar.year ? undefined : 'time';
  return undefined;
}

/**
 * Where the words of the tokens an order was read from stand in the line. Words no grammar knows
 * are left out: the grammars take them for names ("Maybe A Par - Bur" reads as Maybe's army in
 * Paris). So are the words a name token took in beyond the name's own ("Aegean Sea if", a slip
 * forgiven): a modifier among them must still be seen.
 */
export function wordsRead(tokens: readonly Token[]): Span[] {
  const out: Span[] = [];
  for (const t of tokens) {
    if (t.type === 'unknown') continue;
    if (t.type !== 'name' || !t.names?.length) {
      // A slip forgiven ("might" read as "eight") is no word of the order's if it was a modifier.
      if (t.type !== 'word' || t.raw.toLowerCase() === t.text || !isModifierWord(t.raw.toLowerCase())) out.push({ offset: t.offset, end: t.end });
      continue;
    }
    const words = wordsOf(t.raw);
    // Most names hold no modifier word: only then are the name's own words worked out. A word that
    // is exactly a name is all its own ("NOR", Norway's abbreviation, is no "nor"; "not", one slip
    // from it, still is a "not").
    if ((words.length === 1 && t.names.some((c) => c.distance === 0)) || !words.some((w) => isModifierWord(w.text))) {
      out.push({ offset: t.offset, end: t.end });
      continue;
    }
    const own = new Set(t.names.flatMap((c) => [c.id, ...wordsOf(c.name).map((w) => w.text)]));
    for (const w of words) if (own.has(w.text) || !isModifierWord(w.text)) out.push({ offset: t.offset + w.offset, end: t.offset + w.end });
  }
  return out;
}

function isModifierWord(word: string): boolean {
  return kindOfWord(word, undefined, { turn: -1 }) !== undefined || PHRASES.has(word);
}

const WORD = /[\p{L}\p{M}][\p{L}\p{M}\p{N}]*(?:['’][\p{L}]+)*|\d+|\?/gu;
/** WORD for a line of ASCII only, without the Unicode classes that make it slow. */
const ASCII_WORD = /[A-Za-z][A-Za-z0-9]*(?:'[A-Za-z]+)*|\d+|\?/g;

/** The line's words in lower case ("don’t" as "don't"), numbers, and question marks. */
function wordsOf(line: string): Word[] {
  const out: Word[] = [];
  for (const m of line.matchAll(/[^\t-~]/.test(line) ? WORD : ASCII_WORD)) {
    out.push({ text: m[0].toLowerCase().replace(/’/g, "'"), offset: m.index, end: m.index + m[0].length });
  }
  return out;
}

const WHY: Record<Exclude<ModifierKind, 'withdrawal'>, string> = {
  negation: 'so it may be an order you are not giving',
  question: 'a question, not an order',
  hedge: 'so the order is not given for certain',
  condition: 'Adjutant carries out orders, not conditions',
  time: 'which speaks of another time than this turn',
};

/**
 * The refusal of a line with a modifier (in the line, or in the heading above it): what it says,
 * why that is no order, and the order to send alone if it was meant (`orders`: the line's orders
 * written back, when it was read).
 */
export function modifierRefusal(modifier: Modifier, orders: readonly string[], inHeading = false): string {
  const kind = modifier.kind === 'withdrawal' ? 'negation' : modifier.kind;
  const said = inHeading
    ? `The heading above this line says "${modifier.words}"`
    : modifier.words === '?'
      ? 'The line asks a question'
      : `The line says "${modifier.words}"`;
  const why = kind === 'condition' ? `${said}: ${WHY.condition}` : `${said}, ${WHY[kind]}`;
  const send = orders.length
    ? ` If you want it carried out, send it on a line of its own: ${orders.map((o) => `"${o}"`).join(', ')}.`
    : ' Send the order you want carried out on a line of its own (or ask your GM).';
  return `Not carried out. ${why}.${send}`;
}

/** What the modifiers leave of a line's readings: the orders that stand, those withdrawn, or the refusal. */
export type ModifiedReadings<P> = { readings: P[][]; withdrawn: P[] } | { refused: Modifier };

/**
 * Applies the line's modifiers to its readings: any but "instead of" refuses the line; "instead
 * of" withdraws the orders after it up to the end of its clause ("Instead of A Par - Bur, A Par -
 * Pic"), and refuses the line when nothing else is left.
 * `start` is where an order's text starts in the line, `clauseEnd` where the clause holding an offset ends.
 */
export function applyModifiers<P>(
  readings: P[][],
  modifiers: readonly Modifier[],
  start: (p: P) => number,
  clauseEnd: (offset: number) => number,
): ModifiedReadings<P> {
  const refusing = modifiers.find((m) => m.kind !== 'withdrawal');
  if (refusing) return { refused: refusing };
  const withdrawals = modifiers.map((m) => ({ from: m.offset, to: clauseEnd(m.offset) }));
  if (!withdrawals.length) return { readings, withdrawn: [] };
  const withdrawn: P[] = [];
  const kept = readings.map((reading) =>
    reading.filter((p) => {
      const at = start(p);
      const out = withdrawals.some((w) => at >= w.from && at < w.to);
      if (out && reading === readings[0]) withdrawn.push(p);
      return !out;
    }),
  );
  return kept.some((r) => !r.length) ? { refused: modifiers[0] } : { readings: kept, withdrawn };
}
