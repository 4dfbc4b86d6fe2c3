// Every ruleset Adjutant knows, by id.
import { Registry, type AnyRuleset } from '../engine/index.ts';

export const rulesets = new Registry<AnyRuleset>('ruleset', []);
