// The seam between rulesets and the rest: mail, turns, render, the parser and the service know no
// ruleset or combat system by id. They reach one through its registry (src/rulesets/index.ts,
// src/combat/index.ts) and call what the Ruleset and CombatSystem objects carry.
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { combatSystems } from '../../src/combat/index.ts';
import { rulesets } from '../../src/rulesets/index.ts';

const root = path.join(path.dirname(fileURLToPath(import.meta.url)), '..', '..');

/** Where ruleset code lives, and src/datc: the DATC runner exists only to test warfare against the DATC. */
const OWNERS = ['src/rulesets/', 'src/combat/', 'src/datc/'];

function sources(dir: string): string[] {
  return readdirSync(path.join(root, dir), { withFileTypes: true, recursive: true })
    .filter((entry) => entry.isFile() && /\.(ts|js)$/.test(entry.name) && !entry.name.endsWith('.generated.ts'))
    .map((entry) => path.relative(root, path.join(entry.parentPath, entry.name)).split(path.sep).join('/'))
    .filter((file) => !OWNERS.some((owner) => file.startsWith(owner)));
}

/** Each place a file names an id: as a string of its own, or by importing the ruleset's or system's folder. */
export function namings(code: string, ids: readonly string[]): string[] {
  const found: string[] = [];
  for (const id of ids) {
    const quoted = new RegExp(`(['"\`])${id.replace(/[-]/g, '\\-')}\\1`);
    const imported = new RegExp(`from ['"][^'"]*/(rulesets|combat)/${id}/`);
    if (quoted.test(code)) found.push(`the string "${id}"`);
    if (imported.test(code)) found.push(`an import from the folder of "${id}"`);
  }
  return found;
}

describe('the ruleset seam', () => {
  const ids = [...rulesets.ids(), ...combatSystems.ids()].filter((id) => !id.startsWith('fixture-'));
  const files = ['src', 'jobs', 'bin'].flatMap(sources);

  it('covers every registered ruleset and combat system, and the code outside them', () => {
    expect(ids).toEqual(expect.arrayContaining(['board-nes', 'warfare', 'board-nes-dice', 'civ-advanced']));
    expect(files).toEqual(
      expect.arrayContaining([
        'src/channels/email/process-mail.ts',
        'src/render/report.ts',
        'src/orders/parse-message.ts',
        'src/turns/run-step.ts',
        'jobs/service-config.ts',
      ]),
    );
  });

  it('finds a ruleset named outside its folder', () => {
    expect(namings(`if (game.ruleset.id === 'warfare') return;`, ids)).toEqual(['the string "warfare"']);
    expect(namings(`import { boardNes } from '../rulesets/board-nes/index.ts';`, ids)).toEqual(['an import from the folder of "board-nes"']);
    expect(namings(`const title = game.ruleset.title; // warfare is a ruleset`, ids)).toEqual([]);
  });

  it('is kept: no file outside src/rulesets, src/combat and the registries names one', () => {
    const offenders = files.flatMap((file) => namings(readFileSync(path.join(root, file), 'utf8'), ids).map((what) => `${file}: ${what}`));
    expect(offenders).toEqual([]);
  });
});

describe('render', () => {
  const ids = [...rulesets.ids(), ...combatSystems.ids()].filter((id) => !id.startsWith('fixture-'));
  const rendering = (dir: string) =>
    (readdirSync(path.join(root, dir), { recursive: true }) as string[]).filter((f) => /\.(ts|hbs)$/.test(f)).map((f) => path.join(dir, f));

  // Stricter than the rest of the code: not even a comment, so a new ruleset never needs a word changed there.
  it.each(['src/render', 'templates'])('names no ruleset or combat system anywhere in %s', (dir) => {
    const named = rendering(dir).flatMap((file) => {
      const text = readFileSync(path.join(root, file), 'utf8');
      return ids.filter((id) => new RegExp(`(^|[^a-z-])${id}($|[^a-z-])`, 'i').test(text)).map((id) => `${file} names "${id}"`);
    });
    expect(named).toEqual([]);
  });

  it('gets its words from every registered ruleset and combat system', () => {
    expect(
      rulesets
        .all()
        .filter((r) => !r.id.startsWith('fixture-') && !r.report)
        .map((r) => r.id),
    ).toEqual([]);
    expect(
      combatSystems
        .all()
        .filter((c) => !c.report)
        .map((c) => c.id),
    ).toEqual([]);
  });
});
