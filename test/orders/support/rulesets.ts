// The rulesets the order tests parse for, from the registry the rest of Adjutant uses.
import type { AnyRuleset } from '../../../src/engine/index.ts';
import { rulesets } from '../../../src/rulesets/index.ts';

export function orderRuleset(id: 'warfare' | 'board-nes' | 'industrial' | 'cnes'): AnyRuleset {
  return rulesets.get(id);
}
