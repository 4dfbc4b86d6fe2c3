// Shared by the corpus writers: the case shape of test/orders/*.yaml, the ways players wrap an order
// (greetings, lists, sentences), and a seeded pick so the corpus is the same on every run.

export interface CorpusCase {
  name: string;
  orders?: Array<Record<string, unknown>>;
  ambiguous?: Array<Array<Record<string, unknown>>>;
  errors?: Array<{ contains: string }>;
  lines: string[];
}

/** How an order sits in a forum post: alone, in a list, in a sentence, with a greeting. */
export const WRAPPERS: Array<(order: string) => string> = [
  (o) => o,
  (o) => `${o}.`,
  (o) => `- ${o}`,
  (o) => `1. ${o}`,
  (o) => `* ${o}`,
  (o) => o.toUpperCase(),
  (o) => o.toLowerCase(),
  (o) => `Please ${lowerFirst(o)}`,
  (o) => `${o}, please.`,
  (o) => `Hi GM, ${lowerFirst(o)}. Thanks!`,
  (o) => `Hi, ${lowerFirst(o)}.`,
  (o) => `I'd like ${lowerFirst(o)}`,
  (o) => `${o} asap`,
  (o) => `**${o}**`,
  (o) => `${o} !`,
];

function lowerFirst(s: string): string {
  return /^[A-Z][a-z]/.test(s) ? s[0].toLowerCase() + s.slice(1) : s;
}

/** A small seeded generator (mulberry32): the same corpus from the same seed. */
export function seeded(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** Every combination of the parts, then `count` of them picked evenly by the seeded generator. */
export function sample<T>(all: readonly T[], count: number, random: () => number): T[] {
  if (all.length <= count) return [...all];
  const pool = [...all];
  const out: T[] = [];
  while (out.length < count) out.push(pool.splice(Math.floor(random() * pool.length), 1)[0]);
  return out;
}

export function product<A, B>(as: readonly A[], bs: readonly B[]): Array<[A, B]> {
  return as.flatMap((a) => bs.map((b) => [a, b] as [A, B]));
}

/** The lines of one meaning: each way of writing it, in a handful of wrappers. */
export function wrapped(forms: readonly string[], count: number, random: () => number): string[] {
  const lines = product(forms, WRAPPERS).map(([form, wrap]) => wrap(form));
  return [...new Set(sample(lines, count, random))];
}
