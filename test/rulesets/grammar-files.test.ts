// A ruleset's order grammar is grammar/<id>.ne, beside the shared grammar/base.ne, and
// `npm run build:grammar` finds it there by its name alone: a new ruleset is its folder, its
// grammar and one registry line, with no list of grammars to keep (scripts/grammar-files.ts).
import { mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import { grammarBuilds, StrayGrammarError } from '../../scripts/grammar-files.ts';
import { rulesets } from '../../src/rulesets/index.ts';

const root = path.join(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
const relative = (dir: string) => grammarBuilds(dir).map((b) => ({ source: path.relative(dir, b.source), target: path.relative(dir, b.target) }));

describe('the order grammars of this checkout', () => {
  const shipped = rulesets.all().filter((r) => !r.id.startsWith('fixture-'));

  it('are one file in grammar/ for each registered ruleset with an order language, compiled into its folder', () => {
    const withLanguage = shipped.filter((r) => r.language);
    expect(withLanguage.map((r) => r.id)).toEqual(expect.arrayContaining(['board-nes', 'cnes', 'industrial', 'warfare']));
    const builds = relative(root);
    for (const { id } of withLanguage) {
      expect(builds).toContainEqual({ source: `grammar/${id}.ne`, target: `src/rulesets/${id}/grammar.generated.ts` });
    }
  });

  it('hold nothing else but the shared base, which is included and not compiled alone', () => {
    const files = readdirSync(path.join(root, 'grammar')).sort();
    expect(files).toEqual(['base.ne', ...shipped.filter((r) => r.language).map((r) => `${r.id}.ne`)].sort());
    expect(relative(root).map((b) => b.source)).not.toContain('grammar/base.ne');
  });

  it('compile the test fixture ruleset beside its own folder', () => {
    expect(relative(root)).toContainEqual({ source: 'test/support/fixture-claims/grammar.ne', target: 'test/support/fixture-claims/grammar.generated.ts' });
  });
});

describe('a new ruleset', () => {
  let dir = '';
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  function checkout(grammars: string[], folders: string[]): string {
    dir = mkdtempSync(path.join(os.tmpdir(), 'grammar-files-'));
    mkdirSync(path.join(dir, 'grammar'));
    for (const name of ['base.ne', ...grammars]) writeFileSync(path.join(dir, 'grammar', name), '');
    for (const folder of folders) mkdirSync(path.join(dir, 'src', 'rulesets', folder), { recursive: true });
    return dir;
  }

  it('has its grammar found by its name, with no list to add it to', () => {
    expect(relative(checkout(['river-kings.ne'], ['river-kings']))).toEqual([
      { source: 'grammar/river-kings.ne', target: 'src/rulesets/river-kings/grammar.generated.ts' },
    ]);
  });

  it('is told in a sentence when its grammar is not named after its folder', () => {
    const stray = checkout(['river-king.ne'], ['river-kings']);
    expect(() => grammarBuilds(stray)).toThrow(StrayGrammarError);
    expect(() => grammarBuilds(stray)).toThrow('grammar/river-king.ne has no ruleset to go to: there is no folder src/rulesets/river-king/.');
  });
});
