// Render calls the ruleset's report hooks and never names a ruleset or combat system: a new ruleset
// brings its own words without touching src/render or templates/.
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { combatSystems } from '../../src/combat/index.ts';
import { rulesets } from '../../src/rulesets/index.ts';

const root = path.resolve(import.meta.dirname, '../..');
const files = (dir: string) => (readdirSync(path.join(root, dir), { recursive: true }) as string[]).filter((f) => /\.(ts|hbs)$/.test(f)).map((f) => path.join(dir, f));

describe('render knows no ruleset', () => {
  const ids = [...rulesets.ids(), ...combatSystems.ids()];

  it.each(['src/render', 'templates'])('no file in %s names a ruleset or combat system', (dir) => {
    const named = files(dir).flatMap((file) => {
      const text = readFileSync(path.join(root, file), 'utf8');
      return ids.filter((id) => new RegExp(`(^|[^a-z-])${id}($|[^a-z-])`, 'i').test(text)).map((id) => `${file} names "${id}"`);
    });
    expect(named).toEqual([]);
  });

  it('every registered ruleset and combat system brings its report words', () => {
    expect(rulesets.all().filter((r) => !r.report).map((r) => r.id)).toEqual([]);
    expect(combatSystems.all().filter((c) => !c.report).map((c) => c.id)).toEqual([]);
  });
});
