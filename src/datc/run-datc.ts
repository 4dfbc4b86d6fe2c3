// Runs the DATC: every case of datc_v3.json (under its own edition; cases without one under the 2023
// rulebook) through the warfare ruleset, judged by each order's success or failure and the units
// removed in civil disorder. The JSON judges orders exactly as written, so coasts are strict here.
import { Dice, Registry, type CombatSystem, type GameEvent, type MapGraph, type OrdersByNation, type RulesetContext } from '../engine/index.ts';
import { warfare } from '../rulesets/warfare/index.ts';
import { warfareMap } from '../rulesets/warfare/map-index.ts';
import { warfareOptions, type Edition, type WarfareOptions } from '../rulesets/warfare/options.ts';

export { editions } from '../rulesets/warfare/options.ts';
import type { WarfareState } from '../rulesets/warfare/state.ts';
import { caseId, caseOrders, caseTitle, ordersByNation, parsePosition, standardState, unitsAt, unitsOrdered, type CaseOrder, type JsonCase } from './cases.ts';
import { datcFiles } from './files.ts';
import { rulings, type Ruling } from './rulings.ts';
import { standardMap } from './standard-map.ts';

export interface DatcResult {
  id: string;
  title: string;
  edition: string;
  passed: boolean;
  detail: string;
}

export interface PreparedCase {
  id: string;
  title: string;
  name: string;
  edition: Edition;
  ruling?: Ruling;
  /** Orders run() adjudicates, over all its phases: what an orders-per-second figure counts. */
  orders: number;
  /** Adjudicates the case (both phases of a retreat case) and returns every event. */
  run(): GameEvent[][];
  judge(events: GameEvent[][]): { passed: boolean; detail: string };
  /** Each order's result by its DATC text, from every phase run. */
  outcomes(events: GameEvent[][]): Record<string, 'Succeeds' | 'Fails'>;
}

function datcContext(map: MapGraph, edition: Edition, overrides: Partial<WarfareOptions> = {}): RulesetContext<WarfareOptions> {
  return { map, options: { ...warfareOptions.parse({}), coasts: 'strict', edition, ...overrides }, combat: new Registry<CombatSystem>('combat system') };
}

export function prepareDatc(options: { edition?: string; overrides?: Partial<WarfareOptions> } = {}): PreparedCase[] {
  const files = datcFiles();
  const map = standardMap(files);
  const homes = new Map<string, string>();
  const wmap = warfareMap(map);
  wmap.ids.forEach((id, p) => wmap.home[p] && homes.set(id, wmap.home[p]!));
  const json = (JSON.parse(files.cases) as { cases: JsonCase[] }).cases;
  const seen = new Map<string, number>();
  const prepared: PreparedCase[] = [];
  for (const c of json) {
    const edition: Edition = c.edition ?? '2023';
    if (options.edition && options.edition !== edition) continue;
    let id = caseId(c);
    const key = `${id}@${edition}`;
    seen.set(key, (seen.get(key) ?? 0) + 1);
    if (seen.get(key)! > 1) id = `${id} (${seen.get(key)})`;
    const ctx = datcContext(map, edition, options.overrides);
    prepared.push(prepareCase(c, id, edition, ctx, homes, rulings[c.name]));
  }
  return prepared;
}

