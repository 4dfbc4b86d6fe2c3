// The movement phase: check every order, resolve them all at once, then move the units, drive out
// the dislodged (with the places each may retreat to) and report why everything happened.
import type { GameEvent, OrdersByNation, RulesetContext, Unit } from '../../engine/index.ts';
import { makeBoard } from './board.ts';
import { warfareMap, type WarfareMap } from './map-index.ts';
import { checkMovement } from './movement-check.ts';
import * as codes from './movement-plan.ts';
import { makePlan } from './movement-plan.ts';
import { MovementReport } from './movement-report.ts';
import type { WarfareOptions } from './options.ts';
import { neighbourPlaces } from './reach.ts';
import { Resolver } from './resolver.ts';
import { copyState, type DislodgedUnit, type WarfareState } from './state.ts';
import { OrderResults, type PhaseResult } from './order-results.ts';
import { readOrders } from './turn-orders.ts';
import { fillFirst, releaseWorkspace, takeWorkspace, type Workspace } from './workspace.ts';

// Copied once: imported bindings read in loops are getter calls in the CommonJS form tsx runs.
const { MOVE } = codes;

export function adjudicateMovement(ctx: RulesetContext<WarfareOptions>, input: WarfareState, orders: OrdersByNation): PhaseResult {
  const map = warfareMap(ctx.map);
  const { options } = ctx;
  const n = input.units.length;
  const ws = takeWorkspace(map, n);
  try {
    return movementTurn(map, options, input, orders, ws);
  } finally {
    releaseWorkspace(ws);
  }
}

function movementTurn(map: WarfareMap, options: WarfareOptions, input: WarfareState, orders: OrdersByNation, ws: Workspace): PhaseResult {
  const board = makeBoard(map, input.units, options, ws.unitAt, ws.origin);
  const n = input.units.length;
  const results = new OrderResults(orders);
  const { events } = results;
  const { accepted, byUnit } = readOrders(input.nations, results, checkMovement, board, n);
  const plan = makePlan(board, byUnit, options.edition, options.implicitConvoyFallback, ws);
  const resolver = new Resolver(plan, map, options.edition, ws);
  resolver.resolveAll();

  const report = new MovementReport(board, resolver, byUnit, orders, results);
  for (const a of accepted) report.result(a);

  const { occupied, contested } = ws;
  const dislodger = fillFirst(ws.dislodger, -1, n);
  const kept: Unit[] = [];
  for (let u = 0; u < n; u++) {
    const unit = input.units[u];
    if (plan.kind[u] === MOVE && resolver.succeeds(u)) {
      // A new record: unit records are shared with the input state (see copyState).
      const moved: Unit = { ...unit, province: map.id(plan.dest[u]) };
      if (plan.destCoast[u]) moved.coast = plan.destCoast[u];
      else if (moved.coast) delete moved.coast;
      occupied[plan.dest[u]] = 1;
      kept.push(moved);
      const event: GameEvent = {
        type: 'unit.moved',
        unit: unit.id,
        nation: unit.nation,
        unitType: unit.type,
        from: unit.province,
        to: moved.province,
        convoyed: resolver.convoyed(u),
        audience: 'public',
      };
      if (moved.coast) event.coast = moved.coast;
      events.push(event);
      continue;
    }
    dislodger[u] = report.dislodger(u);
    if (dislodger[u] < 0) {
      occupied[plan.origin[u]] = 1;
      kept.push(unit);
    }
  }

  // A standoff leaves a province empty with a bounced unit that could have kept others out (6.H.6).
  for (let u = 0; u < n; u++) {
    if (plan.kind[u] === MOVE && !occupied[plan.dest[u]] && resolver.preventStrength(u) > 0) contested[plan.dest[u]] = 1;
  }

  const dislodged: DislodgedUnit[] = [];
  for (let u = 0; u < n; u++) {
    const by = dislodger[u];
    if (by < 0) continue;
    const unit = input.units[u];
    // 2023 rulebook (DATC 6.H.11): a unit dislodged by a convoyed army may retreat to where it came from.
    const cameFrom = resolver.convoyed(by) && (options.edition === '2023' || options.edition === 'dptg') ? -1 : plan.origin[by];
    const retreats = retreatPlaces(map, unit.type, plan.origin[u], unit.coast, occupied, contested, cameFrom);
    const from = map.id(plan.origin[u]);
    events.push({
      type: 'unit.dislodged',
      unit: unit.id,
      nation: unit.nation,
      unitType: unit.type,
      from,
      by: map.id(plan.origin[by]),
      retreats,
      audience: 'public',
    });
    if (retreats.length) dislodged.push({ unit, by: map.id(plan.origin[by]), retreats });
    else
      events.push({
        type: 'unit.disbanded',
        unit: unit.id,
        nation: unit.nation,
        unitType: unit.type,
        province: from,
        reason: 'NO_RETREAT',
        message: `The ${unit.type} in ${map.name(plan.origin[u])} had nowhere to retreat and was disbanded.`,
        audience: 'public',
      });
  }
  return { state: copyState(input, kept, dislodged), results };
}

/** Empty places next door, except the attacker's province and provinces left empty by a standoff. */
function retreatPlaces(
  map: WarfareMap,
  type: string,
  from: number,
  coast: string | undefined,
  occupied: Uint8Array,
  contested: Uint8Array,
  cameFrom: number,
): string[] {
  const out: string[] = [];
  for (const place of neighbourPlaces(map, type === 'fleet' ? 'fleet' : 'army', from, coast)) {
    const p = map.placeProvince[place];
    if (occupied[p] || contested[p] || p === cameFrom) continue;
    out.push(map.placeKey(p, map.placeCoast[place]));
  }
  return out;
}
