// Secrets Adjutant makes up: for every seat of a new starter game, and at import for each player
// the GM gave none (a player without a secret could not order by email unless the game trusts DKIM).
// game.yaml is edited as a document, so the GM's comments and layout stay as they were.
import { randomBytes } from 'node:crypto';
import { isMap, parseDocument, type Document } from 'yaml';

// Letters and digits that cannot be misread for one another: 32 of them, 5 bits each.
const ALPHABET = 'abcdefghjkmnpqrstuvwxyz023456789';

/** A secret with 60 random bits, in three groups a player can copy: "k7qm-x2va-9fht". */
export function generateSecret(): string {
  const letters = [...randomBytes(12)].map((b) => ALPHABET[b % 32]).join('');
  return `${letters.slice(0, 4)}-${letters.slice(4, 8)}-${letters.slice(8)}`;
}

function nationIds(doc: Document): string[] {
  const nations = doc.get('nations', true);
  return isMap(nations) ? nations.items.map((item) => String((item.key as { value?: unknown })?.value ?? item.key)) : [];
}

/** game.yaml with a fresh secret for the GM and every nation (a starter game's are public). */
export function freshSecrets(gameYaml: string): string {
  const doc = parseDocument(gameYaml);
  doc.setIn(['gm', 'secret'], generateSecret());
  for (const id of nationIds(doc)) doc.setIn(['nations', id, 'secret'], generateSecret());
  return doc.toString({ lineWidth: 0 });
}

/**
 * game.yaml with a secret for each nation that has a player and none, unless the game takes a
 * DKIM signature in its place; and the nations given a new one. `kept` may answer a secret the
 * nation's player already has (a stored game's, for the same address), which is kept instead.
 */
export function missingSecrets(gameYaml: string, kept?: (nation: string, email: string) => string | undefined): { text: string; given: string[] } {
  const doc = parseDocument(gameYaml);
  if (doc.getIn(['mail', 'dkim']) === true) return { text: gameYaml, given: [] };
  const missing = nationIds(doc).filter((id) => doc.hasIn(['nations', id, 'player']) && !doc.getIn(['nations', id, 'secret']));
  if (!missing.length) return { text: gameYaml, given: [] };
  const given: string[] = [];
  for (const id of missing) {
    const secret = kept?.(id, String(doc.getIn(['nations', id, 'player', 'email']) ?? ''));
    if (!secret) given.push(id);
    doc.setIn(['nations', id, 'secret'], secret ?? generateSecret());
  }
  return { text: doc.toString({ lineWidth: 0 }), given };
}
