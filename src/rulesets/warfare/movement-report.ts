// Why each order succeeded or failed, in events: one result per order, plus the detail a report
// needs (bounced by whom, support cut by whom, convoy disrupted where). Read after resolution, when
// every decision is settled, so the strengths quoted are the ones that decided.
import type { Audience, GameEvent, Order, OrdersByNation } from '../../engine/index.ts';
import { text, type Board } from './board.ts';
import type { Checked } from './movement-check.ts';
import * as codes from './movement-plan.ts';
import { unitList, type Plan } from './movement-plan.ts';
import type { OrderResults } from './order-results.ts';
import type { Resolver } from './resolver.ts';
import { listNames, placeName, unitPhrase } from './words.ts';

// Copied once: imported bindings read in loops are getter calls in the CommonJS form tsx runs.
const { BY_CONVOY, BY_LAND, MOVE } = codes;

/** An order's result: the message alone when it succeeded, with the reason when it failed. */
type Outcome = string | { reason: string; message: string };

const failed = (reason: string, message: string): Outcome => ({ reason, message });

export class MovementReport {
  private readonly plan: Plan;
  private readonly events: GameEvent[];

  constructor(
    private readonly board: Board,
    private readonly r: Resolver,
    /** The order each unit follows, if any. */
    private readonly byUnit: ReadonlyArray<Checked | undefined>,
    /** The orders as given, legal or not. */
    private readonly orders: OrdersByNation,
    /** The turn's results and events, which the report adds to. */
    private readonly results: OrderResults,
  ) {
    this.plan = r.plan;
    this.events = results.events;
  }

  /** Everyone when orders are published; else the nations of the unit and of the others involved. */
  private audience(u: number, others: readonly number[]): Audience {
    if (this.board.options.revealOrders) return 'public';
    return [...new Set([u, ...others].map((k) => this.board.units[k].nation))];
  }

  /** "army in Paris" (made once per map and place: messages name the same units again and again). */
  private who(u: number): string {
    const unit = this.board.units[u];
    return unitPhrase(this.board.map, unit.type, this.plan.origin[u], unit.coast);
  }

  private at(u: number): string {
    return this.board.map.id(this.plan.origin[u]);
  }

  result(a: Checked): void {
    const u = a.unit;
    const o = a.kind === 'move' ? this.move(u) : a.kind === 'support' ? this.support(u) : a.kind === 'convoy' ? this.convoy(u) : this.hold(u);
    const { nation, index } = a;
    if (typeof o === 'string') this.results.succeeded(nation, index, o);
    else this.results.failed(nation, index, o.reason, o.message);
  }

  private hold(u: number): Outcome {
    const by = this.dislodger(u);
    if (by < 0) return `Your ${this.who(u)} held.`;
    return failed('DISLODGED', `Your ${this.who(u)} was dislodged by the ${this.who(by)}.`);
  }

  dislodger(u: number): number {
    const { moverHead, moverNext, origin, kind } = this.plan;
    if (kind[u] === MOVE && this.r.succeeds(u)) return -1;
    for (let k = moverHead[origin[u]]; k >= 0; k = moverNext[k]) if (this.r.succeeds(k)) return k;
    return -1;
  }

  private move(u: number): Outcome {
    const { map } = this.board;
    const p = this.plan;
    const unit = this.board.units[u];
    const to = placeName(map, p.dest[u], p.destCoast[u]);
    if (this.r.succeeds(u)) {
      const there = p.unitAt[p.dest[u]];
      const beaten = there >= 0 && this.dislodger(there) === u ? `, dislodging the ${this.who(there)}` : '';
      const convoyed = p.route[u] !== BY_LAND && this.r.convoyed(u) ? ' by convoy' : '';
      return `Your ${this.who(u)} moved to ${to}${convoyed}${beaten}.`;
    }
    if (p.route[u] === BY_CONVOY && !this.r.convoyHolds(u)) return this.disrupted(u, to);
    const attack = this.r.attackStrength(u);
    const there = p.unitAt[p.dest[u]];
    if (attack === 0 && there >= 0 && p.nation[there] === p.nation[u]) {
      return failed(
        'OWN_UNIT',
        `Your ${this.who(u)} could not enter ${to}: your own ${this.who(there)} stayed there, and a kingdom never dislodges its own unit.`,
      );
    }
    const by: number[] = [];
    const opposing = this.r.opposing(u);
    if (opposing >= 0 ? attack <= this.r.defendStrength(opposing) : attack <= this.r.holdStrength(p.dest[u])) by.push(there);
    for (let k = p.moverHead[p.dest[u]]; k >= 0; k = p.moverNext[k]) {
      if (k !== u && attack <= this.r.preventStrength(k)) by.push(k);
    }
    this.events.push({
      type: 'move.bounced',
      nation: unit.nation,
      unit: unit.id,
      province: this.at(u),
      target: map.id(p.dest[u]),
      by: by.map((k) => this.at(k)),
      strength: attack,
      audience: this.audience(u, by),
    });
    const names = listNames(by.map((k) => `the ${this.who(k)}`));
    const headToHead = opposing >= 0 && by.includes(opposing) ? ' head to head' : '';
    return failed('BOUNCED', `Your ${this.who(u)} (strength ${attack}) was stopped${headToHead} from entering ${to} by ${names || 'an equal force'}.`);
  }

