// Board NES (RoddyVR's rules, docs/rules/sources/board-nes-rules.txt): a turn in the document's
// own order of events. Rulings where the text is silent are in docs/rules/board-nes.md.
import { cloneState, defineRuleset, type Dice, type OrdersByNation, type RulesetContext } from '../../engine/index.ts';
import { reportAims } from './battle.ts';
import { describeOrder } from './describe.ts';
import { language, orderSubject } from './language.ts';
import { OrderChecker, normalize } from './order-check.ts';
import { checkerAfter } from './checked-ahead.ts';
import { boardNesOptions, type BoardNesOptions } from './options.ts';
import { formatOrder, orderKinds, readOrder } from './orders.ts';
import { moveArmies } from './phases/armies.ts';
import { setBattlePlans } from './phases/battle-plans.ts';
import { disbandUnits } from './phases/disband.ts';
import { moveShips } from './phases/fleets.ts';
import { collectIncome, payUpkeep } from './phases/income.ts';
import { fightOnLand } from './phases/land-battles.ts';
import { fightAtSea } from './phases/naval-battles.ts';
import { makePurchases } from './phases/purchases.ts';
import { setup } from './setup.ts';
import type { BoardNesState } from './state.ts';
import { Turn, type AcceptedOrder } from './turn.ts';
import { boardNesReport } from './report.ts';
import { privateView, publicView } from './views.ts';

function adjudicate(ctx: RulesetContext<BoardNesOptions>, input: BoardNesState, orders: OrdersByNation, dice: Dice) {
  const state = cloneState(input);
  const accepted: AcceptedOrder[] = [];
  const refused: Array<{ nation: string; index: number; code: string; message: string }> = [];
  // Nations in the game's order, so results and dice never depend on the order mail arrived in.
  const nations = [...Object.keys(state.nations), ...Object.keys(orders).filter((n) => !state.nations[n])];
  for (const nation of nations) {
    const list = orders[nation] ?? [];
    if (!state.nations[nation]) {
      list.forEach((_, index) => refused.push({ nation, index, code: 'NO_SUCH_NATION', message: `${nation} is not a nation of this game.` }));
      continue;
    }
    const checker = new OrderChecker(ctx, input, nation);
    list.forEach((order, index) => {
      const verdict = checker.check(order);
      if (verdict.ok) accepted.push({ nation, index, order: normalize(ctx.map, ctx.options, readOrder(order)!) });
      else refused.push({ nation, index, code: verdict.code, message: verdict.message });
    });
  }
  const turn = new Turn(ctx, state, dice, accepted, orders);
  for (const r of refused) turn.fail(r.nation, r.index, r.code, r.message);

  disbandUnits(turn);
  setBattlePlans(turn);
  const shipments = makePurchases(turn);
  const plan = moveShips(turn);
  fightAtSea(turn, plan);
  const arrivals = moveArmies(turn, plan);
  fightOnLand(turn, arrivals);
  reportAims(turn);
  collectIncome(turn, shipments);
  payUpkeep(turn);
  state.turn += 1;
  return { state, events: turn.finish() };
}

export const boardNes = defineRuleset<BoardNesState, BoardNesOptions>({
  id: 'board-nes',
  title: 'Board NES (RoddyVR)',
  orderKinds,
  language,
  orderSubject,
  options: boardNesOptions,
  defaultCombat: 'board-nes-dice',
  setup,
  validate(ctx, state, nation, order, acceptedAhead) {
    return checkerAfter(ctx, state, nation, acceptedAhead).check(order);
  },
  adjudicate,
  formatOrder,
  describeOrder,
  publicView: (_ctx, state, events) => publicView(state, events),
  privateView: (_ctx, state, events, nation) => privateView(state, events, nation),
  report: boardNesReport,
});
