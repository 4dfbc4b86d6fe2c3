// Economic phase: scheduled payments authorized this turn are collected, income in summer and
// winter, disbanding, build orders paid now (placed by the production phase), and upkeep in winter.
import { REBELS, isAbandoned, isShip, type IndustrialUnit } from '../state.ts';
import type { BuildKind } from '../orders.ts';
import { buildCost, buildTurns } from '../prices.ts';
import { forceOf, lossesOf, pickStack } from '../stacks.ts';
import { controllerOf, extraOf } from '../state.ts';
import type { Turn } from '../turn.ts';

export interface Ledger {
  start: number;
  paymentsIn: number;
  paymentsOut: number;
  income: number;
  spent: number;
  upkeep: number;
  total: number;
}

export function runEconomy(turn: Turn): Map<string, Ledger> {
  const { state } = turn;
  const ledgers = new Map<string, Ledger>();
  for (const [id, n] of Object.entries(state.nations))
    ledgers.set(id, { start: n.gold, paymentsIn: 0, paymentsOut: 0, income: 0, spent: 0, upkeep: 0, total: 0 });
  payments(turn, ledgers);
  const { season } = turn.season;
  if (season === 'summer' || season === 'winter') {
    for (const [nation, amount] of incomes(turn)) {
      state.nations[nation].gold += amount;
      ledgers.get(nation)!.income = amount;
    }
  }
  for (const a of turn.of('disband')) {
    const units = [...pickStack(state, a.nation, a.order, 'land'), ...pickStack(state, a.nation, a.order, 'ships')];
    if (!units.length) {
      turn.fail(a, 'NO_UNITS', `You have no such units in ${turn.name(a.order.province)} to disband.`);
      continue;
    }
    removeUnits(turn, units);
    turn.done(a, `${units.length} of your units in ${turn.name(a.order.province)} are disbanded.`);
  }
  for (const a of turn.of('build')) {
    const nation = state.nations[a.nation];
    const where = a.order.province ?? nation.capital ?? '';
    const cost = buildCost(turn.options, a.order.what, a.order.count ?? 1);
    if (cost > nation.gold) {
      turn.fail(a, 'CANNOT_AFFORD', `You cannot afford to build ${a.order.what} in ${turn.name(where)}: it costs ${cost} and you have ${nation.gold}.`);
      continue;
    }
    if (controllerOf(state, where) !== a.nation) {
      turn.fail(a, 'NOT_CONTROLLED', `You do not control ${turn.name(where)} any more.`);
      continue;
    }
    nation.gold -= cost;
    ledgers.get(a.nation)!.spent += cost;
    const readyTurn = state.turn + buildTurns(turn.options, a.order.what as BuildKind);
    const builds = extraOf(state).builds;
    for (let i = 0; i < (isUnitBuild(a.order.what) ? (a.order.count ?? 1) : 1); i++)
      builds.push({ nation: a.nation, what: a.order.what, province: where, readyTurn, ...(a.order.sea && { sea: a.order.sea }) });
    turn.done(a, `You pay ${cost} to build ${a.order.what} in ${turn.name(where)}; ready ${readyTurn === state.turn ? 'this turn' : `on turn ${readyTurn}`}.`);
  }
  if (season === 'winter') upkeep(turn, ledgers);
  for (const [id, l] of ledgers) {
    l.total = state.nations[id].gold;
    turn.tell([id], 'economy.ledger', { nation: id, ledger: l });
  }
  return ledgers;
}

export function isUnitBuild(what: string): boolean {
  return ['infantry', 'conscript', 'artillery', 'warship', 'battleship', 'submarine'].includes(what);
}

