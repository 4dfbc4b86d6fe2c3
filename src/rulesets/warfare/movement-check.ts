// Is a movement-phase order possible? "Illegal" orders (DATC 4.E.1) are ignored: the unit holds.
// Whether a convoy is possible depends on the fleets on the board, not on their orders (6.D.8, 6.D.32).
import type { Order } from '../../engine/index.ts';
import { fail, orderedUnit, provinceSlot, text, unitKind, type Board, type Failure } from './board.ts';
import { neededOnSomeRoute, routeExists, type FleetTest } from './convoy-routes.ts';
import { COASTAL, LAND, SEA, has } from './map-index.ts';
import { canReach, reachablePlaces } from './reach.ts';
import type { Accepted } from './turn-orders.ts';
import { placeName, unitPhrase } from './words.ts';

/**
 * A legal movement order, in one shape whatever its kind, so that the turn's reads of it stay fast.
 * `dest`: where a move or convoy goes, or where a support is aimed (-1: support to hold); `coast`:
 * the move's coast, or the supported move's; `subject`: the unit supported or convoyed, or -1.
 * `byLand`: a move's destination is one step away (border or portal), so no convoy is needed.
 */
export interface Checked extends Accepted {
  kind: 'hold' | 'move' | 'support' | 'convoy';
  unit: number;
  dest: number;
  coast: string | undefined;
  subject: number;
  viaConvoy: boolean;
  byLand: boolean;
}

function checked(
  nation: string,
  index: number,
  order: Order,
  kind: Checked['kind'],
  unit: number,
  dest: number,
  coast: string | undefined,
  subject: number,
  viaConvoy = false,
  byLand = false,
): Checked {
  return { kind, unit, nation, index, order, dest, coast, subject, viaConvoy, byLand };
}

const isMovementKind = (kind: string) => kind === 'hold' || kind === 'move' || kind === 'support' || kind === 'convoy';

/** `index`: the order's place in the nation's list, which the result event names (-1 when only checking). */
export function checkMovement(board: Board, nation: string, order: Order, index = -1): Checked | Failure {
  if (!isMovementKind(order.kind)) {
    return fail('WRONG_PHASE', `A ${order.kind} order is not given in a movement phase; units hold, move, support or convoy.`);
  }
  const unit = orderedUnit(board, nation, order);
  if (typeof unit !== 'number') return unit;
  if (order.kind === 'hold') return checked(nation, index, order, 'hold', unit, -1, undefined, -1);
  if (order.kind === 'move') return checkMove(board, nation, index, unit, order);
  if (order.kind === 'support') return checkSupport(board, nation, index, unit, order);
  return checkConvoy(board, nation, index, unit, order);
}

/** The test "a fleet stands in this sea", leaving out the sea `except` (-1: none). */
const fleetAt =
  (board: Board, except = -1): FleetTest =>
  (sea) =>
    sea !== except && board.unitAt[sea] >= 0 && board.units[board.unitAt[sea]].type === 'fleet';

function checkMove(board: Board, nation: string, index: number, unit: number, order: Order): Checked | Failure {
  const { map, options } = board;
  const u = board.units[unit];
  const from = board.at[unit];
  const dest = provinceSlot(board, order.target, 'target');
  if (typeof dest !== 'number') return dest;
  if (dest === from) return fail('MOVE_TO_OWN_PROVINCE', `A unit cannot move to the province it is already in.`);
  const wantCoast = text(order.targetCoast);
  const viaConvoy = order.viaConvoy === true;
  if (unitKind(u) === 'fleet') {
    if (viaConvoy) return fail('ONLY_ARMIES_CONVOYED', 'Only armies can be convoyed; fleets move themselves.');
    if (map.kind[dest] === LAND) return fail('FLEET_INLAND', `Fleets cannot enter ${map.name(dest)}, an inland province.`);
    if (!canReach(map, 'fleet', from, u.coast, dest))
      return fail('NOT_ADJACENT', `Your ${unitPhrase(map, u.type, from, u.coast)} cannot reach ${map.name(dest)} in one move.`);
    const coasts = map.coasts[dest];
    if (!coasts.length) {
      if (wantCoast && options.coasts === 'strict') return fail('NO_SUCH_COAST', `${map.name(dest)} has no named coasts.`);
      return checked(nation, index, order, 'move', unit, dest, undefined, -1, viaConvoy, true);
    }
    const reachable = reachablePlaces(map, 'fleet', from, u.coast, dest).map((p) => map.placeCoast[p]!);
    if (wantCoast) {
      if (!coasts.includes(wantCoast)) return fail('NO_SUCH_COAST', `${map.name(dest)} has no coast "${wantCoast}" (its coasts: ${coasts.join(', ')}).`);
      if (!reachable.includes(wantCoast))
        return fail('COAST_UNREACHABLE', `Your fleet cannot reach ${placeName(map, dest, wantCoast)} from ${placeName(map, from, u.coast)}.`);
      return checked(nation, index, order, 'move', unit, dest, wantCoast, -1, viaConvoy, true);
    }
    if (reachable.length === 1 && options.coasts === 'lenient') return checked(nation, index, order, 'move', unit, dest, reachable[0], -1, viaConvoy, true);
    return fail('COAST_REQUIRED', `Say which coast of ${map.name(dest)} the fleet sails to (${reachable.map((c) => `${map.id(dest)}/${c}`).join(' or ')}).`);
  }
  if (wantCoast && options.coasts === 'strict') return fail('ARMY_COAST', 'Armies march into a province, not onto a coast; leave the coast out.');
  if (map.kind[dest] === SEA) return fail('ARMY_TO_SEA', `Armies cannot enter ${map.name(dest)}, a sea.`);
  const byLand = canReach(map, 'army', from, undefined, dest);
  if (byLand && !viaConvoy) return checked(nation, index, order, 'move', unit, dest, undefined, -1, viaConvoy, byLand);
  if (map.kind[from] !== COASTAL || map.kind[dest] !== COASTAL) {
    return fail(
      'NOT_ADJACENT',
      `Your army in ${map.name(from)} cannot reach ${map.name(dest)}: it is not next to it, and convoys only carry armies between coasts.`,
    );
  }
  if (!routeExists(map, from, dest, fleetAt(board), options.convoyChains)) {
    return fail('NO_CONVOY_ROUTE', `No chain of fleets at sea could carry your army from ${map.name(from)} to ${map.name(dest)}.`);
  }
  return checked(nation, index, order, 'move', unit, dest, undefined, -1, viaConvoy, byLand);
}

