// The industrial ruleset's words in reports, told as a GM writes a turn: the season, then what
// happened phase by phase (deployment, at sea, on land, after the battles, supply, unrest and
// annexations, government, production, diplomacy), each battle with its dice and modifiers, and a
// nation's own treasury, payments, agreements and missions in its private report. Nations and
// provinces stay ids in the sentences, for render to name. The events are this ruleset's own
// (phases/, land-combat.ts, naval-combat.ts), read with the shapes those files write.
import {
  counted,
  listOf,
  nation,
  nationsTable,
  province,
  say,
  type BattleStory,
  type GameEvent,
  type NationView,
  type PublicView,
  type ReportHooks,
  type ReportSection,
  type RulesetContext,
  type Sentence,
} from '../../engine/index.ts';
import type { CombatSide } from './land-combat.ts';
import type { IndustrialOptions } from './options.ts';
import { seasonOf } from './seasons.ts';
import { structureMarks } from './map-marks.ts';
import { industrialOrderMarks } from './order-marks.ts';

const str = (v: unknown) => (typeof v === 'string' ? v : '');
const num = (v: unknown) => (typeof v === 'number' ? v : Number(v ?? 0));
const strings = (v: unknown) => (Array.isArray(v) ? v.map(String) : []);
const nations = (v: unknown) => listOf(strings(v).map((id) => [nation(id)]));

/** "4 infantry", "an artillery", "2 warships", "a general". */
export function unitWords(type: string, n: number): string {
  if (n === 1) return /^[aeiou]/.test(type) ? `an ${type}` : `a ${type}`;
  return counted(n, type);
}

/** "4 infantry, an artillery and a general", from a force's count by unit type. */
function forceWords(force: unknown, none = 'forces'): string {
  const parts = Object.entries((force ?? {}) as Record<string, number>)
    .filter(([, n]) => n > 0)
    .map(([type, n]) => unitWords(type, n));
  if (!parts.length) return none;
  return parts.length === 1 ? parts[0] : `${parts.slice(0, -1).join(', ')} and ${parts.at(-1)}`;
}

/** "France lost 2 infantry, Prussia an artillery", from a losses list by nation. */
function lossWords(losses: unknown): Sentence {
  const list = (Array.isArray(losses) ? losses : []) as Array<{ nation: string; force: Record<string, number> }>;
  return listOf(list.map((l) => say`${nation(l.nation)} ${forceWords(l.force, 'nothing')}`));
}

const BUILD_WORDS: Record<string, string> = {
  port: 'a port',
  'port-upgrade': 'a port upgrade',
  factory: 'a factory',
  academy: 'a military academy',
  fort: 'a fort',
  'fort-mothball': 'the mothballing of its fort',
  'fort-reactivate': 'the reactivation of its fort',
  railroad: 'a railroad',
  canal: 'a canal',
  'canal-investment': 'an investment in the canal',
  tech: 'a new tech level',
  'displaced-workers': 'a programme for displaced workers',
  'province-upgrade': 'a province upgrade',
};

const placeOf = (e: GameEvent, key: string) => province(str(e[key]));

