// The rulesets the order tests parse for. The warfare ruleset may not be in the registry yet while
// it is being written; it is taken from its module then.
import type { AnyRuleset } from '../../../src/engine/index.ts';
import { rulesets } from '../../../src/rulesets/index.ts';
import { warfare } from '../../../src/rulesets/warfare/index.ts';

export function orderRuleset(id: 'warfare' | 'board-nes'): AnyRuleset {
  if (rulesets.has(id)) return rulesets.get(id);
  if (id === 'warfare') return warfare as AnyRuleset;
  throw new Error(`The ${id} ruleset is not registered.`);
}
