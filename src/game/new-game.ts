// `adjutant game new`: a starter game a GM can run at once and then edit. Each ruleset's starter
// lives in examples/starter/<ruleset>/ as an ordinary game folder, so it is validated like any other.
// Every secret in it (the GM's and each nation's) is replaced by a freshly generated one.
import { randomBytes } from 'node:crypto';
import { cp, readdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseDocument } from 'yaml';
import { rulesets } from '../rulesets/index.ts';
import { GameFolderError } from './problems.ts';

const STARTERS = fileURLToPath(new URL('../../examples/starter/', import.meta.url));

export async function newGame(dir: string, rulesetId: string): Promise<string[]> {
  rulesets.get(rulesetId); // an unknown id says which rulesets exist
  const starter = path.join(STARTERS, rulesetId);
  const files = await readdir(starter).catch(() => {
    throw new GameFolderError([{ file: starter, message: `the ruleset "${rulesetId}" has no starter game yet.` }]);
  });
  const existing = await readdir(dir).catch(() => []);
  if (existing.length) throw new GameFolderError([{ file: dir, message: 'this folder is not empty; pick a new folder for the game.' }]);
  await cp(starter, dir, { recursive: true });
  await freshSecrets(path.join(dir, 'game.yaml'));
  return files.sort();
}

// Letters and digits that cannot be misread for one another: 32 of them, 5 bits each.
const ALPHABET = 'abcdefghjkmnpqrstuvwxyz023456789';

/** A secret with 60 random bits, in three groups a player can copy: "k7qm-x2va-9fht". */
export function generateSecret(): string {
  const letters = [...randomBytes(12)].map((b) => ALPHABET[b % 32]).join('');
  return `${letters.slice(0, 4)}-${letters.slice(4, 8)}-${letters.slice(8)}`;
}

async function freshSecrets(file: string): Promise<void> {
  const doc = parseDocument(await readFile(file, 'utf8'));
  doc.setIn(['gm', 'secret'], generateSecret());
  const nations = doc.get('nations', true) as { items?: Array<{ key: unknown }> } | undefined;
  for (const item of nations?.items ?? []) doc.setIn(['nations', String((item.key as { value?: unknown })?.value ?? item.key), 'secret'], generateSecret());
  await writeFile(file, doc.toString({ lineWidth: 0 }));
}
