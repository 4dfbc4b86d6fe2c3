// Every ruleset Adjutant knows, by id.
import { Registry, type AnyRuleset } from '../engine/index.ts';
import { boardNes } from './board-nes/index.ts';
import { cnes } from './cnes/index.ts';
import { industrial } from './industrial/index.ts';
import { warfare } from './warfare/index.ts';

export const rulesets = new Registry<AnyRuleset>('ruleset', [boardNes, cnes, warfare, industrial]);
