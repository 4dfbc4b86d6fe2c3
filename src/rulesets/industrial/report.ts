// One sentence for each of this ruleset's event types, for the public update and private
// reports. Sentences say only what is in the event, and the event's audience decides who reads it.
import { eventNews, nation, nationNameOf, nationsTable, say, type GameEvent, type ReportHooks, type RulesetContext } from '../../engine/index.ts';

/** An event in words, given how to name a province and a nation. */
type Say = (e: GameEvent, place: (id: string) => string, nation: (id: string) => string) => string;
const list = (v: unknown, name: (id: string) => string = String) => (Array.isArray(v) ? v.map((x) => name(String(x))).join(', ') : '');
const n = (e: GameEvent, k: string) => String(e[k] ?? '');

export const sentences: Record<string, Say> = {
  'new-game.deployed': (e, p, w) => `${w(n(e, 'nation'))} deploys ${n(e, 'count')} ${n(e, 'unitType')} in ${p(n(e, 'province'))}.`,
  'movement.transferred': (e, p, w) => `${w(n(e, 'from'))} transfers control of its units in ${p(n(e, 'province'))} to ${w(n(e, 'to'))}.`,
  'naval.moved': (e, p, w) => `${w(n(e, 'nation'))}'s ships sail from ${p(n(e, 'from'))} to ${p(n(e, 'to'))}.`,
  'naval.disembarked': (e, p, w) => `${w(n(e, 'nation'))} lands forces in ${p(n(e, 'to'))}.`,
  'naval.blockade': (e, p, w) => `${w(n(e, 'nation'))} blockades ${p(n(e, 'port'))}.`,
  'naval.salvaged': (e, p, w) => `${w(n(e, 'nation'))} salvages an abandoned ship in ${p(n(e, 'place'))}.`,
  'naval.combat': (e, p, w) => `${n(e, 'kind') === 'submarine' ? 'Submarines' : 'Ships'} of ${w(n(e, 'attacker'))} fight ${w(n(e, 'defender'))} in ${p(n(e, 'place'))}: difference ${n(e, 'difference')}, sunk ${list(e.sunk) || 'none'}.`,
  'land.railed': (e, p, w) => `${w(n(e, 'nation'))} moves forces by rail from ${p(n(e, 'from'))} to ${p(n(e, 'to'))}.`,
  'land.marched': (e, p, w) => `${w(n(e, 'nation'))} marches from ${p(n(e, 'from'))} to ${p(n(e, 'to'))}${e.occupied ? ' and occupies it' : ''}.`,
  'land.bounced': (e, p, w) => `${w(n(e, 'nation'))}'s ${e.invasion ? 'invasion of' : 'march to'} ${p(n(e, 'to'))} bounces.`,
  'land.combat': (e, p, w) => {
    const r = e.result as { attacker: { sum: number; dice: number[]; modifier: number }; defender: { sum: number; dice: number[]; modifier: number }; difference: number };
    return `Combat in ${p(n(e, 'place'))}: ${w(n(e, 'attacker'))} attacks (dice ${r.attacker.dice.join(' ')}, ${r.attacker.modifier >= 0 ? '+' : ''}${r.attacker.modifier} each, total ${r.attacker.sum}) against ${w(n(e, 'defender'))} (dice ${r.defender.dice.join(' ')}, ${r.defender.modifier >= 0 ? '+' : ''}${r.defender.modifier} each, total ${r.defender.sum}); ${w(n(e, 'loser'))} loses ${n(e, 'casualties')}.`;
  },
  'land.casualties': (e) => `Units lost in combat: ${list(e.units)}.`,
  'land.invaded': (e, p, w) => `${w(n(e, 'nation'))} takes ${p(n(e, 'to'))}.`,
  'recovery.general-retreated': (e, p, w) => `${w(n(e, 'nation'))}'s general retreats from ${p(n(e, 'from'))} to ${p(n(e, 'to'))}.`,
  'recovery.general-disbanded': (e, p, w) => `${w(n(e, 'nation'))}'s general in ${p(n(e, 'province'))} has nowhere to retreat and disbands.`,
  'recovery.destroyed': (e, p, w) => `${w(n(e, 'nation'))}'s ${n(e, 'unitType')} in ${p(n(e, 'province'))} is destroyed (die ${n(e, 'die')}).`,
  'recovery.captured': (e, p, w) => `${w(n(e, 'nation'))} captures ${w(n(e, 'from'))}'s ${n(e, 'unitType')} in ${p(n(e, 'province'))} (die ${n(e, 'die')}).`,
  'recovery.expired': (e, _p, w) => `${w(n(e, 'nation'))}'s captured ${n(e, 'unitType')} leaves play; ${n(e, 'refund')} refunded.`,
  'supply.disbanded': (e, p, w) => `${w(n(e, 'nation'))}'s unit in ${p(n(e, 'province'))} disbands for want of supply.`,
  'supply.abandoned': (e, p, w) => `${w(n(e, 'nation'))}'s ship in ${p(n(e, 'place'))} is abandoned for want of supply.`,
  'supply.wreck-removed': (e, p) => `An abandoned ship in ${p(n(e, 'place'))} is lost.`,
  'progress.revolt': (e, p) => `Revolt in ${p(n(e, 'province'))}: ${n(e, 'rebels')} rebels rise.`,
  'progress.annexed': (e, p, w) => `${w(n(e, 'nation'))} annexes ${p(n(e, 'province'))}.`,
  'progress.liberated': (e, p, w) => `${p(n(e, 'province'))} is no longer occupied by ${w(n(e, 'from'))}.`,
  'administration.provisional-capital': (e, p, w) => `${w(n(e, 'nation'))} establishes a provisional capital in ${p(n(e, 'province'))}.`,
  'administration.leader': (e, _p, w) => `${w(n(e, 'nation'))} has a new leader: ${n(e, 'leader')}.`,
  'economy.ledger': (e) => {
    const l = e.ledger as Record<string, number>;
    return `Treasury: ${l.start} at the start, +${l.paymentsIn} payments in, -${l.paymentsOut} out, +${l.income} income, -${l.spent} builds, -${l.upkeep} upkeep = ${l.total}.`;
  },
  'economy.payment': (e, _p, w) => `${w(n(e, 'from'))} pays ${n(e, 'amount')} to ${w(n(e, 'to'))}.`,
  'economy.payment-cancelled': (e) => `Payment ${n(e, 'payment')} is cancelled.`,
  'economy.disbanded': (e) => `Disbanded: ${list(e.units)}.`,
  'economy.unpaid-disbanded': (e) => `Upkeep could not be paid: ${list(e.units)} disbanded.`,
  'production.completed': (e, p, w) => `${w(n(e, 'nation'))} completes ${n(e, 'what')} in ${p(n(e, 'province'))}.`,
  'diplomacy.drafted': (e, _p, w) => `Treaty ${n(e, 'treaty')} is drafted by ${w(n(e, 'drafter'))} for ${list(e.parties, w)}.`,
  'diplomacy.ratified': (e, _p, w) => `${w(n(e, 'nation'))} ratifies treaty ${n(e, 'treaty')}.`,
  'diplomacy.in-force': (e, _p, w) => `Treaty ${n(e, 'treaty')} is in force between ${list(e.parties, w)}.`,
  'diplomacy.treaty-broken': (e, _p, w) => `${w(n(e, 'by'))} breaks treaty ${n(e, 'treaty')} (${n(e, 'expectation')}).`,
  'diplomacy.agreement-recorded': (e, _p, w) => `Private agreement ${n(e, 'agreement')} with ${list(e.parties, w)}: "${n(e, 'text')}".`,
  'diplomacy.agreement-expunged': (e) => `Private agreement ${n(e, 'agreement')} is expunged.`,
  'diplomacy.report': (e) => `Diplomatic report: ${(e.treaties as unknown[]).length} treaties, ${(e.agreements as unknown[]).length} private agreements, ${(e.payments as unknown[]).length} scheduled payments.`,
  'missions.completed': (e, p) => `Mission complete: ${p(n(e, 'province'))} is yours; reward ${n(e, 'reward')}.`,
  'turn.requirements-unmet': (e) => `${n(e, 'message')}`,
};

/** The event in one sentence, or its own message when it carries one. */
export function sentenceOf(event: GameEvent, place: (id: string) => string, nation: (id: string) => string): string {
  const say = sentences[event.type];
  return say ? say(event, place, nation) : (event.message ?? event.type);
}

const placeNamer = (ctx: RulesetContext) => (id: string) => (ctx.map.has(id) ? ctx.map.province(id).name : id);
const inWords = (ctx: RulesetContext) => (e: GameEvent) => sentenceOf(e, placeNamer(ctx), (id) => nationNameOf(ctx, id));

/** The report hooks: the public facts in a table, and every event in the sentences above. */
export const industrialReport: ReportHooks = {
  updateTable: (_ctx, view) => nationsTable(view, { provinces: 'Provinces', units: 'Units' }),
  battles: () => [],
  publicNews: (ctx, view) => eventNews(view.events, inWords(ctx)),
  privateNews: (ctx, view) => eventNews(view.events, inWords(ctx)),
  noOrders: (_ctx, _before, nations) => nations.map((id) => say`${nation(id)} sent no orders; the phase's defaults applied.`),
  turnMarks: () => ({ arrows: [], provinces: [] }),
};
