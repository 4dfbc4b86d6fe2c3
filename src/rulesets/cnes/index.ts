// CNES (docs/rules/sources/cnes-rules.txt): a turn in the document's own order of events: economy
// and diplomacy, the initial movement phase, the battle phase, the retreat phase, the secondary
// movement phase, then occupation and income. Rulings where the text is silent are in docs/rules/cnes.md.
import { cloneState, defineRuleset, type Dice, type GameEvent, type OrdersByNation, type RulesetContext } from '../../engine/index.ts';
import { OrderChecker } from './check.ts';
import { describeOrder } from './describe.ts';
import { language, orderSubject } from './language.ts';
import { cnesOptions, type CnesOptions } from './options.ts';
import { formatOrder, orderKinds } from './orders.ts';
import { forcedRebase, groundSupport, intercept, manualRebase } from './phases/air.ts';
import { battlefields, fightBattles, occupy } from './phases/battles.ts';
import { settleRelations } from './phases/diplomacy.ts';
import { fortify } from './phases/fortify.ts';
import { collectIncome } from './phases/income.ts';
import { initialMovement, movers, secondaryMovement } from './phases/movement.ts';
import { completeRazing, spend, stopRazing } from './phases/spending.ts';
import { setup } from './setup.ts';
import type { CnesState } from './state.ts';
import { Turn, type AcceptedOrder } from './turn.ts';
import { privateView, publicView } from './views.ts';
import { cnesReport } from './report.ts';

/** Blitzing units fight on while they have movement left; this bounds the secondary phases. */
const MAX_SECONDARY_PHASES = 10;

function adjudicate(ctx: RulesetContext<CnesOptions>, input: CnesState, orders: OrdersByNation, dice: Dice) {
  const state = cloneState(input);
  const { accepted, results } = checkOrders(ctx, state, orders);
  const turn = new Turn(ctx, state, dice, accepted);

  stopRazing(turn);
  completeRazing(turn);
  settleRelations(turn);
  spend(turn);
  fortify(turn);
  manualRebase(turn);
  const marching = movers(turn);
  // The initial phase, concluded by the battle phase and the retreat phase.
  const arrived = initialMovement(turn, marching);
  const missions = groundSupport(turn);
  intercept(turn, missions, battlefields(turn));
  const retreated = fightBattles(turn, arrived, missions);
  for (const m of marching) if (retreated.has(m.unit.id) || !turn.unit(m.unit.id)) m.done = true;
  // The secondary phase: blitzing units that meet enemies fight again, and may go on.
  for (let phase = 0; phase < MAX_SECONDARY_PHASES; phase++) {
    const moved = secondaryMovement(turn, marching);
    if (!moved.size) break;
    const again = fightBattles(turn, moved, missions);
    for (const m of marching) if (again.has(m.unit.id) || !turn.unit(m.unit.id)) m.done = true;
  }
  occupy(turn);
  forcedRebase(turn);
  collectIncome(turn);
  turn.units();
  state.turn += 1;
  return { state, events: [...turn.events, ...results] };
}

/** Each nation's orders checked in its written order; the results are told to that nation alone. */
function checkOrders(ctx: RulesetContext<CnesOptions>, state: CnesState, orders: OrdersByNation) {
  const accepted: AcceptedOrder[] = [];
  const results: GameEvent[] = [];
  const nations = [...Object.keys(state.nations), ...Object.keys(orders).filter((n) => !state.nations[n])];
  for (const nation of nations) {
    const checker = state.nations[nation] ? new OrderChecker(ctx, state, nation) : null;
    (orders[nation] ?? []).forEach((order, index) => {
      const base = { nation, order: index, canonical: formatOrder(order), audience: [nation] };
      const checked = checker ? checker.read(order) : ({ ok: false, code: 'NO_SUCH_NATION', message: `${nation} is not a nation of this game.` } as const);
      if (checked.ok) {
        accepted.push({ nation, index, order: checked.order, units: checked.units, cost: checked.cost });
        results.push({ type: 'order.succeeded', ...base, message: checked.note ?? describeOrder(ctx, order) });
      } else {
        results.push({ type: 'order.failed', ...base, reason: checked.code, message: checked.message });
      }
    });
  }
  return { accepted, results };
}

export const cnes = defineRuleset<CnesState, CnesOptions>({
  id: 'cnes',
  title: 'CNES',
  orderKinds,
  language,
  orderSubject,
  options: cnesOptions,
  report: cnesReport,
  defaultCombat: 'cnes-heat',
  setup,
  validate(ctx, state, nation, order, acceptedAhead) {
    if (!state.nations[nation]) return { ok: false, code: 'NO_SUCH_NATION', message: `${nation} is not a nation of this game.` };
    const checker = new OrderChecker(ctx, state, nation);
    for (const earlier of acceptedAhead) checker.check(earlier);
    return checker.check(order);
  },
  adjudicate,
  formatOrder,
  describeOrder,
  publicView: (_ctx, state, events) => publicView(state, events),
  privateView: (_ctx, state, events, nation) => privateView(state, events, nation),
});
