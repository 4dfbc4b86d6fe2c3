// "Understood, not allowed": each order checked against the state and the nation's orders
// accepted ahead of it, as the adjudicator will read it.
import { accepted, illegal, type Order, type RulesetContext, type Verdict } from '../../engine/index.ts';
import type { IndustrialOptions } from './options.ts';
import { readOrder, type IndustrialOrder, type OrderOf } from './orders.ts';
import { buildCost } from './prices.ts';
import { railPath } from './phases/rail.ts';
import { sailRounds } from './phases/naval.ts';
import { controllerOf, extraOf, isLand, isShip, unitsByProvince, type IndustrialState, type IndustrialUnit } from './state.ts';

const LAND_ORDERS = new Set(['rail', 'march', 'entrench', 'support-defence', 'support-attack', 'cut-support', 'invade', 'embark']);
const SHIP_ORDERS = new Set(['sail', 'supply-coast', 'support-coast', 'blockade', 'salvage']);

/** What every check of one order reads: the game, the nation, its orders accepted ahead of this one. */
interface Check {
  ctx: RulesetContext<IndustrialOptions>;
  state: IndustrialState;
  nation: string;
  earlier: IndustrialOrder[];
  name: (id: string) => string;
  /** Ships or armies go from a to b in one step (a coast's seas count from either side). */
  next: (a: string, b: string, how: 'army' | 'fleet') => boolean;
}

export function validate(ctx: RulesetContext<IndustrialOptions>, state: IndustrialState, nation: string, raw: Order, ahead: readonly Order[]): Verdict {
  const { map } = ctx;
  const order = readOrder(raw);
  if (!order) return illegal('NOT_UNDERSTOOD', `An order of kind "${raw.kind}" with these slots is not one of this game's orders.`);
  const me = state.nations[nation];
  if (!me) return illegal('NO_SUCH_NATION', `${nation} is not a nation of this game.`);
  for (const slot of ['province', 'target', 'sea'] as const) {
    const v = (order as Record<string, unknown>)[slot];
    if (typeof v === 'string' && !map.has(v)) return illegal('NO_SUCH_PROVINCE', `There is no province "${v}" on this map.`);
  }
  const check: Check = {
    ctx,
    state,
    nation,
    earlier: ahead.map(readOrder).filter((o): o is IndustrialOrder => o !== null),
    name: (id) => (map.has(id) ? map.province(id).name : id),
    next: (a, b, how) => map.adjacent(a, b, how) || (how === 'fleet' && map.adjacent(b, a, how)),
  };
  const where = 'province' in order ? (order.province ?? '') : '';
  const forces = LAND_ORDERS.has(order.kind) ? 'land' : SHIP_ORDERS.has(order.kind) ? 'ships' : null;
  const present = forces ? needUnits(check, where, forces) : accepted;
  if (!present.ok) return present;
  switch (order.kind) {
    case 'deploy':
      return checkDeploy(check, order);
    case 'attack':
    case 'cease-fire':
    case 'transfer':
      if (!state.nations[order.nation]) return illegal('NO_SUCH_NATION', `${order.nation} is not a nation of this game.`);
      if (order.nation === nation) return illegal('SELF', 'That order names your own nation.');
      if (order.kind === 'transfer' && !state.units.some((u) => u.nation === nation && u.province === order.province))
        return illegal('NO_UNITS', `You have no units in ${check.name(order.province)} to transfer.`);
      return accepted;
    case 'sail':
    case 'disembark':
    case 'embark':
    case 'supply-coast':
    case 'support-coast':
    case 'blockade':
    case 'salvage':
      return checkAtSea(check, order);
    case 'rail':
    case 'march':
    case 'invade':
    case 'support-defence':
    case 'support-attack':
    case 'cut-support':
    case 'entrench':
      return checkOnLand(check, order);
    case 'provisional-capital': {
      if (me.capital && controllerOf(state, me.capital) === nation) return illegal('CAPITAL_HELD', 'You still control your capital.');
      if (controllerOf(state, order.province) !== nation) return illegal('NOT_CONTROLLED', `You do not control ${check.name(order.province)}.`);
      return accepted;
    }
    case 'leader':
      return accepted;
    case 'disband':
      if (!state.units.some((u) => u.nation === nation && u.province === order.province && (!order.unitType || u.type === order.unitType)))
        return illegal('NO_UNITS', `You have no such units in ${check.name(order.province)}.`);
      return accepted;
    case 'build': {
      const province = order.province ?? me.capital;
      if (!province) return illegal('NO_PROVINCE', 'Say where to build: you have no capital.');
      return checkBuild(check, { ...order, province });
    }
    default:
      return checkDiplomacy(state, nation, order);
  }
}