function checkSupport(board: Board, nation: string, index: number, unit: number, order: Order): Checked | Failure {
  const { map } = board;
  const u = board.units[unit];
  const from = board.at[unit];
  const subjectAt = provinceSlot(board, order.subject, 'subject');
  if (typeof subjectAt !== 'number') return subjectAt;
  const subject = board.unitAt[subjectAt];
  const subjectType = text(order.subjectType);
  if (subject < 0 || (subjectType && board.units[subject].type !== subjectType)) {
    return fail('NO_UNIT_TO_SUPPORT', `There is no ${subjectType ?? 'unit'} in ${map.name(subjectAt)} to support.`);
  }
  if (subject === unit) return fail('SUPPORT_SELF', 'A unit cannot support itself.');
  let target = -1;
  if (text(order.target) !== undefined) {
    const t = provinceSlot(board, order.target, 'target');
    if (typeof t !== 'number') return t;
    target = t;
  }
  const place = target >= 0 ? target : subjectAt;
  if (place === from) return fail('SUPPORT_OWN_PROVINCE', 'A unit cannot support a move into the province it stands in.');
  if (!canReach(map, unitKind(u), from, u.coast, place)) {
    return fail(
      'SUPPORT_UNREACHABLE',
      `Your ${unitPhrase(map, u.type, from, u.coast)} could not move to ${map.name(place)} itself, so it cannot support there.`,
    );
  }
  const targetCoast = text(order.targetCoast);
  if (targetCoast && target >= 0 && !map.coasts[target].includes(targetCoast))
    return fail('NO_SUCH_COAST', `${map.name(target)} has no coast "${targetCoast}".`);
  // 6.D.31: a move that only a convoy through the supporter could make cannot be supported by it.
  const s = board.units[subject];
  if (target >= 0 && target !== subjectAt && s.type !== 'fleet' && !canReach(map, 'army', subjectAt, undefined, target)) {
    if (!routeExists(map, subjectAt, target, fleetAt(board, from), board.options.convoyChains)) {
      return fail(
        'SUPPORT_IMPOSSIBLE_MOVE',
        `The army in ${map.name(subjectAt)} could reach ${map.name(target)} only by a convoy through your own fleet, which cannot both convoy and support.`,
      );
    }
  }
  return checked(nation, index, order, 'support', unit, target, target >= 0 ? targetCoast : undefined, subject);
}

function checkConvoy(board: Board, nation: string, index: number, unit: number, order: Order): Checked | Failure {
  const { map, options } = board;
  const u = board.units[unit];
  const sea = board.at[unit];
  if (u.type !== 'fleet' || map.kind[sea] !== SEA) return fail('CONVOY_NOT_AT_SEA', 'Only a fleet at sea can convoy; a fleet on a coast cannot.');
  const from = provinceSlot(board, order.subject, 'subject');
  if (typeof from !== 'number') return from;
  const dest = provinceSlot(board, order.target, 'target');
  if (typeof dest !== 'number') return dest;
  const subject = board.unitAt[from];
  if (subject < 0) return fail('NO_ARMY_TO_CONVOY', `There is no army in ${map.name(from)} to convoy.`);
  if (board.units[subject].type === 'fleet') return fail('ONLY_ARMIES_CONVOYED', 'Only armies can be convoyed; fleets move themselves.');
  if (dest === from) return fail('CONVOY_TO_SAME_PROVINCE', 'A convoy must carry the army somewhere else.');
  if (map.kind[from] !== COASTAL || map.kind[dest] !== COASTAL)
    return fail('CONVOY_NOT_COASTAL', 'A convoy carries an army from one coastal province to another.');
  if (!options.convoyChains) {
    if (!has(map.fleetProvince, sea, from) || !has(map.fleetProvince, sea, dest)) {
      return fail('CONVOY_OUT_OF_REACH', `Both ${map.name(from)} and ${map.name(dest)} must border ${map.name(sea)}, where your fleet is.`);
    }
  } else if (!neededOnSomeRoute(map, from, dest, sea, fleetAt(board))) {
    return fail('CONVOY_NOT_ON_ROUTE', `Your fleet in ${map.name(sea)} is not needed on any chain of fleets from ${map.name(from)} to ${map.name(dest)}.`);
  }
  return checked(nation, index, order, 'convoy', unit, dest, undefined, subject);
}
