// Validation: is this understood order allowed, given the nation's orders accepted ahead of it?
// The checker keeps what those orders used up (gold, units, the one structure a province may get,
// caravans sent to each nation), so "all" and counts mean what is left.
import { accepted, counted, illegal, type MapGraph, type Order, type RulesetContext, type Verdict } from '../../engine/index.ts';
import { boughtType, checkBattlePlan, checkUnitKind } from './civ-orders.ts';
import type { BoardNesOptions } from './options.ts';
import { orderSchemas, readOrder, structureWord, type BoardNesOrder, type Count, type WrittenOrder } from './orders.ts';
import { costOf } from './prices.ts';
import { canMove, goldOf, ownerOf, structureOf, type BoardNesState } from './state.ts';
import { indexOf, type UnitIndex } from './unit-index.ts';
import { findUnitKind, kindWord, usesUnitKinds } from './unit-kinds.ts';

interface Pool {
  total: number;
  movable: number;
}

/**
 * The order in its ruleset form. Armies moving onto a sea are boarding, and off it unloading: one
 * rule for either wording. A purchase gets the unit type its kind implies, and in civ-advanced
 * games the kind it names (as the table spells it) or the game's default kind.
 */
export function normalize(map: MapGraph, options: BoardNesOptions, order: WrittenOrder): BoardNesOrder {
  if (order.kind === 'buy-unit') {
    const unitType = boughtType(order, options);
    if (!usesUnitKinds(options)) return { ...order, unitType };
    const named = order.unitKind === undefined ? undefined : findUnitKind(options.civAdvanced.units, order.unitKind)?.kind;
    return { ...order, unitType, unitKind: named ?? order.unitKind ?? options.civAdvanced.defaultUnitKinds[unitType] };
  }
  if (order.kind !== 'move' || order.unitType !== 'army' || !map.has(order.province) || !map.has(order.target)) return order;
  if (map.province(order.target).kind === 'sea') return { kind: 'load', province: order.target, from: order.province, count: order.count ?? 1 };
  if (map.province(order.province).kind === 'sea')
    return { kind: 'unload', province: order.province, target: order.target, count: order.count ?? 1, claim: order.claim };
  return order;
}

/** The seas a fleet built in this province may start in. */
export function seasBeside(map: MapGraph, province: string): string[] {
  const seas = map
    .neighbours(province, 'fleet')
    .map((p) => p.province)
    .filter((id) => map.province(id).kind === 'sea');
  return [...new Set(seas)];
}

export class OrderChecker {
  private readonly units: UnitIndex;
  private readonly map: MapGraph;
  private readonly pools = new Map<string, Pool>();
  private gold: number;
  private readonly building = new Set<string>();
  private readonly caravansTo = new Map<string, number>();
  private readonly stealingFrom = new Set<string>();
  private readonly aims = new Set<string>();
  private readonly attacks = new Set<string>();
  private readonly arriving = new Set<string>();
  private readonly newFleets = new Map<string, number>();
  private planned = false;

  constructor(
    private readonly ctx: RulesetContext<BoardNesOptions>,
    private readonly state: BoardNesState,
    private readonly nation: string,
  ) {
    this.units = indexOf(state);
    this.map = ctx.map;
    const gold = goldOf(state, nation);
    // A debt is cleared by the disbands the nation must make first, so purchases start from zero.
    this.gold = gold < 0 && ctx.options.debtClearedByDisband ? 0 : gold;
  }

  /** A checker that goes on from what this one has counted, leaving this one as it is. */
  copy(): OrderChecker {
    const copy = Object.create(OrderChecker.prototype) as OrderChecker;
    return Object.assign(copy, this, {
      pools: new Map([...this.pools].map(([key, pool]) => [key, { ...pool }])),
      building: new Set(this.building),
      caravansTo: new Map(this.caravansTo),
      stealingFrom: new Set(this.stealingFrom),
      aims: new Set(this.aims),
      attacks: new Set(this.attacks),
      arriving: new Set(this.arriving),
      newFleets: new Map(this.newFleets),
    });
  }

