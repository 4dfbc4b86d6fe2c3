// Sentences for CNES events, public and private, so reports can say them in words: one function
// per event type. The battle's heats are written out roll by roll for the nations that fought.
import { eventNews, nation, nationNameOf, nationsTable, say, type GameEvent, type ReportHooks, type RulesetContext } from '../../engine/index.ts';
import { heatLines, veterancyName, type HeatRecord, type OfficerRecord } from '../../combat/cnes-heat/index.ts';

/** An event in words, given how to name a province and a nation. */
type Sentence = (e: GameEvent, place: Namer, nation: Namer) => string;
type Namer = (id: unknown) => string;

const list = (v: unknown) => (Array.isArray(v) ? v.join(', ') : String(v));

export const sentences: Record<string, Sentence> = {
  'relation.changed': (e, _p, w) => `${w(e.nation)} and ${w(e.with)} are now ${e.to === 'allied' ? 'allied' : e.to === 'war' ? 'at war' : 'at peace'}${e.why === 'entered' ? ` (${w(e.nation)} entered ${w(e.with)}'s territory)` : ''}.`,
  'alliance.proposed': (e, _p, w) => `${w(e.nation)} proposed an alliance to ${w(e.with)}; it holds once both name it.`,
  'razing.started': (e, p) => `Razing of ${e.what} in ${p(e.province)} began; it is done next turn unless stopped for $10.`,
  'razing.stopped': (e, p) => `Razing of ${list(e.what)} in ${p(e.province)} was stopped for $${e.cost}.`,
  'razing.completed': (e, p) => `The ${e.what} of ${p(e.province)} was razed.`,
  'province.improved': (e, p, w) => `${w(e.nation)} built ${e.improvement} in ${p(e.province)}.`,
  'unit.built': (e, p, w) => `${w(e.nation)} raised ${list(e.units)} (${e.unitKind}) in ${p(e.province)}.`,
  'unit.bought': (e, p) => `You bought ${e.count} ${e.unitKind} in ${p(e.province)} for $${e.cost}.`,
  'units.fortified': (e, p, w) => `${w(e.nation)}'s units in ${p(e.province)} dug in to level ${e.level}.`,
  'unit.moved': (e, p, w) => `${e.unit} (${w(e.nation)}) moved from ${p(e.from)} to ${p(e.to)}.`,
  'move.halted': (e, p) => `${e.unit} stopped in ${p(e.province)}: enemies hold ${p(e.before)}.`,
  'air.support': (e, p) => `Your aircraft ${list(e.units)} flew ground support over ${p(e.province)}.`,
  'air.intercepting': (e, p) => `Your aircraft ${e.unit} intercepted over ${p(e.province)} (${e.enemies} enemy aircraft).`,
  'air.no-interception': (e) => `Your aircraft ${e.unit} found no enemy aircraft in range to intercept.`,
  'aircraft.rebased': (e, p, w) => `${e.unit} (${w(e.nation)}) ${e.forced ? 'lost its base and ' : ''}rebased from ${p(e.from)} to ${p(e.to)}.`,
  'aircraft.lost': (e, p, w) => `${e.unit} (${w(e.nation)}) lost its base in ${p(e.province)} and had nowhere to rebase: destroyed.`,
  'battle.fought': (e, p, w) => battleSummary(e, p, w),
  'battle.heats': (e) => heatLines(e.rounds as HeatRecord[], e.officers as OfficerRecord[]).join('\n'),
  'unit.retreated': (e, p, w) => `${e.unit} (${w(e.nation)}) retreated from ${p(e.from)} to ${p(e.to)}.`,
  'unit.destroyed': (e, p, w) => `${e.unit} (${w(e.nation)}) had no friendly province to retreat to from ${p(e.province)}: destroyed.`,
  'province.occupied': (e, p, w) => `${w(e.nation)} occupied ${p(e.province)}${e.from ? ` from ${w(e.from)}` : ''}; it yields nothing this turn.`,
  ledger: (e) => {
    const l = e.ledger as { start: number; spent: number; income: number; total: number };
    return `Treasury: $${l.start} - $${l.spent} spent + $${l.income} income = $${l.total}.`;
  },
};

export function sentenceOf(event: GameEvent, place: Namer, nation: Namer): string | undefined {
  return sentences[event.type]?.(event, place, nation) ?? (typeof event.message === 'string' ? event.message : undefined);
}

/** Names for the sentences: provinces from the map, nations from game.yaml; anything else as it is. */
function inWords(ctx: RulesetContext): (event: GameEvent) => string | undefined {
  const place: Namer = (id) => (typeof id === 'string' && ctx.map.has(id) ? ctx.map.province(id).name : String(id));
  const who: Namer = (id) => nationNameOf(ctx, String(id));
  return (event) => sentenceOf(event, place, who);
}

function battleSummary(e: GameEvent, p: Namer, w: Namer): string {
  const sides = (e.sides as Array<{ nations: string[]; role: string; units: number; survived: number }>).map((s) => `${s.nations.map(w).join(' and ')} (${s.role}, ${s.survived} of ${s.units} left)`);
  const officers = (e.officers as Array<{ officer: string; promoted?: number; killed?: boolean }>).map((o) => (o.killed ? ` Officer ${o.officer} fell.` : ` Officer ${o.officer} was promoted to ${veterancyName(o.promoted!)}.`));
  return `Battle of ${p(e.place)} (${e.kind}): ${sides.join(' against ')}; ${e.winner ? `${w(e.winner)}'s army won` : 'no victor'}.${officers.join('')}`;
}

/** The report hooks: the public facts in a table, and every event in the sentences above. */
export const cnesReport: ReportHooks = {
  updateTable: (_ctx, view) => nationsTable(view, { provinces: 'Provinces', units: 'Units' }),
  battles: () => [],
  publicNews: (ctx, view) => eventNews(view.events, inWords(ctx)),
  privateNews: (ctx, view) => eventNews(view.events, inWords(ctx)),
  noOrders: (_ctx, _before, nations) => nations.map((id) => say`${nation(id)} sent no orders; its units held.`),
  turnMarks: () => ({ arrows: [], provinces: [] }),
};
