// Winter adjustments: a kingdom's Might (supply centres plus mercenary companies held) is the number
// of units it may have. Below it, it builds in its own empty home provinces; above it, it disbands,
// and what it does not disband goes by civil disorder. Orders count one by one (DATC 6.I.1, 6.J.1).
import { counted, newUnitId, type GameEvent, type Order, type OrdersByNation, type RulesetContext } from '../../engine/index.ts';
import { fail, text, type Failure } from './board.ts';
import { civilDisorder } from './civil-disorder.ts';
import { newYear } from './flow.ts';
import { LAND, warfareMap, type WarfareMap } from './map-index.ts';
import type { WarfareOptions } from './options.ts';
import { OrderResults, type PhaseResult } from './order-results.ts';
import { mightOf } from './ownership.ts';
import { copyState, type WarfareState } from './state.ts';
import { nationsInOrder } from './turn-orders.ts';

export type Adjustment =
  { kind: 'build'; province: string; unitType: 'army' | 'fleet'; coast?: string } | { kind: 'disband'; province: string } | { kind: 'waive' };

const adjustmentKinds = new Set(['build', 'disband', 'waive']);

/** Checks one adjustment order given the adjustment `due` to the nation and its orders accepted ahead of it. */
export function checkAdjustment(
  map: WarfareMap,
  options: WarfareOptions,
  state: WarfareState,
  nation: string,
  due: number,
  order: Order,
  accepted: readonly Order[],
): Adjustment | Failure {
  if (!adjustmentKinds.has(order.kind)) {
    return fail('WRONG_PHASE', `A ${order.kind} order is not given in the adjustment phase; kingdoms build, waive a build, or disband.`);
  }
  let builds = 0;
  let disbands = 0;
  for (const o of accepted) {
    if (o.kind === 'build' || o.kind === 'waive') builds++;
    else if (o.kind === 'disband') disbands++;
  }
  if (order.kind === 'disband') {
    if (due >= 0) return fail('NO_DISBANDS_DUE', 'Your kingdom has no units to disband this winter.');
    if (disbands >= -due) return fail('TOO_MANY_DISBANDS', `Your kingdom disbands only ${-due} unit${due === -1 ? '' : 's'} this winter.`);
    const province = text(order.province) ?? '';
    const unit = state.units.find((u) => u.province === province);
    const type = text(order.unitType);
    if (!unit || (type && unit.type !== type)) return fail('NO_SUCH_UNIT', `There is no ${type ?? 'unit'} in ${province} to disband.`);
    if (unit.nation !== nation) return fail('NOT_YOUR_UNIT', 'That unit is not yours to disband.');
    if (accepted.some((o) => o.kind === 'disband' && o.province === province)) return fail('ALREADY_ORDERED', 'That unit is already being disbanded.');
    return { kind: 'disband', province };
  }
  if (due <= 0)
    return fail(
      due < 0 ? 'MUST_DISBAND' : 'NO_BUILDS_DUE',
      due < 0 ? 'Your kingdom must disband this winter, not build.' : 'Your kingdom has no builds this winter.',
    );
  if (builds >= due) return fail('TOO_MANY_BUILDS', `Your kingdom builds only ${counted(due, 'unit')} this winter.`);
  if (order.kind === 'waive') return { kind: 'waive' };
  const province = text(order.province) ?? '';
  const p = map.number(province);
  if (p === undefined) return fail('UNKNOWN_PROVINCE', `There is no province "${province}" on this map.`);
  const name = map.name(p);
  if (map.home[p] !== nation) return fail('NOT_HOME', `${name} is not one of your home provinces; kingdoms build only at home.`);
  if (state.provinces[province]?.owner !== nation) return fail('NOT_OWNED', `You do not own ${name} any more, so you cannot build there.`);
  if (state.units.some((u) => u.province === province)) return fail('OCCUPIED', `${name} is occupied; a unit is built only in an empty province.`);
  if (accepted.some((o) => o.kind === 'build' && o.province === province))
    return fail('ALREADY_BUILT_HERE', `You are already building in ${name}; one unit per province.`);
  const unitType = text(order.unitType) === 'fleet' ? 'fleet' : 'army';
  const coast = text(order.coast);
  if (unitType === 'army') {
    if (coast && options.coasts === 'strict') return fail('ARMY_COAST', 'Armies are built in a province, not on a coast; leave the coast out.');
    return { kind: 'build', province, unitType };
  }
  if (map.kind[p] === LAND) return fail('FLEET_INLAND', `${name} has no coast, so no fleet can be built there.`);
  const coasts = map.coasts[p];
  if (!coasts.length) return { kind: 'build', province, unitType };
  if (!coast) return fail('COAST_REQUIRED', `Say on which coast of ${name} to build the fleet (${coasts.map((c) => `${province}/${c}`).join(' or ')}).`);
  if (!coasts.includes(coast)) return fail('NO_SUCH_COAST', `${name} has no coast "${coast}".`);
  return { kind: 'build', province, unitType, coast };
}