function prepareCase(
  c: JsonCase,
  id: string,
  edition: Edition,
  ctx: RulesetContext<WarfareOptions>,
  homes: Map<string, string>,
  ruling?: Ruling,
): PreparedCase {
  const base = { id, title: caseTitle(c), name: c.name, edition, ruling };
  const adjudicate = (state: WarfareState, orders: OrdersByNation) => warfare.adjudicate(ctx, state, orders, Dice.forced([]));
  /** The case's orders under its ruling: replaced outright, or with expectations overridden. */
  const withRuling = (orders: Record<string, CaseOrder['expected']>, replaced?: Record<string, CaseOrder['expected']>) =>
    replaced ?? { ...orders, ...ruling?.expect };

  if (c.phase === 'Build') {
    const orders = caseOrders(c.orders, 'Build');
    const units = unitsAt(c.starting_state ?? []);
    const state = standardState(homes, units, 'adjustments');
    for (const [province, nation] of Object.entries(c.occupiers ?? {})) state.provinces[province] = { owner: nation.toLowerCase() };
    for (const u of units) state.provinces[u.province] = { owner: u.nation };
    const disorder = (ruling?.civilDisorder ?? c.civil_disorder ?? []).map(parsePosition);
    const byNation = ordersByNation(orders);
    return {
      ...base,
      orders: orders.length,
      run: () => [adjudicate(state, byNation).events],
      outcomes: ([events]) => outcomes(orders, events),
      judge: ([events]) => {
        const problems = compare(orders, events);
        for (const want of disorder) {
          const hit = events.some(
            (e) =>
              e.type === 'unit.disbanded' &&
              e.reason === 'CIVIL_DISORDER' &&
              e.nation === want.nation &&
              e.province === want.province &&
              e.unitType === want.type,
          );
          if (!hit) problems.push(`civil disorder should remove the ${want.type} in ${want.province}; removed: ${removed(events) || 'nothing'}`);
        }
        return verdict(problems);
      },
    };
  }

  const mainJson = c.phase === 'Retreat' ? c.preceding_main_phase! : c;
  const mainOrders = caseOrders(c.phase === 'Retreat' ? (ruling?.preceding ?? mainJson.orders) : withRuling(c.orders, ruling?.orders), 'Main');
  const units = mainJson.starting_state ? unitsAt(mainJson.starting_state) : unitsOrdered(mainOrders);
  const start = standardState(homes, units, 'orders');
  const mainByNation = ordersByNation(mainOrders);
  if (c.phase === 'Main') {
    return {
      ...base,
      orders: mainOrders.length,
      run: () => [adjudicate(start, mainByNation).events],
      judge: ([events]) => verdict(compare(mainOrders, events)),
      outcomes: ([events]) => outcomes(mainOrders, events),
    };
  }
  const retreatOrders = caseOrders(withRuling(c.orders, ruling?.orders), 'Retreat');
  const retreatByNation = ordersByNation(retreatOrders);
  return {
    ...base,
    orders: mainOrders.length + retreatOrders.length,
    run: () => {
      const main = adjudicate(start, mainByNation);
      const state = { ...main.state, phase: 'retreats' };
      return [main.events, adjudicate(state, retreatByNation).events];
    },
    outcomes: ([mainEvents, retreatEvents]) => ({ ...outcomes(mainOrders, mainEvents), ...outcomes(retreatOrders, retreatEvents) }),
    judge: ([mainEvents, retreatEvents]) =>
      verdict([...compare(mainOrders, mainEvents).map((p) => `movement phase: ${p}`), ...compare(retreatOrders, retreatEvents)]),
  };
}

/** Each order's result event, found by the order's index in its nation's list. */
function resultEvents(orders: readonly CaseOrder[], events: readonly GameEvent[]): Map<CaseOrder, GameEvent | undefined> {
  const results = new Map<string, GameEvent>();
  for (const e of events) if (e.type === 'order.succeeded' || e.type === 'order.failed') results.set(`${e.nation}:${e.order}`, e);
  const index = new Map<string, number>();
  const out = new Map<CaseOrder, GameEvent | undefined>();
  for (const o of orders) {
    const i = index.get(o.nation) ?? 0;
    index.set(o.nation, i + 1);
    out.set(o, results.get(`${o.nation}:${i}`));
  }
  return out;
}

const resultOf = (e: GameEvent | undefined) => (e ? (e.type === 'order.succeeded' ? 'Succeeds' : 'Fails') : 'no result');

function outcomes(orders: readonly CaseOrder[], events: readonly GameEvent[]): Record<string, 'Succeeds' | 'Fails'> {
  const out: Record<string, 'Succeeds' | 'Fails'> = {};
  for (const [o, e] of resultEvents(orders, events)) if (e) out[o.text] = resultOf(e) as 'Succeeds' | 'Fails';
  return out;
}

function compare(orders: readonly CaseOrder[], events: readonly GameEvent[]): string[] {
  const problems: string[] = [];
  for (const [o, e] of resultEvents(orders, events)) {
    if (o.expected === null || resultOf(e) === o.expected) continue;
    problems.push(`${o.text}: expected ${o.expected}, got ${resultOf(e)}${e?.reason ? ` (${e.reason})` : ''}${e?.message ? `: ${e.message}` : ''}`);
  }
  return problems;
}

function removed(events: readonly GameEvent[]): string {
  return events
    .filter((e) => e.type === 'unit.disbanded')
    .map((e) => `${String(e.unitType)} ${String(e.province)}`)
    .join(', ');
}

function verdict(problems: string[]): { passed: boolean; detail: string } {
  return { passed: problems.length === 0, detail: problems.join('; ') };
}

/** Runs the DATC; `edition` keeps only the cases of that edition (2023 includes the unmarked ones). */
export function runDatc(options: { edition?: string } = {}): { results: DatcResult[]; passed: number; failed: number } {
  const results = prepareDatc(options).map((c) => {
    let outcome: { passed: boolean; detail: string };
    try {
      outcome = c.judge(c.run());
    } catch (e) {
      outcome = { passed: false, detail: `the case could not be run: ${(e as Error).message}` };
    }
    const ruled = c.ruling ? ` [ruled: ${c.ruling.why}]` : '';
    return { id: c.id, title: c.title, edition: c.edition, passed: outcome.passed, detail: (outcome.detail || 'as expected') + ruled };
  });
  const passed = results.filter((r) => r.passed).length;
  return { results, passed, failed: results.length - passed };
}
