// Diplomacy phase: public treaties drafted and ratified (both announced; the terms' tracking only
// to the parties), the expectations they set (peace, payments) tracked and their breaches
// reported, private agreements recorded and expunged (only ever told to their parties), and the
// diplomatic report for each nation.
import { extraOf, type Expectation, type IndustrialState, type Treaty } from '../state.ts';
import { partiesOf } from '../orders.ts';
import type { Turn } from '../turn.ts';

export function diplomacy(turn: Turn, invasions: ReadonlyArray<{ nation: string; target: string; owner: string | null }>): void {
  const { state } = turn;
  const extra = extraOf(state);
  trackPeace(turn, invasions);
  for (const c of turn.cancelledPayments) {
    const t = extra.treaties.find((x) => x.id === c.treaty);
    if (!t) continue;
    t.broken.push({ turn: state.turn, by: c.by, expectation: `payment ${c.payment} cancelled` });
    turn.announce('diplomacy.treaty-broken', { treaty: t.id, by: c.by, expectation: 'payment' });
  }
  for (const a of turn.of('draft-treaty')) {
    const id = `t${extra.nextId++}`;
    const parties = [...new Set([a.nation, ...partiesOf(a.order)])].sort();
    const expectations: Expectation[] = [];
    if (a.order.peace) expectations.push({ kind: 'peace' });
    if (a.order.amount && a.order.payer && a.order.payee)
      expectations.push({ kind: 'payment', from: a.order.payer, to: a.order.payee, amount: a.order.amount });
    const terms = expectations
      .map((e) => (e.kind === 'peace' ? 'peace between the parties' : `${turn.nationName(e.from)} pays ${e.amount} to ${turn.nationName(e.to)} each season`))
      .join('; ');
    extra.treaties.push({ id, drafter: a.nation, parties, terms, expectations, ratifiedBy: [], inForce: false, broken: [] });
    turn.announce('diplomacy.drafted', { treaty: id, drafter: a.nation, parties, terms, expectations });
    turn.done(a, `Treaty ${id} is drafted: ${terms}.`);
  }
  for (const a of turn.of('ratify-treaty')) {
    const t = extra.treaties.find((x) => x.id === a.order.treaty);
    if (!t || !t.parties.includes(a.nation)) {
      turn.fail(a, 'NO_SUCH_TREATY', `There is no treaty ${a.order.treaty} naming you.`);
      continue;
    }
    if (!t.ratifiedBy.includes(a.nation)) t.ratifiedBy.push(a.nation);
    t.ratifiedBy.sort();
    turn.announce('diplomacy.ratified', { treaty: t.id, nation: a.nation });
    if (!t.inForce && t.parties.every((p) => t.ratifiedBy.includes(p))) enterIntoForce(turn, t);
    turn.done(a, `You ratify treaty ${t.id}.`);
  }
  for (const a of turn.of('record-agreement')) {
    const id = `a${extra.nextId++}`;
    const parties = [...new Set([a.nation, ...partiesOf(a.order)])].sort();
    extra.agreements.push({ id, parties, text: a.order.terms });
    turn.tell(parties, 'diplomacy.agreement-recorded', { agreement: id, parties, text: a.order.terms });
    turn.done(a, `Private agreement ${id} is recorded.`);
  }
  for (const a of turn.of('expunge-agreement')) {
    const found = extra.agreements.find((x) => x.id === a.order.agreement && x.parties.includes(a.nation));
    if (!found) {
      turn.fail(a, 'NO_SUCH_AGREEMENT', `There is no private agreement ${a.order.agreement} of yours.`);
      continue;
    }
    extra.agreements = extra.agreements.filter((x) => x !== found);
    turn.tell(found.parties, 'diplomacy.agreement-expunged', { agreement: found.id, by: a.nation });
    turn.done(a, `Private agreement ${found.id} is expunged.`);
  }
  // "a diplomatic report will be generated and made available to each player"
  for (const nation of Object.keys(state.nations)) turn.tell([nation], 'diplomacy.report', { nation, ...diplomaticReport(state, nation) });
}

function enterIntoForce(turn: Turn, t: Treaty): void {
  t.inForce = true;
  const extra = extraOf(turn.state);
  for (const e of t.expectations) {
    if (e.kind === 'payment') extra.payments.push({ id: `p${extra.nextId++}`, from: e.from, to: e.to, amount: e.amount, treaty: t.id });
  }
  turn.announce('diplomacy.in-force', { treaty: t.id, parties: t.parties });
}

/** A party invading another party's province breaks the peace it ratified. */
function trackPeace(turn: Turn, invasions: ReadonlyArray<{ nation: string; target: string; owner: string | null }>): void {
  for (const t of extraOf(turn.state).treaties) {
    if (!t.inForce || !t.expectations.some((e) => e.kind === 'peace')) continue;
    for (const inv of invasions) {
      if (t.parties.includes(inv.nation) && inv.owner && inv.owner !== inv.nation && t.parties.includes(inv.owner)) {
        t.broken.push({ turn: turn.state.turn, by: inv.nation, expectation: `peace: invaded ${inv.target}` });
        turn.announce('diplomacy.treaty-broken', { treaty: t.id, by: inv.nation, expectation: 'peace' });
      }
    }
  }
}

/** What one nation may know of diplomacy: public treaties, full tracking of its own, its agreements. */
export function diplomaticReport(state: IndustrialState, nation: string) {
  const extra = extraOf(state);
  return {
    treaties: extra.treaties.map((t) =>
      t.parties.includes(nation) ? { ...t } : { id: t.id, parties: t.parties, inForce: t.inForce, ratifiedBy: t.ratifiedBy },
    ),
    agreements: extra.agreements.filter((a) => a.parties.includes(nation)),
    payments: extra.payments.filter((p) => p.from === nation || p.to === nation),
  };
}
