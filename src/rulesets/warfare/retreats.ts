// The retreat phase: each dislodged unit retreats to one of the places worked out when it was
// dislodged, or is disbanded. Only retreat and disband orders exist here (DATC 6.H.1-6.H.4); two
// units retreating to the same province are both disbanded (6.H.7, 6.H.8).
import type { GameEvent, Order, OrdersByNation, RulesetContext, Unit } from '../../engine/index.ts';
import { fail, text, type Failure } from './board.ts';
import { warfareMap, type WarfareMap } from './map-index.ts';
import type { WarfareOptions } from './options.ts';
import { copyState, dislodgedOf, type DislodgedUnit, type WarfareState } from './state.ts';
import { OrderResults, type PhaseResult } from './order-results.ts';
import { readOrders, type Accepted } from './turn-orders.ts';
import { placeName } from './words.ts';

export type RetreatOrder = Accepted & ({ kind: 'retreat'; place: string } | { kind: 'disband' });

/** What a retreat order is checked against: the units dislodged last phase, with their retreats. */
export interface RetreatBoard {
  map: WarfareMap;
  options: WarfareOptions;
  dislodged: readonly DislodgedUnit[];
}

/** `index`: the order's place in the nation's list, which the result event names (-1 when only checking). */
export function checkRetreat(board: RetreatBoard, nation: string, order: Order, index = -1): RetreatOrder | Failure {
  const { map, options, dislodged } = board;
  if (order.kind !== 'retreat' && order.kind !== 'disband') {
    return fail('WRONG_PHASE', `A ${order.kind} order is not given in a retreat phase: dislodged units retreat or disband, and no other unit acts.`);
  }
  const province = text(order.province);
  const type = text(order.unitType);
  const unit = dislodgedAt(dislodged, province, type);
  if (unit < 0)
    return fail(
      'NOT_DISLODGED',
      `No ${type ?? 'unit'} was dislodged from ${province ? (map.number(province) !== undefined ? map.name(map.number(province)!) : province) : 'there'}; only dislodged units are ordered now.`,
    );
  if (dislodged[unit].unit.nation !== nation) return fail('NOT_YOUR_UNIT', 'That dislodged unit is not yours to order.');
  if (order.kind === 'disband') return { kind: 'disband', unit, nation, index, order };
  const target = text(order.target) ?? '';
  const coast = text(order.targetCoast);
  const { retreats } = dislodged[unit];
  const candidates = placesIn(retreats, target);
  if (coast) {
    if (candidates.includes(`${target}/${coast}`)) return { kind: 'retreat', unit, nation, index, order, place: `${target}/${coast}` };
    return candidates[0] === target && options.coasts === 'lenient'
      ? { kind: 'retreat', unit, nation, index, order, place: target }
      : notAllowed(map, target, coast, retreats);
  }
  if (candidates.length === 1 && (candidates[0] === target || options.coasts === 'lenient'))
    return { kind: 'retreat', unit, nation, index, order, place: candidates[0] };
  if (candidates.length) return fail('COAST_REQUIRED', `Say which coast of ${where(map, target, coast)} to retreat to (${candidates.join(' or ')}).`);
  return notAllowed(map, target, coast, retreats);
}

/** The dislodged unit from the province (of the type, when one is given), or -1. */
function dislodgedAt(dislodged: readonly DislodgedUnit[], province: string | undefined, type: string | undefined): number {
  for (let i = 0; i < dislodged.length; i++) {
    const { unit } = dislodged[i];
    if (unit.province === province && (!type || unit.type === type)) return i;
  }
  return -1;
}

/** The retreat places in the province `target`: the province itself, or its coasts. */
function placesIn(retreats: readonly string[], target: string): string[] {
  const onCoast = target + '/';
  const out: string[] = [];
  for (const place of retreats) if (place === target || place.startsWith(onCoast)) out.push(place);
  return out;
}

/** The place a refused retreat aimed at, for its message: made only when one is refused. */
function where(map: WarfareMap, target: string, coast: string | undefined): string {
  return map.number(target) !== undefined ? placeName(map, map.number(target)!, coast) : target;
}

function notAllowed(map: WarfareMap, target: string, coast: string | undefined, retreats: readonly string[]): Failure {
  return fail(
    'RETREAT_NOT_ALLOWED',
    `Your unit cannot retreat to ${where(map, target, coast)}: ${retreats.length ? `it may retreat to ${retreats.join(', ')}` : 'it has nowhere to go'}.`,
  );
}

export function adjudicateRetreats(ctx: RulesetContext<WarfareOptions>, input: WarfareState, orders: OrdersByNation): PhaseResult {
  const map = warfareMap(ctx.map);
  const dislodged = dislodgedOf(input);
  const results = new OrderResults(orders);
  const { events } = results;
  const { accepted, byUnit } = readOrders(input.nations, results, checkRetreat, { map, options: ctx.options, dislodged }, dislodged.length);
  const state = copyState(input);
  const aiming = new Map<string, number[]>();
  for (const a of accepted) {
    if (a.kind !== 'retreat') continue;
    const province = a.place.split('/')[0];
    const rivals = aiming.get(province);
    if (rivals) rivals.push(a.unit);
    else aiming.set(province, [a.unit]);
  }
  for (let u = 0; u < dislodged.length; u++) {
    const order = byUnit[u];
    const unit = { ...dislodged[u].unit };
    const from = map.name(map.number(unit.province)!);
    if (!order) {
      events.push(disbanded(unit, 'NO_ORDER', `The ${unit.type} dislodged from ${from} had no retreat order and was disbanded.`));
      continue;
    }
    if (order.kind === 'disband') {
      results.succeeded(order.nation, order.index, `Your ${unit.type} dislodged from ${from} was disbanded.`);
      events.push(disbanded(unit, 'ORDERED', `The ${unit.type} dislodged from ${from} was disbanded.`));
      continue;
    }
    const [province, coast] = order.place.split('/');
    const rivals = aiming.get(province)!;
    const to = placeName(map, map.number(province)!, coast);
    if (rivals.length > 1) {
      const others = rivals.filter((r) => r !== u).map((r) => dislodged[r].unit.province);
      events.push({ type: 'retreat.bounced', unit: unit.id, nation: unit.nation, province: unit.province, target: province, by: others, audience: 'public' });
      results.failed(
        order.nation,
        order.index,
        'RETREAT_BOUNCED',
        `Your ${unit.type} could not retreat to ${to}: another unit retreated there too, so both were disbanded.`,
      );
      events.push(disbanded(unit, 'RETREAT_BOUNCED', `The ${unit.type} dislodged from ${from} bounced in its retreat and was disbanded.`));
      continue;
    }
    events.push({
      type: 'unit.retreated',
      unit: unit.id,
      nation: unit.nation,
      unitType: unit.type,
      from: unit.province,
      to: province,
      ...(coast ? { coast } : {}),
      audience: 'public',
    });
    unit.province = province;
    if (coast) unit.coast = coast;
    else delete unit.coast;
    state.units.push(unit);
    results.succeeded(order.nation, order.index, `Your ${unit.type} retreated from ${from} to ${to}.`);
  }
  state.extra.dislodged = [];
  return { state, results };
}

function disbanded(unit: Unit, reason: string, message: string): GameEvent {
  return { type: 'unit.disbanded', unit: unit.id, nation: unit.nation, unitType: unit.type, province: unit.province, reason, message, audience: 'public' };
}
