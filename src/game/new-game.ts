// `adjutant game new`: a starter game a GM can run at once and then edit. Each ruleset's starter
// lives in examples/starter/<ruleset>/ as an ordinary game folder, so it is validated like any other.
// Every secret in it (the GM's and each nation's) is replaced by a freshly generated one.
import { cp, readdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { rulesets } from '../rulesets/index.ts';
import { freshSecrets } from './generated-secrets.ts';
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
  await freshSecretsIn(path.join(dir, 'game.yaml'));
  return files.sort();
}

async function freshSecretsIn(file: string): Promise<void> {
  await writeFile(file, freshSecrets(await readFile(file, 'utf8')));
}
