// Place and nation names as players write them: by id, name or alias, in any case, with or without
// accents, dots and spaces ("St. Petersburg", "stpetersburg", "STP"), and with a typing slip or two
// in longer names. A name that fits two places equally well returns both: the caller never guesses.
import type { MapGraph } from '../engine/index.ts';
import { editDistance, typoAllowance } from './edit-distance.ts';
import { lexLine, type NameCandidate } from './lexer.ts';

interface Entry {
  key: string;
  kind: NameCandidate['kind'];
  id: string;
  name: string;
  /** Words in the name as the lexer cuts them; a misspelt name of two words is looked for in two words. */
  words: number;
}

const PLAIN = /^[a-z0-9]*$/;

/** Case, accents, dots, spaces, hyphens and apostrophes do not tell names apart. */
export function normalizeName(text: string): string {
  const lower = text.toLowerCase();
  if (PLAIN.test(lower)) return lower;
  return lower.normalize('NFD').replace(/\p{M}/gu, '').replace(/[\s.\-'’_]/gu, '');
}

function wordCount(text: string): number {
  return lexLine(text).filter((t) => t.type === 'word' || t.type === 'number').length;
}

const FUZZY_CACHE_LIMIT = 20_000;

export class NameIndex {
  private readonly exact = new Map<string, Entry[]>();
  private readonly entries: Entry[] = [];
  private readonly fuzzyCache = new Map<string, NameCandidate[]>();
  /** Every beginning of every key: a run of words whose key is not one cannot grow into a name. */
  private readonly prefixes = new Set<string>();
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
        const entry: Entry = { key, kind: item.kind, id: item.id, name: item.name, words };
        list.push(entry);
        this.exact.set(key, list);
        this.entries.push(entry);
        for (let i = 1; i <= key.length; i++) this.prefixes.add(key.slice(0, i));
      }
    }
    this.maxWords = Math.max(1, ...this.entries.map((e) => e.words));
  }

  isPrefix(key: string): boolean {
    return this.prefixes.has(key);
  }

  /**
   * Everything this exact (normalised) name is known as. A run of several words only matches a name
   * of several words, so "A Lon" never reads as a one-word name that happens to be spelt "alon".
   */
  lookupExact(key: string, words = 1): NameCandidate[] {
    const entries = this.exact.get(key);
    if (!entries) return [];
    return entries.filter((e) => words === 1 || e.words > 1).map((e) => candidate(e, 0));
  }

  /**
   * The names closest to `key` within each name's allowance of slips; a run of several words only
   * among names of several words (one word may be a name run together: "northsea"). Ties are all returned.
   */
  lookupFuzzy(key: string, words: number): NameCandidate[] {
    const cacheKey = `${words}:${key}`;
    const cached = this.fuzzyCache.get(cacheKey);
    if (cached) return cached;
    let best: NameCandidate[] = [];
    let bestDistance = Infinity;
    for (const entry of this.entries) {
      if (words > 1 && entry.words < 2) continue;
      const allowance = Math.min(typoAllowance(entry.key.length), bestDistance);
      if (allowance === 0 || Math.abs(entry.key.length - key.length) > allowance) continue;
      const d = editDistance(key, entry.key, allowance);
      if (d > allowance) continue;
      if (d < bestDistance) [best, bestDistance] = [[], d];
      if (!best.some((c) => c.kind === entry.kind && c.id === entry.id)) best.push(candidate(entry, d));
    }
    if (this.fuzzyCache.size >= FUZZY_CACHE_LIMIT) this.fuzzyCache.clear();
    this.fuzzyCache.set(cacheKey, best);
    return best;
  }

  /** Names near `key` though beyond the typo allowance, nearest first: for "did you mean ...?". */
  suggest(key: string, kinds: ReadonlySet<NameCandidate['kind']>, limit = 3): Array<{ name: string; distance: number }> {
    const reach = Math.max(2, Math.ceil(key.length / 2));
    const found = new Map<string, number>();
    for (const entry of this.entries) {
      if (!kinds.has(entry.kind)) continue;
      const d = editDistance(key, entry.key, reach);
      if (d <= reach && d < (found.get(entry.name) ?? Infinity)) found.set(entry.name, d);
    }
    return [...found].map(([name, distance]) => ({ name, distance })).sort((a, b) => a.distance - b.distance || a.name.localeCompare(b.name)).slice(0, limit);
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

/** The nation names of a game state, built once per nations record. */
export function nationNames(nations: Readonly<Record<string, { id: string; name: string; aliases?: unknown }>>): NameIndex {
  let index = nationIndexes.get(nations);
  if (!index) {
    index = new NameIndex(
      Object.values(nations).map((n) => ({ kind: 'nation' as const, id: n.id, name: n.name, aliases: Array.isArray(n.aliases) ? n.aliases.map(String) : [] })),
    );
    nationIndexes.set(nations, index);
  }
  return index;
}

/** Provinces and nations looked up together: the grammar decides later which kind a slot wants. */
export class NameResolver {
  readonly maxWords: number;

  /** @param knowsNations false when only places are known (no game state): nations are taken as written. */
  constructor(private readonly indexes: readonly NameIndex[], readonly knowsNations = false) {
    this.maxWords = Math.max(1, ...indexes.map((i) => i.maxWords));
  }

  isPrefix(key: string): boolean {
    for (const index of this.indexes) if (index.isPrefix(key)) return true;
    return false;
  }

  exact(key: string, words: number): NameCandidate[] {
    if (this.indexes.length === 1) return this.indexes[0].lookupExact(key, words);
    return this.indexes.flatMap((i) => i.lookupExact(key, words));
  }

  fuzzy(key: string, words: number): NameCandidate[] {
    const found = this.indexes.flatMap((i) => i.lookupFuzzy(key, words));
    const best = Math.min(...found.map((c) => c.distance));
    return found.filter((c) => c.distance === best);
  }

  suggest(key: string, kinds: ReadonlySet<NameCandidate['kind']>, limit = 3): string[] {
    const found = this.indexes.flatMap((i) => i.suggest(key, kinds, limit));
    // Only the nearest: "Paris" for "Pxr", not every name two slips away as well.
    const best = Math.min(...found.map((s) => s.distance));
    return found.filter((s) => s.distance === best).slice(0, limit).map((s) => s.name);
  }
}