/** Orders to units another nation holds stand until the turn: that nation may transfer them first. */
function needUnits({ state, earlier, name }: Check, p: string, what: 'land' | 'ships'): Verdict {
  // Units may get there earlier in the turn: a rail move, or ships sailing on from where they arrived.
  const arriving = earlier.some((o) => (o.kind === 'rail' || o.kind === 'sail' || o.kind === 'disembark' || o.kind === 'embark') && o.target === p);
  const there = (placed(state).get(p) ?? []).some((u) => (what === 'land' ? isLand(u.type) && !u.aboard : isShip(u.type)));
  if (arriving || there) return accepted;
  return illegal('NO_UNITS', `You have no ${what === 'land' ? 'land forces' : 'ships'} in ${name(p)}.`);
}

/** Ships' orders, and land forces boarding and leaving them. */
function checkAtSea(check: Check, order: OrderOf<'sail' | 'disembark' | 'embark' | 'supply-coast' | 'support-coast' | 'blockade' | 'salvage'>): Verdict {
  const { ctx, state, nation, earlier, name, next } = check;
  const { map } = ctx;
  switch (order.kind) {
    case 'sail': {
      const sails = [...earlier, order]
        .filter((o) => o.kind === 'sail')
        .map((o) => ({ nation, order: o as { province: string; target: string; unitType?: string } }));
      if (sailRounds(sails).at(-1)![1] > ctx.options.shipActions)
        return illegal('NO_ACTIONS_LEFT', `Ships have ${ctx.options.shipActions} movement actions a turn.`);
      if (!next(order.province, order.target, 'fleet'))
        return illegal('NOT_ADJACENT', `Ships cannot sail from ${name(order.province)} to ${name(order.target)} in one step.`);
      return accepted;
    }
    case 'disembark':
      if (
        !state.units.some((u) => u.province === order.province && u.aboard && u.nation === nation) &&
        !earlier.some((o) => o.kind === 'sail' && o.target === order.province)
      )
        return illegal('NO_UNITS', `None of your forces are aboard ships in ${name(order.province)}.`);
      if (order.target !== order.province && !next(order.province, order.target, 'fleet'))
        return illegal('NOT_ADJACENT', `${name(order.target)} is not a coast beside ${name(order.province)}.`);
      if (map.province(order.target).kind === 'sea') return illegal('NOT_LAND', `${name(order.target)} is sea.`);
      return accepted;
    case 'embark':
      if (order.target !== order.province && !next(order.province, order.target, 'fleet'))
        return illegal('NOT_ADJACENT', `${name(order.target)} is not beside ${name(order.province)}.`);
      return accepted;
    case 'supply-coast':
    case 'support-coast':
    case 'blockade':
      if (map.province(order.province).kind !== 'sea') return illegal('IN_PORT', 'Warships in port cannot support, supply or blockade.');
      if (!next(order.province, order.target, 'fleet') || map.province(order.target).kind === 'sea')
        return illegal('NOT_ADJACENT', `${name(order.target)} is not a coast beside ${name(order.province)}.`);
      if (order.kind === 'blockade' && !state.provinces[order.target]?.port) return illegal('NO_PORT', `${name(order.target)} has no port to blockade.`);
      return accepted;
    case 'salvage':
      return accepted;
  }
}

/** Land forces' orders: by rail, on foot into a neighbour, in support, dug in. */
function checkOnLand(check: Check, order: OrderOf<'rail' | 'march' | 'invade' | 'support-defence' | 'support-attack' | 'cut-support' | 'entrench'>): Verdict {
  const { ctx, state, nation, earlier, name } = check;
  switch (order.kind) {
    case 'rail':
      if (!railPath({ map: ctx.map }, state, nation, order.province, order.target))
        return illegal(
          'NO_RAIL_ROUTE',
          `There is no railroad from ${name(order.province)} to ${name(order.target)} through provinces you control within your tech level's range.`,
        );
      if (earlier.some((o) => o.kind !== 'rail' && 'province' in o && o.province === order.province && LAND_ORDERS.has(o.kind)))
        return illegal('RAIL_FIRST', 'Rail movement must be ordered before any other order given to the land unit.');
      return accepted;
    case 'entrench':
      return accepted;
    default:
      if (!ctx.map.adjacent(order.province, order.target, 'army'))
        return illegal('NOT_ADJACENT', `${name(order.target)} does not border ${name(order.province)} by land.`);
      return order.kind === 'march' ? checkMarch(check, order.target) : accepted;
  }
}