  /** Checks the order and, when it is allowed, counts what it uses up. */
  check(raw: Order): Verdict {
    const read = readOrder(raw);
    if (!read) {
      return Object.hasOwn(orderSchemas, raw.kind)
        ? illegal('MALFORMED_ORDER', `This ${raw.kind} order is missing a part or has one of the wrong kind.`)
        : illegal('UNKNOWN_ORDER', `"${raw.kind}" is not a board NES order.`);
    }
    const kinds =
      read.kind === 'buy-unit' ? checkUnitKind(read, this.ctx.options) : read.kind === 'battle-plan' ? checkBattlePlan(read, this.ctx.options) : accepted;
    if (!kinds.ok) return kinds;
    const order = normalize(this.map, this.ctx.options, read);
    const places = [
      'province' in order ? order.province : undefined,
      'target' in order ? order.target : undefined,
      'from' in order ? order.from : undefined,
      'sea' in order ? order.sea : undefined,
    ];
    for (const p of places) if (p !== undefined && !this.map.has(p)) return illegal('NO_SUCH_PROVINCE', `There is no province "${p}" on this map.`);
    const nation = 'nation' in order ? order.nation : undefined;
    if (nation !== undefined) {
      if (!this.state.nations[nation]) return illegal('NO_SUCH_NATION', `There is no nation "${nation}" in this game.`);
      if (nation === this.nation) return illegal('OWN_NATION', 'This order must name another nation than your own.');
    }
    return this.checkKind(order);
  }

  private checkKind(order: BoardNesOrder): Verdict {
    switch (order.kind) {
      case 'buy-unit':
        return this.buyUnit(order);
      case 'buy-structure':
        return this.buyStructure(order);
      case 'move':
        return this.move(order.unitType, order.province, order.target, order.count ?? 1);
      case 'load':
        return this.load(order.province, order.from, order.count ?? 1);
      case 'unload':
        return this.unload(order.province, order.target, order.count ?? 'all');
      case 'naval-attack':
        return this.navalAttack(order.province, order.nation);
      case 'hold':
        return this.take(order.unitType, order.province, order.count ?? 1, true);
      case 'disband':
        return this.take(order.unitType, order.province, order.count ?? 1, false);
      case 'claim':
        return this.claim(order.province);
      case 'caravan':
        return this.caravan(order);
      case 'steal':
        return this.steal(order.nation, order.mode, order.count, order.per);
      case 'aim':
        return this.aim(order.nation, order.province);
      case 'battle-plan':
        return this.battlePlan();
    }
  }

  private spend(order: BoardNesOrder, what: string): Verdict {
    const cost = costOf(order, this.ctx.options);
    if (cost > this.gold) {
      const have = Math.max(this.gold, 0);
      return illegal('CANNOT_AFFORD', `${what} costs ${cost} gold but you have ${have} left: you are ${cost - have} gold short.`);
    }
    this.gold -= cost;
    return accepted;
  }

  private name(id: string): string {
    return this.map.province(id).name;
  }

  private buyUnit(order: Extract<BoardNesOrder, { kind: 'buy-unit' }>): Verdict {
    const { unitType: type, province, sea } = order;
    const count = order.count ?? 1;
    const what = order.unitKind ? kindWord(this.ctx.options.civAdvanced.units, order.unitKind, count) : counted(count, type);
    if (ownerOf(this.state, province) !== this.nation) return illegal('NOT_YOUR_PROVINCE', `${this.name(province)} is not yours.`);
    const structure = structureOf(this.state, province);
    if (structure !== 'military-base' && structure !== 'city')
      return illegal(
        'NEEDS_MILITARY_BASE',
        `Units are built only in a Military Base or City, and ${this.name(province)} has ${structure ? `a ${structureWord(structure)}` : 'no structure'}.`,
      );
    if (type === 'fleet') {
      const seas = seasBeside(this.map, province);
      if (!seas.length) return illegal('NO_SEA', `${this.name(province)} borders no sea to put a fleet in.`);
      if (sea !== undefined && !seas.includes(sea))
        return illegal('SEA_NOT_ADJACENT', `${this.name(sea)} is not a sea beside ${this.name(province)} (${seas.join(', ')} are).`);
      if (sea === undefined && seas.length > 1)
        return illegal('NAME_THE_SEA', `${this.name(province)} borders several seas (${seas.join(', ')}): say which one the fleet starts in.`);
      const where = sea ?? seas[0];
      this.newFleets.set(where, (this.newFleets.get(where) ?? 0) + count);
    }
    return this.spend(order, `Buying ${what}`);
  }