function payments(turn: Turn, ledgers: Map<string, Ledger>): void {
  const { state } = turn;
  const extra = extraOf(state);
  const authorized = new Set(turn.of('authorize-payment').map((a) => `${a.nation}:${a.order.payment}`));
  for (const a of turn.of('cancel-payment')) {
    const treaty = extra.payments.find((p) => p.id === a.order.payment && p.from === a.nation)?.treaty;
    if (treaty) turn.cancelledPayments.push({ treaty, by: a.nation, payment: a.order.payment });
    extra.payments = extra.payments.filter((p) => !(p.id === a.order.payment && p.from === a.nation));
    turn.tell([a.nation], 'economy.payment-cancelled', { nation: a.nation, payment: a.order.payment });
    turn.done(a, `Payment ${a.order.payment} is cancelled.`);
  }
  for (const p of extra.payments) {
    const a = turn.of('authorize-payment').find((x) => x.nation === p.from && x.order.payment === p.id);
    if (!authorized.has(`${p.from}:${p.id}`) || !a) continue;
    const payer = state.nations[p.from];
    if (payer.gold < p.amount) {
      turn.fail(a, 'CANNOT_AFFORD', `You cannot pay ${p.amount} to ${turn.nationName(p.to)}: you have ${payer.gold}.`);
      continue;
    }
    payer.gold -= p.amount;
    state.nations[p.to].gold += p.amount;
    ledgers.get(p.from)!.paymentsOut += p.amount;
    ledgers.get(p.to)!.paymentsIn += p.amount;
    turn.tell([p.from, p.to], 'economy.payment', { from: p.from, to: p.to, amount: p.amount, payment: p.id });
    turn.done(a, `You pay ${p.amount} to ${turn.nationName(p.to)}.`);
  }
}

/** Income of each nation's owned and controlled provinces; a blockaded port gives nothing. */
export function incomes(turn: Pick<Turn, 'state' | 'map' | 'options'>): Map<string, number> {
  const out = new Map<string, number>();
  for (const [id, p] of Object.entries(turn.state.provinces)) {
    if (!p.owner || controllerOf(turn.state, id) !== p.owner || (p.blockadedBy ?? []).length || !turn.state.nations[p.owner]) continue;
    const base = Number(turn.map.has(id) ? (turn.map.province(id).attributes.income ?? turn.options.provinceIncome) : turn.options.provinceIncome);
    const value = base + (p.level ?? 0) + (p.factory ? 2 : 0);
    out.set(p.owner, (out.get(p.owner) ?? 0) + value);
  }
  return out;
}

export function upkeepOf(turn: Pick<Turn, 'options'>, unit: IndustrialUnit): number {
  return turn.options.upkeep[unit.type];
}

/** "If Winter, must pay upkeep for all units": what cannot be paid is disbanded, newest first. */
function upkeep(turn: Turn, ledgers: Map<string, Ledger>): void {
  const { state } = turn;
  for (const [id, nation] of Object.entries(state.nations)) {
    if (id === REBELS) continue; // rebels live off the land
    const units = state.units
      .filter((u) => u.nation === id && !isAbandoned(u))
      .sort((a, b) => (b.builtTurn ?? 0) - (a.builtTurn ?? 0) || b.id.localeCompare(a.id));
    let due = units.reduce((s, u) => s + upkeepOf(turn, u), 0);
    const unpaid: IndustrialUnit[] = [];
    for (const u of units) {
      if (due <= nation.gold) break;
      if (upkeepOf(turn, u) === 0) continue;
      unpaid.push(u);
      due -= upkeepOf(turn, u);
    }
    if (unpaid.length) {
      removeUnits(turn, unpaid);
      turn.tell([id], 'economy.unpaid-disbanded', { nation: id, units: unpaid.map((u) => u.id), force: forceOf(unpaid) });
    }
    nation.gold -= due;
    ledgers.get(id)!.upkeep = due;
  }
}

function removeUnits(turn: Turn, units: IndustrialUnit[]): void {
  const ids = new Set(units.map((u) => u.id));
  for (const u of turn.state.units) if (u.aboard && ids.has(u.aboard)) ids.add(u.id);
  const losses = lossesOf(turn.state.units.filter((u) => ids.has(u.id)));
  turn.state.units = turn.state.units.filter((u) => !ids.has(u.id));
  turn.announce('economy.disbanded', { units: [...ids], ships: units.filter((u) => isShip(u.type)).length, losses });
}
