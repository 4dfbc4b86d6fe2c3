// Sentences for CNES events, public and private, so reports can say them in words: one function
// per event type. The battle's heats are written out roll by roll for the nations that fought.
import { eventNews, nation, nationsTable, say, type GameEvent, type ReportHooks } from '../../engine/index.ts';
import { heatLines, veterancyName, type HeatRecord, type OfficerRecord } from '../../combat/cnes-heat/index.ts';

type Sentence = (e: GameEvent) => string;

const list = (v: unknown) => (Array.isArray(v) ? v.join(', ') : String(v));

export const sentences: Record<string, Sentence> = {
  'relation.changed': (e) => `${e.nation} and ${e.with} are now ${e.to === 'allied' ? 'allied' : e.to === 'war' ? 'at war' : 'at peace'}${e.why === 'entered' ? ` (${e.nation} entered ${e.with}'s territory)` : ''}.`,
  'alliance.proposed': (e) => `${e.nation} proposed an alliance to ${e.with}; it holds once both name it.`,
  'razing.started': (e) => `Razing of ${e.what} in ${e.province} began; it is done next turn unless stopped for $10.`,
  'razing.stopped': (e) => `Razing of ${list(e.what)} in ${e.province} was stopped for $${e.cost}.`,
  'razing.completed': (e) => `The ${e.what} of ${e.province} was razed.`,
  'province.improved': (e) => `${e.nation} built ${e.improvement} in ${e.province}.`,
  'unit.built': (e) => `${e.nation} raised ${list(e.units)} (${e.unitKind}) in ${e.province}.`,
  'unit.bought': (e) => `You bought ${e.count} ${e.unitKind} in ${e.province} for $${e.cost}.`,
  'units.fortified': (e) => `${e.nation}'s units in ${e.province} dug in to level ${e.level}.`,
  'unit.moved': (e) => `${e.unit} (${e.nation}) moved from ${e.from} to ${e.to}.`,
  'move.halted': (e) => `${e.unit} stopped in ${e.province}: enemies hold ${e.before}.`,
  'air.support': (e) => `Your aircraft ${list(e.units)} flew ground support over ${e.province}.`,
  'air.intercepting': (e) => `Your aircraft ${e.unit} intercepted over ${e.province} (${e.enemies} enemy aircraft).`,
  'air.no-interception': (e) => `Your aircraft ${e.unit} found no enemy aircraft in range to intercept.`,
  'aircraft.rebased': (e) => `${e.unit} (${e.nation}) ${e.forced ? 'lost its base and ' : ''}rebased from ${e.from} to ${e.to}.`,
  'aircraft.lost': (e) => `${e.unit} (${e.nation}) lost its base in ${e.province} and had nowhere to rebase: destroyed.`,
  'battle.fought': (e) => battleSummary(e),
  'battle.heats': (e) => heatLines(e.rounds as HeatRecord[], e.officers as OfficerRecord[]).join('\n'),
  'unit.retreated': (e) => `${e.unit} (${e.nation}) retreated from ${e.from} to ${e.to}.`,
  'unit.destroyed': (e) => `${e.unit} (${e.nation}) had no friendly province to retreat to from ${e.province}: destroyed.`,
  'province.occupied': (e) => `${e.nation} occupied ${e.province}${e.from ? ` from ${e.from}` : ''}; it yields nothing this turn.`,
  ledger: (e) => {
    const l = e.ledger as { start: number; spent: number; income: number; total: number };
    return `Treasury: $${l.start} - $${l.spent} spent + $${l.income} income = $${l.total}.`;
  },
};

export function sentenceOf(event: GameEvent): string | undefined {
  return sentences[event.type]?.(event) ?? (typeof event.message === 'string' ? event.message : undefined);
}

function battleSummary(e: GameEvent): string {
  const sides = (e.sides as Array<{ nations: string[]; role: string; units: number; survived: number }>).map((s) => `${s.nations.join(' and ')} (${s.role}, ${s.survived} of ${s.units} left)`);
  const officers = (e.officers as Array<{ officer: string; promoted?: number; killed?: boolean }>).map((o) => (o.killed ? ` Officer ${o.officer} fell.` : ` Officer ${o.officer} was promoted to ${veterancyName(o.promoted!)}.`));
  return `Battle of ${e.place} (${e.kind}): ${sides.join(' against ')}; ${e.winner ? `${e.winner}'s army won` : 'no victor'}.${officers.join('')}`;
}

/** The report hooks: the public facts in a table, and every event in the sentences above. */
export const cnesReport: ReportHooks = {
  updateTable: (_ctx, view) => nationsTable(view, { provinces: 'Provinces', units: 'Units' }),
  battles: () => [],
  publicNews: (_ctx, view) => eventNews(view.events, sentenceOf),
  privateNews: (_ctx, view) => eventNews(view.events, sentenceOf),
  noOrders: (_ctx, _before, nations) => nations.map((id) => say`${nation(id)} sent no orders; its units held.`),
  turnMarks: () => ({ arrows: [], provinces: [] }),
};
