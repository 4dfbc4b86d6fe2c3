// Which order grammars `npm run build:grammar` compiles and where each one goes, found by where
// they sit so a new ruleset needs no line here. grammar/<id>.ne is the grammar of the ruleset whose
// folder is src/rulesets/<id>/ and compiles into that folder, so the ruleset imports it as its own
// and src/rulesets stays pure. grammar/base.ne is included by the others, not compiled alone. The
// tests' fixture rulesets keep their grammar in their own folder (test/support/<name>/grammar.ne,
// compiled beside it): test rulesets stay out of the grammars the service ships.
import { existsSync, readdirSync } from 'node:fs';
import path from 'node:path';

/** The shared base every grammar includes. */
export const BASE_GRAMMAR = 'base.ne';
/** What each grammar compiles to (git-ignored), in its ruleset's folder. */
export const COMPILED_GRAMMAR = 'grammar.generated.ts';

export interface GrammarBuild {
  /** The nearley source. */
  source: string;
  /** The TypeScript module it compiles to. */
  target: string;
}

/** A grammar in grammar/ with no ruleset folder to compile it into. */
export class StrayGrammarError extends Error {}

/** Every grammar to compile under `root` (a checkout), by source path. */
export function grammarBuilds(root: string): GrammarBuild[] {
  return [...rulesetGrammars(root), ...fixtureGrammars(root)].sort((a, b) => a.source.localeCompare(b.source));
}

function rulesetGrammars(root: string): GrammarBuild[] {
  const dir = path.join(root, 'grammar');
  return readdirSync(dir)
    .filter((name) => name.endsWith('.ne') && name !== BASE_GRAMMAR)
    .map((name) => {
      const id = name.slice(0, -'.ne'.length);
      const folder = path.join(root, 'src', 'rulesets', id);
      if (!existsSync(folder)) {
        throw new StrayGrammarError(
          `grammar/${name} has no ruleset to go to: there is no folder src/rulesets/${id}/. A ruleset's grammar is named after its folder.`,
        );
      }
      return { source: path.join(dir, name), target: path.join(folder, COMPILED_GRAMMAR) };
    });
}

function fixtureGrammars(root: string): GrammarBuild[] {
  const support = path.join(root, 'test', 'support');
  if (!existsSync(support)) return [];
  return readdirSync(support, { withFileTypes: true })
    .filter((entry) => entry.isDirectory() && existsSync(path.join(support, entry.name, 'grammar.ne')))
    .map((entry) => ({ source: path.join(support, entry.name, 'grammar.ne'), target: path.join(support, entry.name, COMPILED_GRAMMAR) }));
}
