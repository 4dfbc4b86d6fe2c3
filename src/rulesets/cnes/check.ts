// "Understood, not allowed": each order checked against the state and the nation's orders ahead
// of it (gold already spent, units already ordered, units already bought in a province).
import { accepted, illegal, type Order, type RulesetContext, type Verdict } from '../../engine/index.ts';
import { findCard, flies, type Card } from '../../combat/cnes-heat/index.ts';
import { buildSlots, improvementBlock, improvementName, priceOf } from './economy.ts';
import type { CnesOptions } from './options.ts';
import { pathOf, readOrder, unitOrderKinds, type CnesOrder, type UnitOrderKind } from './orders.ts';
import { friendly, type CnesProvince, type CnesState, type CnesUnit } from './state.ts';
import { isMountain } from './terrain.ts';
import { borderType, cardOf, mayStand, selectUnits, withinRange } from './units.ts';

/** `note`: what the player is told on success when the order is carried out only in part. */
export type Checked = { ok: true; order: CnesOrder; units: string[]; cost: number; note?: string } | { ok: false; code: string; message: string };

export class OrderChecker {
  private gold: number;
  private readonly taken = new Set<string>();
  private readonly bought = new Map<string, Card[]>();
  private readonly improved = new Map<string, Partial<CnesProvince>>();
  private readonly relations = new Set<string>();
  /** The nation's units by province. */
  private readonly standing = new Map<string, CnesUnit[]>();

  constructor(
    private readonly ctx: RulesetContext<CnesOptions>,
    private readonly state: CnesState,
    private readonly nation: string,
  ) {
    this.gold = state.nations[nation]?.gold ?? 0;
    for (const u of state.units) {
      if (u.nation !== nation) continue;
      const list = this.standing.get(u.province);
      if (list) list.push(u);
      else this.standing.set(u.province, [u]);
    }
  }

  check(raw: Order): Verdict {
    const result = this.read(raw);
    return result.ok ? accepted : illegal(result.code, result.message);
  }

  read(raw: Order): Checked {
    const order = readOrder(raw);
    if (!order) return fail('MALFORMED', `"${raw.kind}" is not an order of this game, or it misses a part.`);
    const { map } = this.ctx;
    for (const slot of ['province', 'target', ...Array.from({ length: 9 }, (_, i) => `via${i + 1}`)]) {
      const id = order[slot];
      if (typeof id === 'string' && !map.has(id)) return fail('NO_SUCH_PROVINCE', `There is no province "${id}" on this map.`);
    }
    if (order.nation !== undefined) return this.relation(order);
    if (unitOrderKinds.includes(order.kind as UnitOrderKind)) return this.unitOrder(order);
    const province = this.province(order.province!);
    if (province.owner !== this.nation) return fail('NOT_YOUR_PROVINCE', `${this.name(order.province!)} is not yours.`);
    if (order.kind === 'buy') return this.buy(order, province);
    if (order.kind === 'improve') return this.improve(order, province);
    return this.raze(order, province);
  }

  private relation(order: CnesOrder): Checked {
    if (!this.state.nations[order.nation!] || order.nation === this.nation)
      return fail('NO_SUCH_NATION', `"${order.nation}" is not another nation of this game.`);
    if (this.relations.has(order.nation!)) return fail('ALREADY_ORDERED', `You already gave an order about ${order.nation} this turn.`);
    this.relations.add(order.nation!);
    return ok(order);
  }

  private unitOrder(order: CnesOrder): Checked {
    const selected = selectUnits(this.standing.get(order.province!) ?? [], this.ctx.options, order, this.taken);
    if ('problem' in selected) return fail(selected.problem, selected.message);
    const cards = selected.units.map((u) => cardOf(this.ctx.options, u));
    const problem = this.unitProblem(order, selected.units, cards);
    if (problem) return problem;
    for (const u of selected.units) this.taken.add(u.id);
    return { ok: true, order, units: selected.units.map((u) => u.id), cost: 0 };
  }

  private unitProblem(order: CnesOrder, units: CnesUnit[], cards: Card[]): Checked | null {
    const { map, options } = this.ctx;
    switch (order.kind) {
      case 'move':
      case 'blitz': {
        if (cards.some(flies)) return fail('AIRCRAFT_ARE_BASED', 'Aircraft do not move; give them a support, intercept or rebase order.');
        if (order.kind === 'blitz' && !(options.blitzForAll || this.state.nations[this.nation].blitz))
          return fail('NO_BLITZ_TECH', 'Blitz orders need the blitz tech, which you have not researched.');
        if (order.kind === 'blitz' && cards.some((c) => c.move <= 1)) return fail('CANNOT_BLITZ', 'Only units with a movement above 1 can blitz.');
        const path = pathOf(order);
        let at = order.province!;
        for (const [i, step] of path.entries()) {
          if (cards.some((c) => !map.adjacent(at, step, borderType(c)) || !mayStand(map, c, step)))
            return fail('NOT_ADJACENT', `Your units cannot go from ${this.name(at)} to ${this.name(step)} in one step.`);
          if (i < path.length - 1 && isMountain(map, step))
            return fail('MOUNTAIN_ENDS_MOVE', `${this.name(step)} is mountains: units entering it must end their movement there.`);
          at = step;
        }
        const slow = cards.find((c) => c.move < path.length);
        if (slow) return fail('TOO_FAR', `That path is ${path.length} provinces long, more than the movement (${slow.move}) of some of the units.`);
        return null;
      }
      case 'fortify': {
        // "Any ground unit that chooses not to take a movement order can take a fortify order": aircraft have their three orders, and ships do not dig in.
        if (cards.some((c) => flies(c) || c.class === 'naval')) return fail('CANNOT_FORTIFY', 'Only ground units dig in: aircraft and ships cannot fortify.');
        const cap = this.state.nations[this.nation].fortifyTech ?? options.fortifyTech;
        if (units.every((u) => (u.fortify ?? 0) >= cap))
          return fail('FORTIFY_CAP', `Those units are fortified to level ${cap}, the most your technology permits.`);
        return null;
      }
      // "Aircraft ordered to do ground support ... Aircraft ordered to do interception": the air missions are aircraft's alone.
      case 'intercept':
        return cards.every(flies) ? null : onlyAircraft(order, this.name(order.province!));
      case 'support':
      case 'rebase': {
        if (!cards.every(flies)) return onlyAircraft(order, this.name(order.province!));
        const reach = withinRange(map, order.province!, Math.min(...cards.map((c) => c.move)));
        if (!reach.has(order.target!)) return fail('OUT_OF_RANGE', `${this.name(order.target!)} is out of range of those aircraft.`);
        if (order.kind === 'rebase' && !this.baseable(order.target!))
          return fail('NOT_BASEABLE', `${this.name(order.target!)} is not a friendly province with an airbase.`);
        return null;
      }
      default:
        return null;
    }
  }