/** One sentence per event, grouped under the phase a GM would file it in. */
const SENTENCES: Record<string, [string, (e: GameEvent) => Sentence]> = {
  'new-game.deployed': ['Deployment', (e) => say`${nation(str(e.nation))} deploys ${unitWords(str(e.unitType), num(e.count))} in ${placeOf(e, 'province')}.`],
  'movement.transferred': [
    'At sea and on land',
    (e) => say`${nation(str(e.from))} puts ${forceWords(e.force)} in ${placeOf(e, 'province')} under ${nation(str(e.to))}'s command this turn.`,
  ],
  'naval.moved': ['At sea', (e) => say`${nation(str(e.nation))}'s ${forceWords(e.force, 'ships')} sail from ${placeOf(e, 'from')} to ${placeOf(e, 'to')}.`],
  'naval.disembarked': ['At sea', (e) => say`${nation(str(e.nation))} lands ${forceWords(e.force)} in ${placeOf(e, 'to')}.`],
  'naval.blockade': ['At sea', (e) => say`${nation(str(e.nation))}'s ships blockade the port of ${placeOf(e, 'port')}.`],
  'naval.salvaged': ['At sea', (e) => say`${nation(str(e.nation))} salvages an abandoned ship in ${placeOf(e, 'place')}.`],
  'land.railed': ['On land', (e) => say`${nation(str(e.nation))} moves ${forceWords(e.force)} by rail from ${placeOf(e, 'from')} to ${placeOf(e, 'to')}.`],
  'land.marched': [
    'On land',
    (e) => say`${nation(str(e.nation))}'s ${forceWords(e.force)} march from ${placeOf(e, 'from')} to ${placeOf(e, 'to')}${e.occupied ? ' and occupy it' : ''}.`,
  ],
  'land.bounced': [
    'On land',
    (e) =>
      e.headOn
        ? say`${nation(str(e.nation))}'s invasion of ${placeOf(e, 'to')} meets ${nation(str(e.headOn))}'s head-on and is turned back.`
        : say`${nation(str(e.nation))}'s ${e.invasion ? 'invasion of' : 'march into'} ${placeOf(e, 'to')} is turned back.`,
  ],
  'land.invaded': ['On land', (e) => say`${nation(str(e.nation))}'s ${forceWords(e.force)} take ${placeOf(e, 'to')}.`],
  'land.casualties': ['On land', (e) => ['Losses in the fighting on land: ', ...lossWords(e.losses), '.']],
  'recovery.general-retreated': [
    'After the battles',
    (e) => say`${nation(str(e.nation))}'s general falls back from ${placeOf(e, 'from')} to ${placeOf(e, 'to')}.`,
  ],
  'recovery.general-disbanded': [
    'After the battles',
    (e) => say`${nation(str(e.nation))}'s general in ${placeOf(e, 'province')} has nowhere to fall back to and leaves the field.`,
  ],
  'recovery.destroyed': [
    'After the battles',
    (e) => say`${nation(str(e.nation))}'s ${str(e.unitType)} left in ${placeOf(e, 'province')} is destroyed (die ${num(e.die)}).`,
  ],
  'recovery.captured': [
    'After the battles',
    (e) => say`${nation(str(e.nation))} captures ${nation(str(e.from))}'s ${str(e.unitType)} in ${placeOf(e, 'province')} (die ${num(e.die)}).`,
  ],
  'recovery.expired': [
    'After the battles',
    (e) => say`${nation(str(e.nation))}'s captured ${str(e.unitType)} is worn out and leaves play; half its cost, ${num(e.refund)} gold, is refunded.`,
  ],
  'supply.disbanded': [
    'Supply',
    (e) => say`${nation(str(e.nation))}'s ${str(e.unitType) || 'unit'} in ${placeOf(e, 'province')}, too long out of supply, disbands.`,
  ],
  'supply.abandoned': [
    'Supply',
    (e) => say`${nation(str(e.nation))}'s ${str(e.unitType) || 'ship'} in ${placeOf(e, 'place')}, too long out of supply, is abandoned by its crew.`,
  ],
  'supply.wreck-removed': ['Supply', (e) => say`An abandoned ship in ${placeOf(e, 'place')} is lost for good.`],
  'progress.revolt': [
    'Unrest and annexations',
    (e) =>
      say`${str(e.rebels) === 'reactionary' ? 'Reactionary' : 'Nationalist'} rebels rise in ${placeOf(e, 'province')} (die ${num(e.die)}); its annexation waits.`,
  ],
  'progress.annexed': [
    'Unrest and annexations',
    (e) =>
      e.from
        ? say`${nation(str(e.nation))} annexes ${placeOf(e, 'province')} from ${nation(str(e.from))}.`
        : say`${nation(str(e.nation))} annexes ${placeOf(e, 'province')}.`,
  ],
  'progress.tech': ['Unrest and annexations', (e) => say`${nation(str(e.nation))}'s new tech level takes effect: it is now at tech level ${num(e.tech)}.`],
  'progress.liberated': ['Unrest and annexations', (e) => say`${placeOf(e, 'province')} is free of ${nation(str(e.from))}'s occupation.`],
  'administration.provisional-capital': [
    'Government',
    (e) => say`${nation(str(e.nation))} establishes a provisional capital in ${placeOf(e, 'province')}${e.byDefault ? ', having named none' : ''}.`,
  ],
  'administration.leader': ['Government', (e) => say`${nation(str(e.nation))} has a new leader: ${str(e.leader)}.`],
  'economy.disbanded': ['Production', (e) => [...lossWords(e.losses), ' disbanded.']],
  'production.completed': [
    'Production',
    (e) =>
      BUILD_WORDS[str(e.what)]
        ? say`${nation(str(e.nation))} completes ${BUILD_WORDS[str(e.what)]} in ${placeOf(e, 'province')}.`
        : say`${nation(str(e.nation))} raises ${unitWords(str(e.what), num(e.count) || 1)} in ${placeOf(e, 'province')}.`,
  ],
  'diplomacy.drafted': [
    'Diplomacy',
    (e) => [...say`${nation(str(e.drafter))} drafts treaty ${str(e.treaty)} between `, ...nations(e.parties), ': ', ...termsOf(e.expectations), '.'],
  ],
  'diplomacy.ratified': ['Diplomacy', (e) => say`${nation(str(e.nation))} ratifies treaty ${str(e.treaty)}.`],
  'diplomacy.in-force': ['Diplomacy', (e) => [`Treaty ${str(e.treaty)} is in force between `, ...nations(e.parties), '.']],
  'diplomacy.treaty-broken': [
    'Diplomacy',
    (e) =>
      say`${nation(str(e.by))} breaks treaty ${str(e.treaty)} ${e.expectation === 'peace' ? 'by invading a party to it' : 'by cancelling a payment it owes'}.`,
  ],
  'diplomacy.agreement-recorded': [
    'Your diplomacy',
    (e) => [`Private agreement ${str(e.agreement)} between `, ...nations(e.parties), ` is recorded: "${str(e.text)}".`],
  ],
  'diplomacy.agreement-expunged': ['Your diplomacy', (e) => say`Private agreement ${str(e.agreement)} is expunged at ${nation(str(e.by))}'s request.`],
  'diplomacy.report': ['Your diplomacy', (e) => diplomaticReport(e)],
  'economy.ledger': ['Your treasury', (e) => ledgerLine(e.ledger as Record<string, number>)],
  'economy.payment': ['Your treasury', (e) => say`${nation(str(e.from))} pays ${num(e.amount)} gold to ${nation(str(e.to))} (payment ${str(e.payment)}).`],
  'economy.payment-cancelled': ['Your treasury', (e) => say`Payment ${str(e.payment)} is cancelled.`],
  'economy.unpaid-disbanded': [
    'Your treasury',
    (e) => [`The treasury could not pay the winter upkeep: ${forceWords(e.force, 'units')} disbanded, newest first.`],
  ],
  'missions.completed': ['Your missions', (e) => say`Mission complete: you hold ${placeOf(e, 'province')}; ${num(e.reward)} gold reward paid.`],
  'turn.requirements-unmet': ['Your orders', (e) => [str(e.message)]],
};

