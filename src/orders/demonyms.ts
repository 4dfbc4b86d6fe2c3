// What players call a nation's people or things, so "the Scots", "the Italian army" and "the Reds"
// name nations as their names do.
import { normalizeName } from './names.ts';

// Adjectives and demonyms that do not follow from the name by the usual endings.
const IRREGULAR: Record<string, string[]> = {
  france: ['french', 'frenchmen'],
  netherlands: ['dutch'],
  holland: ['dutch'],
  switzerland: ['swiss'],
  greece: ['greek', 'greeks'],
  turkey: ['turkish', 'turks', 'turk'],
  spain: ['spanish', 'spaniards'],
  denmark: ['danish', 'danes'],
  sweden: ['swedish', 'swedes'],
  poland: ['polish', 'poles'],
  portugal: ['portuguese'],
  wales: ['welsh'],
  scotland: ['scots', 'scottish', 'scot'],
  ireland: ['irish'],
  england: ['english', 'englishmen'],
  britain: ['british', 'britons'],
  germany: ['german', 'germans'],
  finland: ['finnish', 'finns'],
  norway: ['norwegian', 'norwegians'],
  hungary: ['hungarian', 'hungarians'],
  china: ['chinese'],
  japan: ['japanese'],
  arabia: ['arab', 'arabs', 'arabian'],
  mongolia: ['mongol', 'mongols', 'mongolian'],
  iceland: ['icelandic', 'icelanders'],
};

/**
 * What players call a nation's people or things: "the Italian army", "the Scots", "the Reds". The
 * irregular ones from a table, the rest by the usual endings (Russia -> Russian, Italy -> Italian).
 */
export function demonyms(name: string): string[] {
  const key = normalizeName(name);
  if (key.length < 3) return [];
  const out = new Set<string>(IRREGULAR[key] ?? []);
  out.add(`${key}s`);
  if (key.endsWith('ia')) out.add(`${key}n`);
  else if (key.endsWith('y')) out.add(`${key.slice(0, -1)}ian`);
  else if (key.endsWith('a')) out.add(`${key}n`);
  for (const d of [...out]) if (!d.endsWith('s') && !d.endsWith('sh') && !d.endsWith('ch') && !d.endsWith('ese')) out.add(`${d}s`);
  out.delete(key);
  return [...out];
}