  private buyStructure(order: Extract<BoardNesOrder, { kind: 'buy-structure' }>): Verdict {
    const { province, structure: wanted } = order;
    if (ownerOf(this.state, province) !== this.nation) return illegal('NOT_YOUR_PROVINCE', `${this.name(province)} is not yours.`);
    if (this.building.has(province)) return illegal('ONE_STRUCTURE_PER_TURN', `Only one structure can be built in ${this.name(province)} per turn.`);
    const has = structureOf(this.state, province);
    const needs = { town: null, 'engineered-city': null, 'military-base': 'town', city: 'military-base' }[wanted];
    if (has !== needs) {
      if (needs === null)
        return illegal(
          'PROVINCE_NOT_EMPTY',
          `A ${structureWord(wanted)} needs a province without structures, and ${this.name(province)} has a ${structureWord(has!)}.`,
        );
      return illegal(
        needs === 'town' ? 'NEEDS_TOWN' : 'NEEDS_MILITARY_BASE',
        `A ${structureWord(wanted)} can only be built on a ${structureWord(needs)}, and ${this.name(province)} has ${has ? `a ${structureWord(has)}` : 'no structure'}.`,
      );
    }
    const verdict = this.spend(order, `A ${structureWord(wanted)}`);
    if (verdict.ok) this.building.add(province);
    return verdict;
  }

  private pool(type: string, province: string): Pool {
    const key = `${type}|${province}`;
    let pool = this.pools.get(key);
    if (!pool) {
      const stack = this.units.stack(this.nation, type, province);
      pool = { total: stack.length, movable: stack.filter((u) => canMove(u, this.state.turn)).length };
      this.pools.set(key, pool);
    }
    return pool;
  }

  /** Uses up units of a stack; `movable` counts only units not bought this turn. */
  private take(type: string, province: string, count: Count, movable: boolean): Verdict {
    const pool = this.pool(type, province);
    const have = movable ? pool.movable : pool.total;
    const where = this.map.province(province).kind === 'sea' && type === 'army' ? `aboard your fleets in ${this.name(province)}` : `in ${this.name(province)}`;
    if (have === 0) {
      const reason = pool.total > 0 && movable ? ' that can move (units cannot move the turn they are built)' : '';
      return illegal('NO_UNITS', `You have no ${type === 'army' ? 'armies' : 'fleets'} left ${where}${reason}.`);
    }
    const n = count === 'all' ? have : count;
    if (n > have) return illegal('NOT_ENOUGH_UNITS', `You have only ${counted(have, type)} left ${where}${movable ? ' that can move' : ''}.`);
    pool.total -= n;
    pool.movable = Math.min(pool.movable - (movable ? n : 0), pool.total);
    return accepted;
  }

  private move(type: 'army' | 'fleet', from: string, to: string, count: Count): Verdict {
    const kind = this.map.province(to).kind;
    if (type === 'fleet' && (this.map.province(from).kind !== 'sea' || kind !== 'sea'))
      return illegal('FLEETS_STAY_AT_SEA', 'Fleets move from sea to sea; to land armies, unload them.');
    if (!this.map.adjacent(from, to, type)) return illegal('NOT_ADJACENT', `${this.name(to)} is not next to ${this.name(from)}.`);
    const verdict = this.take(type, from, count, true);
    if (verdict.ok) this.arriving.add(to);
    return verdict;
  }

  /** A fleet in this sea still free to act: each fleet does one thing a turn. */
  private fleetAction(sea: string, loading: boolean): Verdict {
    const pool = this.pool('fleet', sea);
    if (pool.movable > 0) {
      pool.movable -= 1;
      pool.total -= 1;
      return accepted;
    }
    const fresh = this.newFleets.get(sea) ?? 0;
    if (loading && this.ctx.options.newFleetsMayLoad && fresh > 0) {
      this.newFleets.set(sea, fresh - 1);
      return accepted;
    }
    return illegal('NO_FLEET_FREE', `You have no fleet in ${this.name(sea)} free to do it (a fleet does one thing a turn, and not on the turn it is built).`);
  }

  private load(sea: string, from: string, count: Count): Verdict {
    if (this.map.province(sea).kind !== 'sea') return illegal('NOT_A_SEA', `${this.name(sea)} is not a sea.`);
    if (this.map.province(from).kind === 'sea' || !this.map.touches(sea).has(from))
      return illegal('NOT_ADJACENT', `${this.name(from)} is not a shore of ${this.name(sea)}.`);
    const armies = this.take('army', from, count, true);
    return armies.ok ? this.fleetAction(sea, true) : armies;
  }