export function adjudicateAdjustments(ctx: RulesetContext<WarfareOptions>, input: WarfareState, orders: OrdersByNation): PhaseResult {
  const map = warfareMap(ctx.map);
  const state = copyState(input);
  const results = new OrderResults(orders);
  const { events } = results;
  const might = mightOf(map, input);
  for (const nation of nationsInOrder(input.nations, orders)) {
    const due = might.get(nation)?.adjustment ?? 0;
    const list = orders[nation];
    // A kingdom with nothing due and no orders has nothing to report.
    if (!list?.length && due === 0) continue;
    const checked = list?.length ? readAdjustments(map, ctx.options, input, nation, due, list, results) : [];
    if (nation in input.nations) applyAdjustments(map, ctx.options, state, nation, due, checked, events);
  }
  newYear(state, events);
  return { state, results };
}

/** The nation's adjustment orders checked one by one, each answered with its result event. */
function readAdjustments(
  map: WarfareMap,
  options: WarfareOptions,
  input: WarfareState,
  nation: string,
  due: number,
  list: readonly Order[],
  results: OrderResults,
): Adjustment[] {
  const accepted: Order[] = [];
  const checked: Adjustment[] = [];
  for (let index = 0; index < list.length; index++) {
    const order = list[index];
    const verdict =
      nation in input.nations
        ? checkAdjustment(map, options, input, nation, due, order, accepted)
        : fail('NO_SUCH_NATION', `${nation} is not a kingdom of this game.`);
    if ('ok' in verdict) {
      results.failed(nation, index, verdict.code, verdict.message);
      continue;
    }
    accepted.push(order);
    checked.push(verdict);
    const message =
      verdict.kind === 'waive'
        ? 'You waived a build.'
        : verdict.kind === 'build'
          ? `You built a${verdict.unitType === 'army' ? 'n army' : ' fleet'} in ${map.name(map.number(verdict.province)!)}.`
          : `You disbanded your unit in ${map.name(map.number(verdict.province)!)}.`;
    results.succeeded(nation, index, message);
  }
  return checked;
}

/** Builds and disbands carried out, builds not used waived, and disbands not given made by civil disorder. */
function applyAdjustments(
  map: WarfareMap,
  options: WarfareOptions,
  state: WarfareState,
  nation: string,
  due: number,
  checked: readonly Adjustment[],
  events: GameEvent[],
): void {
  let built = 0;
  let disbanded = 0;
  for (const a of checked) {
    if (a.kind === 'build') {
      built++;
      const unit = {
        id: newUnitId(state, a.unitType),
        type: a.unitType,
        nation,
        province: a.province,
        ...(a.coast ? { coast: a.coast } : {}),
        builtTurn: state.turn,
      };
      state.units.push(unit);
      events.push({
        type: 'unit.built',
        unit: unit.id,
        nation,
        unitType: a.unitType,
        province: a.province,
        ...(a.coast ? { coast: a.coast } : {}),
        audience: 'public',
      });
    } else if (a.kind === 'disband') {
      disbanded++;
      const unit = state.units.find((u) => u.province === a.province)!;
      state.units = state.units.filter((u) => u !== unit);
      events.push({ type: 'unit.disbanded', unit: unit.id, nation, unitType: unit.type, province: unit.province, reason: 'ORDERED', audience: 'public' });
    }
  }
  if (due > built) events.push({ type: 'builds.waived', nation, count: due - built, audience: 'public' });
  const owed = -due - disbanded;
  if (due < 0 && owed > 0) {
    for (const unit of civilDisorder(map, options.edition, state, nation, owed)) {
      state.units = state.units.filter((u) => u !== unit);
      events.push({
        type: 'unit.disbanded',
        unit: unit.id,
        nation,
        unitType: unit.type,
        province: unit.province,
        reason: 'CIVIL_DISORDER',
        message: `${state.nations[nation].name} gave too few disbands, so the ${unit.type} in ${map.name(map.number(unit.province)!)} was disbanded in civil disorder.`,
        audience: 'public',
      });
    }
  }
}
