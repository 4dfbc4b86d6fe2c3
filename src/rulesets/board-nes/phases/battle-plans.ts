// Battle plans (civ-advanced games), before any battle: a plan given this turn replaces the
// nation's standing plan at once, so this turn's battles already follow it.
import { canonicalPlan } from '../civ-orders.ts';
import { planParts } from '../orders.ts';
import type { Turn } from '../turn.ts';

export function setBattlePlans(turn: Turn): void {
  for (const { nation, index, order } of turn.of('battle-plan')) {
    const plan = canonicalPlan(order, turn.options);
    const record = turn.state.nations[nation];
    if (plan) record.battlePlan = plan;
    else delete record.battlePlan;
    turn.succeed(
      nation,
      index,
      plan ? `Your battle plan is now: ${planParts(plan).join('; ')}. It stands until you send another.` : 'Your battles follow the default choices again.',
      { battlePlan: plan },
    );
  }
}