/** A march goes only into the nation's own, allied or neutral provinces: into another's is an invasion. */
function checkMarch({ state, nation, name }: Check, target: string): Verdict {
  const holder = controllerOf(state, target);
  const atPeace = (other: string) =>
    extraOf(state).treaties.some((t) => t.inForce && t.parties.includes(nation) && t.parties.includes(other) && t.expectations.some((e) => e.kind === 'peace'));
  if (!holder || holder === nation || atPeace(holder)) return accepted;
  return illegal(
    'FOREIGN_PROVINCE',
    `${name(target)} is held by ${state.nations[holder]?.name ?? holder}: march only into your own, allied or neutral provinces; invade to attack.`,
  );
}

/** New game: starting resources not yet deployed, in the nation's own provinces (ships in a port, or a sea beside it). */
function checkDeploy({ state, nation, earlier, name, next }: Check, order: OrderOf<'deploy'>): Verdict {
  const me = state.nations[nation];
  const left =
    (me.undeployed?.[order.unitType] ?? 0) -
    earlier.filter((o) => o.kind === 'deploy' && o.unitType === order.unitType).reduce((n, o) => n + ((o as { count?: number }).count ?? 1), 0);
  if (state.turn !== 1 && !me.undeployed) return illegal('NOT_NEW_GAME', 'Deploying starting resources is only for the first turn.');
  if ((order.count ?? 1) > left) return illegal('NOTHING_TO_DEPLOY', `You have ${Math.max(0, left)} ${order.unitType} left to deploy.`);
  if (state.provinces[order.province]?.owner !== nation) return illegal('NOT_YOURS', `${name(order.province)} is not yours: deploy in your own provinces.`);
  if (isShip(order.unitType)) {
    if (!state.provinces[order.province]?.port)
      return illegal('NO_PORT', `Ships deploy in a port of yours (or a sea beside it); ${name(order.province)} has none.`);
    if (order.sea && !next(order.province, order.sea, 'fleet'))
      return illegal('NOT_ADJACENT', `${name(order.sea)} is not a sea beside ${name(order.province)}.`);
  }
  return accepted;
}

/** Payments, treaties and agreements: they name ids and nations, never units. */
function checkDiplomacy(state: IndustrialState, nation: string, order: IndustrialOrder): Verdict {
  switch (order.kind) {
    case 'authorize-payment':
    case 'cancel-payment':
      if (!extraOf(state).payments.some((p) => p.id === order.payment && p.from === nation))
        return illegal('NO_SUCH_PAYMENT', `There is no payment ${order.payment} scheduled from you.`);
      return accepted;
    case 'draft-treaty': {
      const parties = [nation, order.nation, order.nation2, order.nation3].filter(Boolean) as string[];
      for (const p of parties) if (!state.nations[p]) return illegal('NO_SUCH_NATION', `${p} is not a nation of this game.`);
      if (!order.peace && !order.amount) return illegal('NO_TERMS', 'A treaty needs terms: peace, or a payment each season.');
      if (order.amount && (!parties.includes(order.payer!) || !parties.includes(order.payee!) || order.payer === order.payee))
        return illegal('PAYMENT_PARTIES', 'A treaty payment is from one party to another.');
      return accepted;
    }
    case 'ratify-treaty': {
      const t = extraOf(state).treaties.find((x) => x.id === order.treaty);
      if (!t || !t.parties.includes(nation)) return illegal('NO_SUCH_TREATY', `There is no treaty ${order.treaty} naming you.`);
      if (t.ratifiedBy.includes(nation)) return illegal('ALREADY_RATIFIED', `You have already ratified treaty ${order.treaty}.`);
      return accepted;
    }
    case 'record-agreement':
      for (const p of [order.nation, order.nation2, order.nation3])
        if (p && !state.nations[p]) return illegal('NO_SUCH_NATION', `${p} is not a nation of this game.`);
      return accepted;
    case 'expunge-agreement':
      if (!extraOf(state).agreements.some((a) => a.id === order.agreement && a.parties.includes(nation)))
        return illegal('NO_SUCH_AGREEMENT', `There is no private agreement ${order.agreement} of yours.`);
      return accepted;
    default:
      return accepted;
  }
}

