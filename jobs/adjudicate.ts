// The adjudicate queue's processor: one run of one step (src/turns/adjudicate-turn.ts).
import { adjudicateTurn } from '../src/turns/adjudicate-turn.ts';
import { stopForFailure } from '../src/turns/turn-steps.ts';
import type { AdjudicateJob, TurnRuntime } from '../src/turns/turn-runtime.ts';
import { guarded } from './guard.ts';

export function adjudicateProcessor(rt: TurnRuntime) {
  return guarded<AdjudicateJob, string>(
    rt,
    (data) => adjudicateTurn(rt, data),
    (data, error) => stopForFailure(rt, data, error),
  );
}
