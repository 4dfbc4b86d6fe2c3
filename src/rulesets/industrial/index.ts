// The industrial-era phases ruleset (docs/rules/sources/industrial-phases-rules.md): a turn in
// the document's phases, in its order. Rulings where the text is silent or contradicts itself
// are in docs/rules/industrial.md.
import { cloneState, defineRuleset, type Dice, type OrdersByNation, type RulesetContext } from '../../engine/index.ts';
import { describeOrder } from './describe.ts';
import { language, orderSubject } from './language.ts';
import { industrialOptions, type IndustrialOptions } from './options.ts';
import { formatOrder, orderKinds, readOrder } from './orders.ts';
import { administer, defaultCapitals } from './phases/administration.ts';
import { diplomacy } from './phases/diplomacy.ts';
import { runEconomy } from './phases/economy.ts';
import { completeMissions } from './phases/missions.ts';
import { deploy, deployTheRest } from './phases/new-game.ts';
import { moveAtSea, setPosture } from './phases/naval.ts';
import { moveOnLand } from './phases/land.ts';
import { produce } from './phases/production.ts';
import { progress } from './phases/progress.ts';
import { recover } from './phases/recovery.ts';
import { supply } from './phases/supply.ts';
import { transferControl } from './phases/transfer.ts';
import { confirmationNotes, missingRequirements, missingSentence, unmetReport } from './requirements.ts';
import { setup } from './setup.ts';
import { extraOf, type IndustrialState } from './state.ts';
import { Turn, type AcceptedOrder } from './turn.ts';
import { validate } from './validate.ts';
import { privateView, publicView } from './views.ts';
import { industrialReport } from './report.ts';

function adjudicate(ctx: RulesetContext<IndustrialOptions>, input: IndustrialState, orders: OrdersByNation, dice: Dice) {
  const state = cloneState(input);
  extraOf(state);
  for (const p of Object.values(state.provinces)) delete p.blockadedBy; // a blockade lasts the turn it is ordered
  const accepted: AcceptedOrder[] = [];
  const refusals: Array<{ nation: string; index: number; code: string; message: string }> = [];
  const unmet: Array<{ nation: string; message: string }> = [];
  // Nations in the game's order, so results and dice never depend on the order mail arrived in.
  const nations = [...Object.keys(state.nations), ...Object.keys(orders).filter((n) => !state.nations[n])];
  for (const nation of nations) {
    const list = orders[nation] ?? [];
    const missing = state.nations[nation] ? missingRequirements(ctx, input, nation, list) : [];
    const refused = missing.length > 0 && list.length > 0 && ctx.options.incompleteOrders === 'refuse';
    if (missing.length) unmet.push({ nation, message: unmetReport(missing, !list.length ? 'no-orders' : refused ? 'refused' : 'filled') });
    if (refused) {
      list.forEach((_, index) => refusals.push({ nation, index, code: 'REQUIREMENTS_UNMET', message: missingSentence(missing) }));
      continue;
    }
    const ahead: typeof list = [];
    list.forEach((order, index) => {
      const verdict = validate(ctx, input, nation, order, ahead);
      if (!verdict.ok) return refusals.push({ nation, index, code: verdict.code, message: verdict.message });
      ahead.push(order);
      accepted.push({ nation, index, order: readOrder(order)! });
    });
  }
  const turn = new Turn(ctx, state, dice, accepted, orders);
  for (const r of refusals) turn.fail(r, r.code, r.message);
  // Told to the nation, whether its orders were refused, filled in or never sent; the GM's summary lists it too.
  for (const { nation, message } of unmet) turn.tell([nation], 'turn.requirements-unmet', { nation, message });

  // New game phase.
  deploy(turn);
  deployTheRest(turn);
  // Naval movement phase (transfers of control first, for the movement phases alike).
  transferControl(turn);
  setPosture(turn);
  moveAtSea(turn);
  // Land movement phase, with land combat.
  const invasions = turn.of('invade').map((a) => ({ nation: a.nation, target: a.order.target, owner: state.provinces[a.order.target]?.owner ?? null }));
  moveOnLand(turn);
  recover(turn);
  supply(turn);
  progress(turn);
  administer(turn);
  defaultCapitals(turn);
  runEconomy(turn);
  produce(turn);
  diplomacy(turn, invasions);
  completeMissions(turn);
  // A transfer of control lasts the turn it is ordered (ruling T1).
  for (const u of state.units) delete u.commandedBy;

  state.turn += 1;
  return { state, events: turn.finish() };
}

export const industrial = defineRuleset<IndustrialState, IndustrialOptions>({
  id: 'industrial',
  title: 'Industrial-era phases',
  orderKinds,
  language,
  orderSubject,
  options: industrialOptions,
  report: industrialReport,
  setup,
  validate,
  confirmationNotes,
  adjudicate,
  formatOrder,
  describeOrder,
  publicView: (ctx, state, events) => publicView(ctx.options, state, events),
  privateView: (ctx, state, events, nation) => privateView(ctx.options, state, events, nation),
});

export { missingRequirements } from './requirements.ts';