function termsOf(expectations: unknown): Sentence {
  const list = (Array.isArray(expectations) ? expectations : []) as Array<{ kind: string; from?: string; to?: string; amount?: number }>;
  return listOf(
    list.map((x) =>
      x.kind === 'peace' ? ['peace between the parties'] : say`${nation(str(x.from))} pays ${num(x.amount)} gold to ${nation(str(x.to))} each season`,
    ),
    '; ',
  );
}

function ledgerLine(l: Record<string, number>): Sentence {
  const parts = [`${l.start} gold at the start`];
  if (l.paymentsIn) parts.push(`${l.paymentsIn} in payments received`);
  if (l.paymentsOut) parts.push(`${l.paymentsOut} in payments made`);
  if (l.income) parts.push(`${l.income} income`);
  if (l.spent) parts.push(`${l.spent} spent on builds`);
  if (l.upkeep) parts.push(`${l.upkeep} upkeep`);
  return [`Treasury: ${parts.join(', ')}; ${l.total} gold now.`];
}

function diplomaticReport(e: GameEvent): Sentence {
  const treaties = (Array.isArray(e.treaties) ? e.treaties : []) as Array<{ id: string; parties: string[]; inForce: boolean }>;
  const count = (v: unknown, word: string) => counted(Array.isArray(v) ? v.length : 0, word);
  const inForce = treaties.filter((t) => t.inForce);
  const listed: Sentence = inForce.length ? [' In force: ', ...listOf(inForce.map((t) => [`${t.id} (`, ...nations(t.parties), ')'])), '.'] : [];
  return [
    `Diplomatic report: ${count(treaties, 'treaty')}, ${count(e.agreements, 'private agreement')}, ${count(e.payments, 'scheduled payment')}.`,
    ...listed,
  ];
}