  private unload(sea: string, target: string, count: Count): Verdict {
    if (this.map.province(sea).kind !== 'sea') return illegal('NOT_A_SEA', `${this.name(sea)} is not a sea.`);
    if (this.map.province(target).kind === 'sea' || !this.map.touches(sea).has(target))
      return illegal('NOT_ADJACENT', `${this.name(target)} is not a land province bordering ${this.name(sea)}.`);
    const armies = this.take('army', sea, count, true);
    if (!armies.ok) return armies;
    this.arriving.add(target);
    return this.fleetAction(sea, false);
  }

  private navalAttack(sea: string, nation: string | undefined): Verdict {
    if (this.map.province(sea).kind !== 'sea') return illegal('NOT_A_SEA', `${this.name(sea)} is not a sea; land battles need no order.`);
    const key = `${sea}|${nation ?? '*'}`;
    if (this.attacks.has(key)) return illegal('DUPLICATE_ORDER', 'You already ordered this attack.');
    this.attacks.add(key);
    return accepted;
  }

  private claim(province: string): Verdict {
    if (this.map.province(province).kind === 'sea') return illegal('NOT_LAND', 'Seas cannot be claimed.');
    const owner = ownerOf(this.state, province);
    if (owner === this.nation) return illegal('ALREADY_YOURS', `${this.name(province)} is already yours.`);
    if (owner) return illegal('ALREADY_OWNED', `${this.name(province)} belongs to ${owner}; only white provinces are claimed (others are taken in battle).`);
    if (!this.units.stack(this.nation, 'army', province).length && !this.arriving.has(province)) {
      return illegal('NO_ARMIES_THERE', `You have no army in ${this.name(province)} to claim it (nor one ordered there ahead of this order).`);
    }
    return accepted;
  }

  private caravan(order: Extract<BoardNesOrder, { kind: 'caravan' }>): Verdict {
    const escorts = order.escorts ?? 0;
    if (escorts > order.count)
      return illegal(
        'TOO_MANY_ESCORTS',
        `Each escort goes with one caravan: ${counted(escorts, 'escort')} for ${counted(order.count, 'caravan')} is too many.`,
      );
    const cap = Number(this.state.nations[order.nation].taxIncome ?? 0);
    const already = this.caravansTo.get(order.nation) ?? 0;
    if (already + order.count > cap) {
      return illegal(
        'CARAVAN_LIMIT',
        `You may send ${this.state.nations[order.nation].name ?? order.nation} at most ${counted(cap, 'caravan')} (its tax income in the last update)${already ? `, and ${already} ${already === 1 ? 'is' : 'are'} already ordered` : ''}.`,
      );
    }
    const verdict = this.spend(order, `${counted(order.count, 'caravan')}${escorts ? ` and ${counted(escorts, 'escort')}` : ''}`);
    if (verdict.ok) this.caravansTo.set(order.nation, already + order.count);
    return verdict;
  }

  private steal(nation: string, mode: string, count: number | undefined, per: number | undefined): Verdict {
    if (mode !== 'all' && count === undefined) return illegal('MISSING_COUNT', 'Say how many caravans to steal.');
    if (mode === 'per' && per === undefined) return illegal('MISSING_COUNT', 'Say for every how many caravans sent to steal that number.');
    if (this.stealingFrom.has(nation))
      return illegal('DUPLICATE_STEAL', `You already gave a theft order for ${this.state.nations[nation]?.name ?? nation}'s caravans.`);
    this.stealingFrom.add(nation);
    return accepted;
  }

  private battlePlan(): Verdict {
    if (this.planned) return illegal('DUPLICATE_ORDER', 'You already gave a battle plan this turn; send one plan with everything in it.');
    this.planned = true;
    return accepted;
  }

  private aim(nation: string, province: string | undefined): Verdict {
    const key = province ?? '*';
    if (this.aims.has(key))
      return illegal('DUPLICATE_AIM', province ? `You already aim at a nation in ${this.name(province)}.` : 'You already aim at a nation everywhere.');
    this.aims.add(key);
    return accepted;
  }
}