  private disrupted(u: number, to: string): Outcome {
    const p = this.plan;
    const unit = this.board.units[u];
    const convoys = unitList(p.convoyHead, p.convoyNext, u);
    const lost = convoys.filter((f) => !this.r.succeeds(f));
    const paradox = this.r.paradox[u] === 1;
    this.events.push({
      type: 'convoy.disrupted',
      nation: unit.nation,
      unit: unit.id,
      province: this.at(u),
      target: this.board.map.id(p.dest[u]),
      fleets: lost.map((f) => this.at(f)),
      ...(paradox ? { paradox: true } : {}),
      audience: this.audience(u, convoys),
    });
    if (paradox) {
      return failed(
        'CONVOY_PARADOX',
        `Your ${this.who(u)} did not sail to ${to}: its convoy was caught in a paradox, and by the Szykman rule a convoy in a paradox fails.`,
      );
    }
    if (!convoys.length) return failed('NO_CONVOY', `Your ${this.who(u)} could not reach ${to}: no fleet was ordered to convoy it there.`);
    const why = lost.length
      ? `the convoying ${listNames(lost.map((f) => this.who(f)))} ${lost.length > 1 ? 'were' : 'was'} dislodged`
      : 'the convoying fleets do not form a chain to it';
    return failed('NO_CONVOY', `Your ${this.who(u)} could not reach ${to}: ${why}.`);
  }

  private support(s: number): Outcome {
    const { map } = this.board;
    const p = this.plan;
    const subject = p.subject[s];
    const aimed = p.dest[s] >= 0 ? `moving to ${placeName(map, p.dest[s], p.destCoast[s])}` : 'holding';
    const counted = p.matched[s] === 1;
    if (!counted && !this.writtenMatch(s)) {
      return failed('UNMATCHED', `The ${this.who(subject)} was not ordered to be ${aimed}, so your ${this.who(s)}'s support had no effect.`);
    }
    if (this.r.succeeds(s)) {
      const idle = counted ? '' : ', but that order was illegal, so the support added nothing';
      return `Your ${this.who(s)} supported the ${this.who(subject)} ${aimed}${idle}.`;
    }
    const dislodger = this.dislodger(s);
    const cutters = dislodger >= 0 ? [dislodger] : this.cutters(s);
    const unit = this.board.units[s];
    this.events.push({
      type: 'support.cut',
      nation: unit.nation,
      unit: unit.id,
      province: this.at(s),
      by: cutters.map((k) => this.at(k)),
      ...(dislodger >= 0 ? { dislodged: true } : {}),
      audience: this.audience(s, cutters),
    });
    const names = listNames(cutters.map((k) => `the ${this.who(k)}`));
    if (dislodger >= 0) return failed('DISLODGED', `Your ${this.who(s)} was dislodged by ${names}, which cut its support.`);
    return failed('CUT', `Your ${this.who(s)}'s support was cut by an attack from ${names}.`);
  }

  private cutters(s: number): number[] {
    const p = this.plan;
    const out: number[] = [];
    for (let k = p.moverHead[p.origin[s]]; k >= 0; k = p.moverNext[k]) {
      if (this.r.cutsByAttack(k, s)) out.push(k);
    }
    return out;
  }

  /** The first order the unit's owner gave it, legal or not: what a support is read against. */
  private written(u: number): Order | undefined {
    const followed = this.byUnit[u];
    if (followed) return followed.order;
    const unit = this.board.units[u];
    return this.orders[unit.nation]?.find((order) => text(order.province) === unit.province);
  }

  /** The supported unit was ordered exactly as supported, even if that order was illegal (DATC 6.A.5). */
  private writtenMatch(s: number): boolean {
    const p = this.plan;
    const written = this.written(p.subject[s]);
    if (p.dest[s] < 0) return !written || written.kind !== 'move';
    return (
      written?.kind === 'move' &&
      written.target === this.board.map.id(p.dest[s]) &&
      (!p.destCoast[s] || !written.targetCoast || written.targetCoast === p.destCoast[s])
    );
  }

  private convoy(f: number): Outcome {
    const p = this.plan;
    const army = p.subject[f];
    const to = this.board.map.name(p.dest[f]);
    if (!p.matched[f]) {
      return failed('UNMATCHED', `The ${this.who(army)} was not ordered to ${to} by convoy, so your ${this.who(f)} carried nothing.`);
    }
    if (!this.r.succeeds(f)) return failed('DISLODGED', `Your ${this.who(f)} was dislodged, so it could not convoy the ${this.who(army)}.`);
    if (p.route[army] === BY_LAND) return failed('NOT_USED', `The ${this.who(army)} marched to ${to} over land, without your convoy.`);
    if (this.r.paradox[army]) return failed('CONVOY_PARADOX', `Your convoy of the ${this.who(army)} was caught in a paradox and failed (Szykman rule).`);
    return `Your ${this.who(f)} stood ready to convoy the ${this.who(army)} to ${to}.`;
  }
}