/** "Land battle in Burgundy": who attacked, the totals, who lost what; the dice and modifiers apart. */
function landBattle(e: GameEvent): BattleStory {
  const r = e.result as { attacker: CombatSide; defender: CombatSide; difference: number; rerolled?: number };
  const place = str(e.place);
  const loser = str(e.loser);
  const winner = loser === str(e.attacker) ? str(e.defender) : str(e.attacker);
  const side = (s: CombatSide) => [
    ...say`${nation(s.nation)}: `,
    `${s.dice.length ? `dice ${s.dice.join(' ')}` : 'no dice'}, ${s.modifier >= 0 ? '+' : ''}${s.modifier} on each${s.notes.length ? ` (${s.notes.join(', ')})` : ''}, total ${s.sum}`,
  ];
  return {
    province: place,
    title: ['Battle in ', province(place)],
    story: say`${nation(str(e.attacker))} attacks ${province(place)}, held by ${nation(str(e.defender))}: ${r.attacker.sum} against ${r.defender.sum}. ${nation(winner)} wins by ${Math.abs(r.difference)}; ${nation(loser)} takes ${num(e.casualties)} ${num(e.casualties) === 1 ? 'casualty' : 'casualties'}.`,
    dice: [side(r.attacker), side(r.defender)],
    notes: r.rerolled ? [[`A general had the losing result rolled again ${r.rerolled === 1 ? 'once' : `${r.rerolled} times`}.`]] : [],
  };
}

/** "Sea battle in the North Sea": the ships' totals and what went down. */
function seaBattle(e: GameEvent): BattleStory {
  const place = str(e.place);
  const attack = e.attack as { dice: number[]; sum: number };
  const defence = e.defence as { dice: number[]; sum: number };
  const sunk: Sentence = Array.isArray(e.losses) && e.losses.length ? [...lossWords(e.losses), ' sunk'] : ['nothing sunk'];
  return {
    province: place,
    title: [e.kind === 'submarine' ? 'Submarine attack in ' : 'Sea battle in ', province(place)],
    story: [
      ...(e.untargeted
        ? say`${nation(str(e.attacker))}'s and ${nation(str(e.defender))}'s ships meet in ${province(place)} and fight: ${attack.sum} against ${defence.sum}; `
        : say`${nation(str(e.attacker))}'s ${e.kind === 'submarine' ? 'submarines attack' : 'ships attack'} ${nation(str(e.defender))}'s in ${province(place)}: ${attack.sum} against ${defence.sum}; `),
      ...sunk,
      '.',
    ],
    dice: [
      say`${nation(str(e.attacker))}: dice ${attack.dice.join(' ')}, total ${attack.sum}`,
      say`${nation(str(e.defender))}: dice ${defence.dice.join(' ')}, total ${defence.sum}`,
    ],
    notes: [],
  };
}

function battles(_ctx: RulesetContext<IndustrialOptions>, events: readonly GameEvent[]): BattleStory[] {
  return events.flatMap((e) => (e.type === 'naval.combat' ? [seaBattle(e)] : e.type === 'land.combat' ? [landBattle(e)] : []));
}

/** The season just played, and the events in sections by phase, in the order the phases ran. */
function news(ctx: RulesetContext<IndustrialOptions>, view: PublicView | NationView): ReportSection[] {
  const played = seasonOf(ctx.options, Math.max(1, view.turn - 1));
  const next = seasonOf(ctx.options, view.turn);
  const sections = new Map<string, Sentence[]>([['The season', [[`The ${played.season} of ${played.year} is over; ${next.season} ${next.year} begins.`]]]]);
  for (const e of view.events) {
    const found = SENTENCES[e.type];
    if (!found) continue;
    const [title, sentence] = found;
    sections.set(title, [...(sections.get(title) ?? []), sentence(e)]);
  }
  return [...sections].map(([title, lines]) => ({ title, lines }));
}

export const industrialReport: ReportHooks<IndustrialOptions> = {
  updateTable: (_ctx, view) => nationsTable(view, { provinces: 'Provinces', units: 'Units', tech: 'Tech level' }),
  battles,
  publicNews: news,
  privateNews: news,
  noOrders: (_ctx, _before, list) => list.map((id) => say`${nation(id)} sent no orders; its forces stood where they were.`),
  turnMarks: (ctx, view) => structureMarks(ctx, view),
  orderMarks: (_ctx, nation, orders) => industrialOrderMarks(nation, orders),
};
