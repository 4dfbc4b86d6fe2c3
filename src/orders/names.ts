// Place and nation names as players write them: by id, name or alias, in any case, with or without
// accents, dots and spaces ("St. Petersburg", "stpetersburg", "STP"), and with a typing slip or two
// in longer names. A name that fits two places equally well returns both: the caller never guesses.
import type { MapGraph } from '../engine/index.ts';
import { editDistance, typoAllowance } from './edit-distance.ts';
import { demonyms } from './demonyms.ts';
import { lexLine, type NameCandidate } from './lexer.ts';

interface Entry {
  key: string;
  kind: NameCandidate['kind'];
  id: string;
  name: string;
  /** Words in the name as the lexer cuts them; a misspelt name of two words is looked for in two words. */
  words: number;
  /** The name's words, normalised: "N. Sea" and "Mid-Atl" are matched word by word against them. */
  parts: string[];
}

/** The normalised words of a name as written: "Mid-Atlantic Ocean" -> mid, atlantic, ocean. */
export function nameParts(text: string): string[] {
  return text
    .split(/[\s.\-‐'’_]+/u)
    .map(normalizeName)
    .filter(Boolean);
}

/** The shortest beginning of a one-word name read as that name ("Yorks", "Denm"): shorter ones are other words. */
const MIN_PREFIX = 4;

const PLAIN = /^[a-z0-9]*$/;

/** Case, accents, dots, spaces, hyphens and apostrophes do not tell names apart. */
export function normalizeName(text: string): string {
  const lower = text.toLowerCase();
  if (PLAIN.test(lower)) return lower;
  return lower
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .replace(/[\s.\-'’_]/gu, '');
}

function wordCount(text: string): number {
  return lexLine(text).filter((t) => t.type === 'word' || t.type === 'number').length;
}

const FUZZY_CACHE_LIMIT = 20_000;

export class NameIndex {
  private readonly exact = new Map<string, Entry[]>();
  /** lookupExact's answers by key, for a run of one word and of several. */
  private readonly exactAnswers = [new Map<string, NameCandidate[]>(), new Map<string, NameCandidate[]>()];
  private readonly entries: Entry[] = [];
  /** Answers already worked out, for keys of one word and of several. */
  private readonly fuzzyCache = [new Map<string, NameCandidate[]>(), new Map<string, NameCandidate[]>()];
  /** By key length, for keys of one word and of several: the entries a key that long may be a slip of. */
  private readonly withinReach: Array<Array<Entry[] | undefined>> = [[], []];
  private readonly prefixCache = new Map<string, NameCandidate[]>();
  /** Every beginning of every key: a run of words whose key is not one cannot grow into a name. */
  private readonly prefixes = new Set<string>();
  /** Every beginning of a name's first word, and every last word of a longer name: what an abbreviation may start as. */
  private readonly abbreviationStarts = new Set<string>();
  /** The most words any name has: longer runs of words need not be looked up. */
  readonly maxWords: number;

  constructor(items: Iterable<{ kind: NameCandidate['kind']; id: string; name: string; aliases: readonly string[] }>) {
    for (const item of items) {
      for (const written of new Set([item.id, item.name, ...item.aliases])) {
        const key = normalizeName(written);
        if (!key) continue;
        const list = this.exact.get(key) ?? [];
        const words = wordCount(written);
        const same = list.find((e) => e.kind === item.kind && e.id === item.id);
        // "Mid-Atlantic" and "Mid Atlantic" share a key; the entry answers to both ways of writing it.
        if (same) {
          same.words = Math.max(same.words, words);
          continue;
        }
        const entry: Entry = { key, kind: item.kind, id: item.id, name: item.name, words, parts: nameParts(written) };
        list.push(entry);
        this.exact.set(key, list);
        this.entries.push(entry);
        for (let i = 1; i <= key.length; i++) this.prefixes.add(key.slice(0, i));
        const [head] = entry.parts;
        for (let i = 1; i <= (head?.length ?? 0); i++) this.abbreviationStarts.add(head.slice(0, i));
        if (entry.parts.length > 1) this.abbreviationStarts.add(entry.parts[entry.parts.length - 1]);
      }
    }
    this.maxWords = Math.max(1, ...this.entries.map((e) => e.words));
  }

  isPrefix(key: string): boolean {
    return this.prefixes.has(key);
  }

  /** Whether a word may begin an abbreviated name (lookupPrefix): a cheap test before the search. */
  mayAbbreviate(firstPart: string): boolean {
    return this.abbreviationStarts.has(firstPart);
  }

  /**
   * Everything this exact (normalised) name is known as. A run of several words only matches a name
   * of several words, so "A Lon" never reads as a one-word name that happens to be spelt "alon".
   */
  lookupExact(key: string, words = 1): NameCandidate[] {
    const entries = this.exact.get(key);
    if (!entries) return [];
    // Every word of every line is looked up: each answer is worked out once (the index never changes).
    const answers = this.exactAnswers[words === 1 ? 0 : 1];
    let found = answers.get(key);
    if (!found) answers.set(key, (found = entries.filter((e) => words === 1 || e.words > 1).map((e) => candidate(e, 0))));
    return found;
  }

  /**
   * The names closest to `key` within each name's allowance of slips; a run of several words only
   * among names of several words (one word may be a name run together: "northsea"). Ties are all returned.
   */
  lookupFuzzy(key: string, words: number): NameCandidate[] {
    // Most runs of words in a long email are near no name in length: no distance to work out.
    const several = words > 1 ? 1 : 0;
    const reachable = this.withinReachOf(key.length, several);
    if (!reachable.length) return [];
    const cache = this.fuzzyCache[several];
    const cached = cache.get(key);
    if (cached) return cached;
    let best: NameCandidate[] = [];
    let bestDistance = Infinity;
    for (const entry of reachable) {
      const allowance = Math.min(typoAllowance(entry.key.length), bestDistance);
      if (allowance === 0 || Math.abs(entry.key.length - key.length) > allowance) continue;
      const d = editDistance(key, entry.key, allowance);
      if (d > allowance) continue;
      if (d < bestDistance) [best, bestDistance] = [[], d];
      if (!best.some((c) => c.kind === entry.kind && c.id === entry.id)) best.push(candidate(entry, d));
    }
    if (cache.size >= FUZZY_CACHE_LIMIT) cache.clear();
    cache.set(key, best);
    return best;
  }

  /** The entries, in index order, that forgive slips and whose key is within their allowance of `length`. */
  private withinReachOf(length: number, several: 0 | 1): Entry[] {
    const byLength = this.withinReach[several];
    return (byLength[length] ??= this.entries.filter((e) => {
      const allowance = typoAllowance(e.key.length);
      return (!several || e.words >= 2) && allowance > 0 && Math.abs(e.key.length - length) <= allowance;
    }));
  }

  /**
   * Names that these words begin, word by word: "Mid Atl" (Mid-Atlantic Ocean), "N. Sea" (North Sea,
   * Norwegian Sea), "Yorks" (Yorkshire). Every name that fits is returned; one word must have at
   * least MIN_PREFIX letters, so "Bel" never stands for Belgrade.
   */
  lookupPrefix(parts: readonly string[]): NameCandidate[] {
    const letters = parts.join('').length;
    if (!parts.length || letters < MIN_PREFIX || (parts.length === 1 && parts[0].length < MIN_PREFIX)) return [];
    const cacheKey = parts.join(' ');
    const cached = this.prefixCache.get(cacheKey);
    if (cached) return cached;
    const found: NameCandidate[] = [];
    for (const entry of this.entries) {
      // "Channel" for English Channel: one word that is a longer name's last.
      const last = parts.length === 1 && entry.parts.length > 1 && entry.parts[entry.parts.length - 1] === parts[0];
      if (!last && (entry.parts.length < parts.length || !parts.every((p, i) => entry.parts[i].startsWith(p)))) continue;
      if (!found.some((c) => c.kind === entry.kind && c.id === entry.id)) found.push(candidate(entry, 1));
    }
    if (this.prefixCache.size >= FUZZY_CACHE_LIMIT) this.prefixCache.clear();
    this.prefixCache.set(cacheKey, found);
    return found;
  }

  /** Names within `reach` slips of `key`, nearest only: guesses the game's state may bear out. */
  near(key: string, kinds: ReadonlySet<NameCandidate['kind']>, reach: number): NameCandidate[] {
    if (key.length < 3) return [];
    let best: NameCandidate[] = [];
    let bestDistance = reach + 1;
    for (const entry of this.entries) {
      if (!kinds.has(entry.kind) || Math.abs(entry.key.length - key.length) > reach) continue;
      const d = editDistance(key, entry.key, reach);
      if (d > reach || d > bestDistance) continue;
      if (d < bestDistance) [best, bestDistance] = [[], d];
      if (!best.some((c) => c.id === entry.id)) best.push(candidate(entry, d));
    }
    return best;
  }

  /** Names near `key` though beyond the typo allowance, nearest first: for "did you mean ...?". */
  suggest(key: string, kinds: ReadonlySet<NameCandidate['kind']>, limit = 3): Array<{ id: string; name: string; distance: number }> {
    const reach = Math.max(2, Math.ceil(key.length / 2));
    const found = new Map<string, { id: string; distance: number }>();
    for (const entry of this.entries) {
      if (!kinds.has(entry.kind)) continue;
      const d = editDistance(key, entry.key, reach);
      if (d <= reach && d < (found.get(entry.name)?.distance ?? Infinity)) found.set(entry.name, { id: entry.id, distance: d });
    }
    return [...found]
      .map(([name, f]) => ({ name, ...f }))
      .sort((a, b) => a.distance - b.distance || a.name.localeCompare(b.name))
      .slice(0, limit);
  }
}

function candidate(e: Entry, distance: number): NameCandidate {
  return { kind: e.kind, id: e.id, name: e.name, distance };
}

const provinceIndexes = new WeakMap<MapGraph, NameIndex>();
const nationIndexes = new WeakMap<object, NameIndex>();

/** The province names of a map, built once per map. */
export function provinceNames(map: MapGraph): NameIndex {
  let index = provinceIndexes.get(map);
  if (!index) {
    index = new NameIndex([...map.provinces.values()].map((p) => ({ kind: 'province' as const, id: p.id, name: p.name, aliases: p.aliases })));
    provinceIndexes.set(map, index);
  }
  return index;
}

const aliasedIndexes = new WeakMap<object, WeakMap<object, NameIndex>>();

/**
 * The nation names of a game state, with the aliases the GM gave them in game.yaml (`aliases`, by
 * nation), built once per nations record and aliases.
 */
export function nationNames(
  nations: Readonly<Record<string, { id: string; name: string; aliases?: unknown }>>,
  aliases?: Readonly<Record<string, readonly string[]>>,
): NameIndex {
  const byAliases = aliases && (aliasedIndexes.get(nations) ?? aliasedIndexes.set(nations, new WeakMap()).get(nations)!);
  let index = byAliases ? byAliases.get(aliases!) : nationIndexes.get(nations);
  if (!index) {
    index = new NameIndex(
      Object.values(nations).map((n) => {
        const own = [...(Array.isArray(n.aliases) ? n.aliases.map(String) : []), ...(aliases?.[n.id] ?? [])];
        return { kind: 'nation' as const, id: n.id, name: n.name, aliases: [...own, ...[n.id, n.name, ...own].flatMap(demonyms)] };
      }),
    );
    if (byAliases) byAliases.set(aliases!, index);
    else nationIndexes.set(nations, index);
  }
  return index;
}

/** Provinces and nations looked up together: the grammar decides later which kind a slot wants. */
export class NameResolver {
  readonly maxWords: number;

  /** @param knowsNations false when only places are known (no game state): nations are taken as written. */
  constructor(
    private readonly indexes: readonly NameIndex[],
    readonly knowsNations = false,
  ) {
    this.maxWords = Math.max(1, ...indexes.map((i) => i.maxWords));
  }

  isPrefix(key: string): boolean {
    for (const index of this.indexes) if (index.isPrefix(key)) return true;
    return false;
  }

  exact(key: string, words: number): NameCandidate[] {
    let found: NameCandidate[] = [];
    for (const index of this.indexes) {
      const more = index.lookupExact(key, words);
      if (more.length) found = found.length ? found.concat(more) : more;
    }
    return found;
  }

  mayAbbreviate(firstPart: string): boolean {
    for (const index of this.indexes) if (index.mayAbbreviate(firstPart)) return true;
    return false;
  }

  prefix(parts: readonly string[]): NameCandidate[] {
    return this.indexes.flatMap((i) => i.lookupPrefix(parts));
  }

  fuzzy(key: string, words: number): NameCandidate[] {
    let found: NameCandidate[] = [];
    for (const index of this.indexes) {
      const more = index.lookupFuzzy(key, words);
      if (more.length) found = found.concat(more);
    }
    // Most words of a long email are near no name: no work beyond the lookups.
    if (!found.length) return found;
    const best = Math.min(...found.map((c) => c.distance));
    return found.filter((c) => c.distance === best);
  }

  near(key: string, kinds: ReadonlySet<NameCandidate['kind']>, reach: number): NameCandidate[] {
    return this.indexes.flatMap((i) => i.near(key, kinds, reach));
  }

  /**
   * The nearest names for "did you mean ...?". With `own` (the player's provinces and where their
   * units stand) the nearest of those come first: "quen" suggests the Queensland you hold.
   */
  suggest(key: string, kinds: ReadonlySet<NameCandidate['kind']>, limit = 3, own?: (id: string) => boolean): string[] {
    const found = this.indexes.flatMap((i) => i.suggest(key, kinds, limit + 3));
    const nearest = (list: typeof found) => {
      // Only the nearest: "Paris" for "Pxr", not every name two slips away as well.
      const best = Math.min(...list.map((s) => s.distance));
      return list.filter((s) => s.distance === best);
    };
    const mine = own ? nearest(found.filter((s) => own(s.id))) : [];
    const rest = nearest(found).filter((s) => !mine.includes(s));
    return [...new Set([...mine, ...rest].map((s) => s.name))].slice(0, limit);
  }
}