// A nation's orders are checked one by one against the same state: its units by province, built once.
const byProvince = new WeakMap<object, Map<string, IndustrialUnit[]>>();
function placed(state: IndustrialState): Map<string, IndustrialUnit[]> {
  let found = byProvince.get(state.units);
  if (!found) byProvince.set(state.units, (found = unitsByProvince(state)));
  return found;
}

function checkBuild({ ctx, state, nation, earlier, name }: Check, order: OrderOf<'build'> & { province: string }): Verdict {
  const p = state.provinces[order.province];
  if (!p || p.owner !== nation || controllerOf(state, order.province) !== nation)
    return illegal('NOT_YOURS', `${name(order.province)} is not yours to build in (owned and not occupied).`);
  const spent = earlier
    .filter((o) => o.kind === 'build')
    .reduce((s, o) => s + buildCost(ctx.options, (o as { what: string }).what, (o as { count?: number }).count ?? 1), 0);
  const cost = buildCost(ctx.options, order.what, order.count ?? 1);
  const gold = state.nations[nation].gold;
  if (spent + cost > gold) return illegal('CANNOT_AFFORD', `This costs ${cost}; with your earlier orders (${spent}) it is more than your ${gold} gold.`);
  const coastal = ctx.map.province(order.province).kind === 'coastal';
  switch (order.what) {
    case 'artillery':
      return p.factory ? accepted : illegal('NEEDS_FACTORY', `Artillery is manufactured in a province with a factory; ${name(order.province)} has none.`);
    case 'warship':
    case 'battleship':
    case 'submarine':
      if (!p.port) return illegal('NEEDS_PORT', `Ships are manufactured in a port; ${name(order.province)} has none.`);
      if (order.what === 'battleship' && (p.port ?? 0) < 2) return illegal('NEEDS_PORT', 'Battleships need an upgraded port (level 2).');
      return accepted;
    case 'port':
      return coastal && !p.port ? accepted : illegal('NOT_COASTAL', `A port is built once, on a coastal province; ${name(order.province)} cannot take one.`);
    case 'port-upgrade':
      return p.port ? accepted : illegal('NEEDS_PORT', `${name(order.province)} has no port to upgrade.`);
    case 'factory':
      return p.factory ? illegal('ALREADY_BUILT', `${name(order.province)} already has a factory.`) : accepted;
    case 'academy':
      return p.academy ? illegal('ALREADY_BUILT', `${name(order.province)} already has a military academy.`) : accepted;
    case 'fort':
      return p.fort ? illegal('ALREADY_BUILT', `${name(order.province)} already has a fort.`) : accepted;
    case 'fort-mothball':
      return p.fort === 'active' ? accepted : illegal('NO_FORT', `${name(order.province)} has no active fort.`);
    case 'fort-reactivate':
      return p.fort === 'mothballed' ? accepted : illegal('NO_FORT', `${name(order.province)} has no mothballed fort.`);
    case 'railroad':
      return p.railroad ? illegal('ALREADY_BUILT', `${name(order.province)} already has a railroad.`) : accepted;
    case 'canal':
      return coastal && !p.canal ? accepted : illegal('NOT_COASTAL', 'A canal is dug once, on a coastal province.');
    case 'canal-investment':
      return p.canal || extraOf(state).builds.some((b) => b.what === 'canal' && b.province === order.province)
        ? accepted
        : illegal('NO_CANAL', `There is no canal in ${name(order.province)} to invest in.`);
    case 'tech': {
      // A level already completed takes effect in this turn's progress phase, before the economy pays for the next one.
      const completed = extraOf(state).builds.some((b) => b.nation === nation && b.what === 'tech' && b.completed);
      if (state.nations[nation].tech + (completed ? 1 : 0) >= 5)
        return illegal('TOP_TECH', `Your tech level is already 5${completed ? ' once the level you completed takes effect' : ''}.`);
      if (
        earlier.some((o) => o.kind === 'build' && o.what === 'tech') ||
        extraOf(state).builds.some((b) => b.nation === nation && b.what === 'tech' && !b.completed)
      )
        return illegal('ONE_TECH', 'One tech level upgrade at a time.');
      return accepted;
    }
    default:
      return accepted;
  }
}