  /** "Baseable provinces are friendly provinces with an airbase": the nation's own and its allies'. */
  private baseable(id: string): boolean {
    const p = this.province(id);
    if (!p.owner || !friendly(this.state, p.owner, this.nation)) return false;
    return !!(p.airbase || (p.owner === this.nation && this.improved.get(id)?.airbase));
  }

  private buy(order: CnesOrder, province: CnesProvince): Checked {
    const found = findCard(this.ctx.options.cards, order.unitKind!);
    if (!found) return fail('UNKNOWN_CARD', `There is no unit card "${order.unitKind}" in this game (${Object.keys(this.ctx.options.cards).join(', ')}).`);
    const ordered = typeof order.count === 'number' ? order.count : 1;
    const now = { ...province, ...this.improved.get(order.province!) };
    const cardsFor = (n: number) => [...(this.bought.get(order.province!) ?? []), ...Array.from({ length: n }, () => found.card)];
    let count = ordered;
    let note: string | undefined;
    if (!buildSlots(now, cardsFor(count))) {
      // A class's limit is one a turn or none at all, so one unit is the most an over-limit order can still build.
      if (this.ctx.options.buildLimit === 'refuse' || count === 1 || !buildSlots(now, cardsFor(1)))
        return fail('BUILD_LIMIT', `${this.name(order.province!)} cannot build that many units this turn (see the build limits per unit class).`);
      count = 1;
      note = `${this.name(order.province!)} can build only 1 of the ${ordered} ${found.id} ordered this turn (the build limits per unit class): 1 is bought.`;
    }
    const cards = cardsFor(count);
    const cost = found.card.cost * count;
    if (cost > this.gold) return fail('CANNOT_AFFORD', `That costs $${cost}, and you have $${this.gold} left.`);
    this.gold -= cost;
    this.bought.set(order.province!, cards);
    return { ok: true, order: { ...order, unitKind: found.id, count }, units: [], cost, ...(note && { note }) };
  }

  private improve(order: CnesOrder, province: CnesProvince): Checked {
    const what = order.improvement!;
    const now = { ...province, ...this.improved.get(order.province!) };
    const blocked = improvementBlock(this.ctx.map, order.province!, now, what);
    if (blocked) return fail('CANNOT_IMPROVE', blocked);
    const cost = priceOf(what, this.ctx.options);
    if (cost > this.gold) return fail('CANNOT_AFFORD', `That costs $${cost}, and you have $${this.gold} left.`);
    this.gold -= cost;
    this.improved.set(order.province!, { ...this.improved.get(order.province!), [what]: true });
    return { ok: true, order, units: [], cost };
  }

  private raze(order: CnesOrder, province: CnesProvince): Checked {
    const what = order.what;
    const razing = province.razing ?? [];
    if (order.kind === 'stop-razing') {
      if (!razing.some((r) => !what || r.what === what))
        return fail('NOT_RAZING', `Nothing ${what ? `(${improvementName(what)}) ` : ''}is being razed in ${this.name(order.province!)}.`);
      const cost = this.ctx.options.prices.stopRazing;
      if (cost > this.gold) return fail('CANNOT_AFFORD', `Stopping a razing costs $${cost}, and you have $${this.gold} left.`);
      this.gold -= cost;
      return { ok: true, order, units: [], cost };
    }
    const has = what === 'forest' ? this.ctx.map.province(order.province!).features.includes('forest') && !province.forestRazed : province[what!];
    if (!has) return fail('NOTHING_TO_RAZE', `${this.name(order.province!)} has no ${improvementName(what!).replace(/^an? /, '')} to raze.`);
    if (razing.some((r) => r.what === what)) return fail('ALREADY_RAZING', `That is already being razed.`);
    return ok(order);
  }

  private province(id: string): CnesProvince {
    return this.state.provinces[id] ?? { owner: null };
  }

  private name(id: string): string {
    return this.ctx.map.province(id).name;
  }
}

function ok(order: CnesOrder): Checked {
  return { ok: true, order, units: [], cost: 0 };
}

function fail(code: string, message: string): Checked {
  return { ok: false, code, message };
}

/** Support, interception and rebasing given to units among which some do not fly. */
function onlyAircraft(order: CnesOrder, place: string): Checked {
  return fail(
    'ONLY_AIRCRAFT',
    `Only aircraft ${order.kind === 'rebase' ? 'rebase' : order.kind === 'intercept' ? 'intercept' : 'give ground support'}: name the aircraft ("fighters in ${place} ...").`,
  );
}
